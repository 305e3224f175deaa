/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_uf: the root of a union-find forest (path halving), shared by the greedy first tour, the
 * bound's Boruvka rounds, the check of a stored spanning tree and the merge of two tours. Header
 * only: the network readers that use it link no other part of src/tour. */
#ifndef AR_TOUR_UF_H
#define AR_TOUR_UF_H

#include <stdint.h>

/* The root of v in the forest up[] (up[r] == r at a root), halving the path on the way. */
static inline int32_t tour_uf_find(int32_t *up, int32_t v) {
  while (up[v] != v) {
    up[v] = up[up[v]];
    v = up[v];
  }
  return v;
}

#endif
