/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_block: contiguous blocks of colonies over ranks. */
#include "aco_block.h"

void aco_block_of(int32_t colonies, int ranks, int rank, int32_t *first, int32_t *count) {
  int64_t lo = (int64_t)colonies * rank / ranks;
  int64_t hi = (int64_t)colonies * (rank + 1) / ranks;
  *first = (int32_t)lo;
  *count = (int32_t)(hi - lo);
}

int aco_block_owner(int32_t colonies, int ranks, int32_t colony) {
  for (int r = 0; r < ranks; r++) {
    int32_t first, count;
    aco_block_of(colonies, ranks, r, &first, &count);
    if (colony >= first && colony < first + count) return r;
  }
  return -1;
}
