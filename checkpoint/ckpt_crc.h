/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_crc: CRC-32 checksums of checkpoint datasets that do not depend on the layout.
 *
 * A dataset's checksum is the CRC-32 (zlib's, the one of gzip and PNG: `zlib.crc32()` in Python)
 * of all its bytes in global row-major order, whatever the number of ranks that wrote or read
 * it. Each rank computes the CRC of the block it holds; the blocks' CRCs are combined in order of
 * their offsets with zlib's crc32_combine(), which needs only each block's CRC and length.
 */
#ifndef AR_CKPT_CRC_H
#define AR_CKPT_CRC_H

#include <mpi.h>
#include <stdint.h>

#include "ar_error.h"

/* CRC-32 of len bytes (0 for len 0). Large buffers are split across the OpenMP threads of the
 * calling rank and the pieces combined, so the result is the same as a sequential CRC. */
uint32_t ckpt_crc32(const void *data, uint64_t len);

/* Runs work(arg) on the calling thread while the other OpenMP threads of the rank compute the
 * CRC-32 of data (so a write hides the checksum's cost), and returns the CRC. With one thread,
 * or a small buffer, the two run one after the other. work may call MPI and HDF5: it runs on the
 * thread that called this function (the master thread of the team). */
uint32_t ckpt_crc32_overlap(const void *data, uint64_t len, void (*work)(void *), void *arg);

/* The CRC of A followed by B, given crc(A), crc(B) and the length of B. */
uint32_t ckpt_crc32_combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b);

/* Collective over comm: each rank gives its block of a byte string of `total` bytes (offset,
 * length, CRC of the block); every rank receives the CRC of the whole string in *whole. Blocks
 * may come in any rank order; empty blocks are ignored. Fails with AR_ERR_INTERNAL (naming
 * `what`) when the blocks leave a gap, overlap or do not add up to total, AR_ERR_MPI when the
 * exchange fails. */
ar_status ckpt_crc_combine_blocks(uint64_t offset, uint64_t len, uint32_t crc, uint64_t total,
                                  MPI_Comm comm, const char *what, uint32_t *whole);

#endif
