/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_estimate: the engine's memory on a rank before it is allocated (see aco_estimate.h). */
#include "aco_estimate.h"

#include "aco_block.h"
#include "aco_colony.h"
#include "aco_record.h"
#include "ar_alloc.h"

enum { RECORDS_FIRST_CAP = 64 }; /* engine_alloc's first allocation for a time-limited run */

uint64_t aco_estimate_add(uint64_t a, uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

uint64_t aco_estimate_mul(uint64_t a, uint64_t b) {
  return a != 0 && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

uint64_t aco_estimate_block(uint64_t bytes) {
  return bytes >= SIZE_MAX ? UINT64_MAX : (uint64_t)ar_alloc_footprint((size_t)bytes);
}

/* One colony: what aco_colony_alloc() takes. */
static uint64_t colony_bytes(const aco_problem *p, const aco_params *par, uint64_t *pheromone,
                             uint64_t *ants) {
  uint64_t cells = aco_estimate_mul((uint64_t)p->rows, (uint64_t)p->options);
  uint64_t len = (uint64_t)p->solution_len;
  *pheromone = aco_estimate_mul(2, aco_estimate_block(aco_estimate_mul(cells, sizeof(float))));
  *ants = aco_estimate_add(
      aco_estimate_block(aco_estimate_mul((uint64_t)par->ants, sizeof(aco_solution))),
      aco_estimate_block(aco_estimate_mul(aco_estimate_mul((uint64_t)par->ants, len), 4)));
  /* best, restart_best, source; with restarts also the first solution (aco_colony_restarts) */
  uint64_t solutions = aco_estimate_mul(aco_colony_restarts(par) ? 4 : 3,
                                        aco_estimate_block(aco_estimate_mul(len, 4)));
  uint64_t index = p->source_index_bytes ? aco_estimate_block(p->source_index_bytes) : 0;
  uint64_t combination = 0; /* aco_colony_combines: the combination, its work, ants by cost */
  if (par->algorithm == ACO_MMAS && p->combine_bytes > 0)
    combination = aco_estimate_add(aco_estimate_add(aco_estimate_block(aco_estimate_mul(len, 4)),
                                                    aco_estimate_block(p->combine_bytes)),
                                   aco_estimate_block(aco_estimate_mul((uint64_t)par->ants, 4)));
  uint64_t merging = 0; /* aco_colony_merges: the child and its work */
  if (par->algorithm == ACO_MMAS && p->merge_bytes > 0)
    merging = aco_estimate_add(aco_estimate_block(aco_estimate_mul(len, 4)),
                               aco_estimate_block(p->merge_bytes));
  uint64_t b = aco_estimate_add(*pheromone, *ants);
  b = aco_estimate_add(b, solutions);
  b = aco_estimate_add(b, merging);
  b = aco_estimate_add(b, index);
  b = aco_estimate_add(b, combination);
  return aco_estimate_add(b, sizeof(aco_colony));
}

void aco_engine_estimate(const aco_problem *p, const aco_params *par, int ranks, int rank,
                         aco_estimate *out) {
  int32_t first = 0, local = 0;
  aco_block_of(par->colonies, ranks > 0 ? ranks : 1, rank, &first, &local);
  out->local_colonies = local;
  uint64_t pheromone = 0, ants = 0;
  out->per_colony = colony_bytes(p, par, &pheromone, &ants);
  out->pheromone = aco_estimate_mul(pheromone, (uint64_t)local);
  out->ants = aco_estimate_mul(ants, (uint64_t)local);
  out->colonies = aco_estimate_mul(out->per_colony, (uint64_t)local);

  uint64_t cells = aco_estimate_mul((uint64_t)p->rows, (uint64_t)p->options);
  out->shared = aco_estimate_block(aco_estimate_mul(cells, sizeof(float)));
  if (par->share_every > 0)
    out->shared =
        aco_estimate_add(out->shared, aco_estimate_block(aco_estimate_mul(cells, sizeof(int64_t))));
  out->shared = aco_estimate_add(
      out->shared, aco_estimate_block(aco_estimate_mul((uint64_t)p->solution_len, 4)));

  /* Epoch records: every epoch an iteration-limited run will have, else the first allocation. */
  int64_t epochs = RECORDS_FIRST_CAP;
  if (par->iterations > 0 && par->epoch_iterations > 0)
    epochs = par->iterations / par->epoch_iterations + 2;
  out->epochs = epochs;
  uint64_t E = (uint64_t)epochs;
  uint64_t per_epoch = sizeof(aco_epoch_record) + ACO_BSP_FIELDS * sizeof(double) +
                       (uint64_t)local * sizeof(aco_cost);
  out->records = aco_estimate_mul(E, per_epoch);
  /* Rank 0 gathers every colony's best per epoch (twice, while reordering) and writes it. */
  if (rank == 0)
    out->records = aco_estimate_add(out->records,
                                    aco_estimate_mul(aco_estimate_mul(E, (uint64_t)par->colonies),
                                                     2 * sizeof(aco_cost) + sizeof(double)));
  /* The record of improvements (aco_improve.h); rank 0 gathers every rank's at the end. */
  const uint64_t improvements = ACO_IMPROVE_CAP * sizeof(aco_improvement);
  out->records = aco_estimate_add(out->records, improvements);
  if (rank == 0)
    out->records = aco_estimate_add(
        out->records, aco_estimate_mul((uint64_t)(ranks > 0 ? ranks : 1), improvements));
  out->total = aco_estimate_add(aco_estimate_add(out->colonies, out->shared), out->records);
}
