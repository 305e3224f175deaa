/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_hilbert: positions along a Hilbert curve (see ar_hilbert.h). */
#include "ar_hilbert.h"

uint64_t ar_hilbert_index(uint32_t side, uint32_t x, uint32_t y) {
  uint64_t d = 0;
  for (uint32_t s = side / 2; s > 0; s /= 2) {
    uint32_t rx = (x & s) != 0, ry = (y & s) != 0;
    d += (uint64_t)s * s * ((3 * rx) ^ ry);
    if (ry == 0) { /* rotate the quadrant so the curve's pieces join */
      if (rx == 1) {
        x = side - 1 - x;
        y = side - 1 - y;
      }
      uint32_t t = x;
      x = y;
      y = t;
    }
  }
  return d;
}
