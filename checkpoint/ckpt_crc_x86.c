/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_crc_x86: CRC-32 by folding with carry-less multiplication.
 *
 * The method of Gopal et al., "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ
 * Instruction" (Intel, 2009), in the bit-reflected domain of the gzip polynomial 0x104C11DB7:
 * four 128-bit lanes are folded forward by 512 bits per 64-byte step (constants k1, k2), then
 * into one lane (k3, k4), reduced to 64 bits (k5) and to 32 bits by Barrett reduction (the
 * polynomial P' and mu'). Whole 16-byte blocks only; zlib finishes the tail, so the result is
 * zlib's crc32() bit for bit (tests/ckpt/test_ckpt_crc.c compares them).
 */
#include "ckpt_crc_x86.h"

#include <zlib.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

int ckpt_crc_x86_available(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
}

__attribute__((target("pclmul,sse4.1"))) static uint32_t fold(uint32_t crc, const unsigned char *p,
                                                              size_t len) {
  /* x^(512+64) mod P, x^512 mod P; x^(128+64), x^128; x^64; P' and mu' (bit-reflected, as 33-bit
   * values). */
  const __m128i k1k2 = _mm_set_epi64x(0x01c6e41596LL, 0x0154442bd4LL);
  const __m128i k3k4 = _mm_set_epi64x(0x00ccaa009eLL, 0x01751997d0LL);
  const __m128i k5 = _mm_set_epi64x(0, 0x0163cd6124LL);
  const __m128i poly = _mm_set_epi64x(0x01f7011641LL, 0x01db710641LL);
  const __m128i low32 = _mm_setr_epi32(~0, 0, ~0, 0);
  __m128i x1 = _mm_loadu_si128((const __m128i *)(const void *)(p + 0x00));
  __m128i x2 = _mm_loadu_si128((const __m128i *)(const void *)(p + 0x10));
  __m128i x3 = _mm_loadu_si128((const __m128i *)(const void *)(p + 0x20));
  __m128i x4 = _mm_loadu_si128((const __m128i *)(const void *)(p + 0x30));
  x1 = _mm_xor_si128(x1, _mm_cvtsi32_si128((int)crc));
  p += 64;
  len -= 64;
  for (; len >= 64; p += 64, len -= 64) {
    __m128i h1 = _mm_clmulepi64_si128(x1, k1k2, 0x11), l1 = _mm_clmulepi64_si128(x1, k1k2, 0x00);
    __m128i h2 = _mm_clmulepi64_si128(x2, k1k2, 0x11), l2 = _mm_clmulepi64_si128(x2, k1k2, 0x00);
    __m128i h3 = _mm_clmulepi64_si128(x3, k1k2, 0x11), l3 = _mm_clmulepi64_si128(x3, k1k2, 0x00);
    __m128i h4 = _mm_clmulepi64_si128(x4, k1k2, 0x11), l4 = _mm_clmulepi64_si128(x4, k1k2, 0x00);
    x1 = _mm_xor_si128(_mm_xor_si128(h1, l1),
                       _mm_loadu_si128((const __m128i *)(const void *)(p + 0x00)));
    x2 = _mm_xor_si128(_mm_xor_si128(h2, l2),
                       _mm_loadu_si128((const __m128i *)(const void *)(p + 0x10)));
    x3 = _mm_xor_si128(_mm_xor_si128(h3, l3),
                       _mm_loadu_si128((const __m128i *)(const void *)(p + 0x20)));
    x4 = _mm_xor_si128(_mm_xor_si128(h4, l4),
                       _mm_loadu_si128((const __m128i *)(const void *)(p + 0x30)));
  }
  /* Four lanes into one, then the remaining 16-byte blocks. */
  const __m128i next[3] = {x2, x3, x4};
  for (int i = 0; i < 3; i++) {
    __m128i h = _mm_clmulepi64_si128(x1, k3k4, 0x11), l = _mm_clmulepi64_si128(x1, k3k4, 0x00);
    x1 = _mm_xor_si128(_mm_xor_si128(h, l), next[i]);
  }
  for (; len >= 16; p += 16, len -= 16) {
    __m128i h = _mm_clmulepi64_si128(x1, k3k4, 0x11), l = _mm_clmulepi64_si128(x1, k3k4, 0x00);
    x1 = _mm_xor_si128(_mm_xor_si128(h, l), _mm_loadu_si128((const __m128i *)(const void *)p));
  }
  /* 128 bits to 64, then Barrett reduction to 32. */
  __m128i t = _mm_clmulepi64_si128(x1, k3k4, 0x10);
  x1 = _mm_xor_si128(_mm_srli_si128(x1, 8), t);
  t = _mm_srli_si128(x1, 4);
  x1 = _mm_xor_si128(_mm_clmulepi64_si128(_mm_and_si128(x1, low32), k5, 0x00), t);
  t = _mm_clmulepi64_si128(_mm_and_si128(x1, low32), poly, 0x10);
  t = _mm_clmulepi64_si128(_mm_and_si128(t, low32), poly, 0x00);
  x1 = _mm_xor_si128(x1, t);
  return (uint32_t)_mm_extract_epi32(x1, 1);
}

uint32_t ckpt_crc_x86_update(uint32_t crc, const unsigned char *p, size_t len) {
  const size_t blocks = len & ~(size_t)15;
  crc = ~fold(~crc, p, blocks);
  return len > blocks ? (uint32_t)crc32(crc, p + blocks, (uInt)(len - blocks)) : crc;
}

#else

int ckpt_crc_x86_available(void) { return 0; }

uint32_t ckpt_crc_x86_update(uint32_t crc, const unsigned char *p, size_t len) {
  return (uint32_t)crc32(crc, p, (uInt)len);
}

#endif
