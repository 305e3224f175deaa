/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_crc_x86: CRC-32 (the zlib/gzip polynomial, bit-reflected) with carry-less multiplication
 * (PCLMULQDQ), for x86-64 processors that have it: the same values as zlib's crc32(), several
 * times faster (it folds 64 bytes per step instead of looking up tables byte by byte).
 * Internal to ckpt_crc.c. Cannot fail.
 */
#ifndef AR_CKPT_CRC_X86_H
#define AR_CKPT_CRC_X86_H

#include <stddef.h>
#include <stdint.h>

/* 1 when this processor runs ckpt_crc_x86_update (PCLMULQDQ and SSE4.1), else 0. */
int ckpt_crc_x86_available(void);

/* zlib's crc32(crc, p, len) for len >= 64; the caller checks ckpt_crc_x86_available() first. */
uint32_t ckpt_crc_x86_update(uint32_t crc, const unsigned char *p, size_t len);

#endif
