/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_estimate: what the engine will allocate on a rank, computed before it allocates anything.
 *
 * From the problem's shape alone (rows, options, solution_len, source_index_bytes of an
 * aco_problem whose callbacks need not exist yet) and the parameters, aco_engine_estimate()
 * adds up what aco_engine_create() and aco_engine_run() allocate: per local colony its
 * pheromone and choice matrices, its best, restart-best and source solutions, its ants'
 * solutions and the source index; per rank eta^beta, the sharing sums and the global best; the
 * epoch records and BSP rows, and on rank 0 the colony bests gathered at the end. Each block is
 * counted as the allocator hands it out (ar_alloc_footprint). The problem's own memory (its data,
 * each thread's scratch) is the problem kind's estimate (tour_estimate.h, supply_estimate.h).
 */
#ifndef AR_ACO_ESTIMATE_H
#define AR_ACO_ESTIMATE_H

#include <stddef.h>
#include <stdint.h>

#include "aco_params.h"
#include "problem.h"

typedef struct {
  int32_t local_colonies; /* colonies of this rank */
  uint64_t per_colony;    /* bytes of one colony */
  uint64_t pheromone;     /* of the colonies: pheromone and choice matrices */
  uint64_t ants;          /* of the colonies: the ants' solutions */
  uint64_t colonies;      /* all colonies of the rank (pheromone, ants, solutions, index) */
  uint64_t shared;        /* eta^beta, pheromone sharing sums, the global best */
  uint64_t records;       /* epoch records, BSP rows, rank 0's gathered colony bests */
  int64_t epochs;         /* epochs the records are counted for */
  uint64_t total;
} aco_estimate;

/* Bytes one allocation of `bytes` takes (ar_alloc_footprint: cache lines, size classes). */
uint64_t aco_estimate_block(uint64_t bytes);

/* The engine's need on rank `rank` of `ranks` (colonies in blocks as aco_block_of). A run limited
 * by time only is counted for the records' first allocation (64 epochs; they grow with the run).
 * Saturates at UINT64_MAX instead of overflowing. */
void aco_engine_estimate(const aco_problem *shape, const aco_params *par, int ranks, int rank,
                         aco_estimate *out);

/* a + b and a * b saturating at UINT64_MAX (for the problem kinds' estimates too). */
uint64_t aco_estimate_add(uint64_t a, uint64_t b);
uint64_t aco_estimate_mul(uint64_t a, uint64_t b);

#endif
