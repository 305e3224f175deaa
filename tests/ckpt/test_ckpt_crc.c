/* SPDX-License-Identifier: BSD-3-Clause */
/* The checkpoint CRC-32 (checkpoint/ckpt_crc.c, with the carry-less multiplication kernel of
 * ckpt_crc_x86.c where the processor has it) equals zlib's crc32() for every length from 0 to
 * 600 bytes at every alignment of a 16-byte block, for large buffers (threaded and not), for
 * CRCs continued from a previous value, and for the combination of pieces. */
#include <stdlib.h>
#include <zlib.h>

#include "ckpt_crc.h"
#include "ckpt_crc_x86.h"
#include "test_util.h"

static uint32_t zlib_crc(const unsigned char *p, size_t len) {
  uLong c = crc32(0L, Z_NULL, 0);
  while (len > 0) {
    uInt n = len > (1u << 30) ? (1u << 30) : (uInt)len;
    c = crc32(c, p, n);
    p += n;
    len -= n;
  }
  return (uint32_t)c;
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  const size_t big = (size_t)40 << 20;
  unsigned char *buf = malloc(big + 64);
  uint64_t x = 0x9e3779b97f4a7c15ULL;
  for (size_t i = 0; i < big + 64; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    buf[i] = (unsigned char)(x >> 24);
  }
  printf("carry-less multiplication kernel: %s\n",
         ckpt_crc_x86_available() ? "used" : "not available here (zlib only)");
  int bad = 0;
  for (size_t len = 0; len <= 600; len++)
    for (size_t off = 0; off < 16; off++)
      if (ckpt_crc32(buf + off, len) != zlib_crc(buf + off, len)) bad++;
  CHECK_EQ_INT(bad, 0);
  if (ckpt_crc_x86_available()) {
    bad = 0;
    for (size_t len = 64; len <= 1000; len += 7) {
      uint32_t prev = (uint32_t)len * 2654435761u; /* continue from some CRC */
      if (ckpt_crc_x86_update(prev, buf + 3, len) != (uint32_t)crc32(prev, buf + 3, (uInt)len))
        bad++;
    }
    CHECK_EQ_INT(bad, 0);
  }
  const size_t sizes[] = {(size_t)4 << 20, ((size_t)4 << 20) + 13, big + 5};
  for (int i = 0; i < 3; i++) {
    uint32_t want = zlib_crc(buf + 1, sizes[i]);
    CHECK_EQ_INT(ckpt_crc32(buf + 1, sizes[i]), want);
    size_t a = sizes[i] / 3;
    uint32_t joined = ckpt_crc32_combine(ckpt_crc32(buf + 1, a),
                                         ckpt_crc32(buf + 1 + a, sizes[i] - a), sizes[i] - a);
    CHECK_EQ_INT(joined, want);
  }
  printf("CRC-32 of 0-600 bytes at 16 alignments, continued CRCs, 4-40 MB buffers and combined "
         "pieces: as zlib\n");
  free(buf);
  return 0;
}
