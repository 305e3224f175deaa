/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_block: which colonies each rank owns (contiguous blocks). */
#ifndef AR_ACO_BLOCK_H
#define AR_ACO_BLOCK_H

#include <stdint.h>

/* Colony block of a rank: [first, first + count). */
void aco_block_of(int32_t colonies, int ranks, int rank, int32_t *first, int32_t *count);
/* The rank that owns a colony. */
int aco_block_owner(int32_t colonies, int ranks, int32_t colony);

#endif
