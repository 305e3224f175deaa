/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_memory: the parts of the memory estimate of `antroute solve` (src/app/solve_memory.h), as a
 * kind adds them in its solve_kind.memory callback (wing_solve.h): the engine of the kind's biggest
 * phase (aco_estimate.h, from the phase's problem shape and the parameters) and the kind's own
 * parts (tour_estimate.h, supply_estimate.h), each with what to lower when it is the one that does
 * not fit. Nothing here allocates or fails.
 */
#ifndef AR_WING_MEMORY_H
#define AR_WING_MEMORY_H

#include <stdint.h>

#include "aco_params.h"
#include "problem.h"

enum { WING_MEMORY_PARTS = 8, WING_MEMORY_TEXT = 160 };

/* One term of the estimate, and what to lower when it is the one that does not fit. */
typedef struct {
  char what[WING_MEMORY_TEXT];
  uint64_t bytes;
  char advice[WING_MEMORY_TEXT];
} wing_memory_part;

typedef struct {
  wing_memory_part p[WING_MEMORY_PARTS];
  int n;
} wing_memory_parts;

/* Adds a part (none of 0 bytes; beyond WING_MEMORY_PARTS parts are dropped). */
void wing_memory_add(wing_memory_parts *m, uint64_t bytes, const char *advice, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Adds the engine's parts on this rank (rank of ranks) for a problem of this shape. */
void wing_memory_add_engine(wing_memory_parts *m, const aco_problem *shape, const aco_params *par,
                            int ranks, int rank);

/* The sum of the parts (saturating). */
uint64_t wing_memory_total(const wing_memory_parts *m);

#endif
