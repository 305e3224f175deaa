/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_testdata: a synthetic checkpoint state for the checkpoint tests and benchmark.
 *
 * Fields (C colonies, R rows, K options), contents derived from (seed, epoch, iteration) and each
 * element's global index, so any rank can fill or check its own block without communication:
 *   /colonies/pheromone  float32 [C][R][K]  distributed
 *   /colonies/best_tour  int32   [C][R]     distributed, one buffer per colony (colony_rows)
 *   /colonies/best_cost  float64 [C]        distributed
 *   /global/best_tour    int32   [R]        replicated
 *   /global/rng          uint64  [4]        replicated
 * Scalars: seed (integer), best_cost (real).
 */
#ifndef AR_CKPT_TESTDATA_H
#define AR_CKPT_TESTDATA_H

#include <mpi.h>
#include <stdint.h>

#include "ckpt.h"

enum { TESTDATA_FIELDS = 5, TESTDATA_SCALARS = 2 };

typedef struct {
  ckpt_field fields[TESTDATA_FIELDS];
  ckpt_scalar scalars[TESTDATA_SCALARS];
  ckpt_part part;
  ckpt_state state;
  uint64_t colonies, rows, options;
  void **rows_of_colony; /* /colonies/best_tour: one allocation per local colony */
  uint64_t row_bytes;
} testdata;

/* Allocates the fields for this rank's block [first, first+count) (zeroed). */
int testdata_init(testdata *t, uint64_t colonies, uint64_t rows, uint64_t options, hsize_t first,
                  hsize_t count);
/* Fills the block with the values of (seed, epoch, iteration); sets epoch, iteration, scalars. */
void testdata_fill(testdata *t, uint64_t seed, int64_t epoch, int64_t iteration);
/* Zeroes the data and scalars (before a read). */
void testdata_clear(testdata *t);
/* Number of elements of this rank's block that differ from the values of (seed, epoch,
 * iteration), scalars included (0: bit-identical). */
uint64_t testdata_mismatches(const testdata *t, uint64_t seed);
void testdata_free(testdata *t);

/* A fresh, empty directory AR_BUILD_DIR/tests/ckpt/tmp/<name> (rank 0 creates it; collective). */
void testdata_dir(const char *name, MPI_Comm comm, char *dir, size_t cap);

#endif
