/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_engine_ckpt_check: does a checkpoint's engine state agree with itself? (src/engine only)
 *
 * Checksums prove that a file is what its writer wrote; these checks prove that what was written
 * describes one state of one search, so that a writer's bug or a consistent forgery is refused
 * as damage too (docs/checkpoint.md, "Checks"): the epoch count against the iteration and the
 * epoch length, every colony's iteration count against the checkpoint's, indices and times in
 * range, trails finite and non-negative, the records in order with the last one holding the
 * global best, and every stored solution (each colony's best, restart-best and source, the
 * global best) valid and of the cost recorded beside it (the problem's own verify()).
 */
#ifndef AR_ACO_ENGINE_CKPT_CHECK_H
#define AR_ACO_ENGINE_CKPT_CHECK_H

#include <stdint.h>

#include "aco_engine_state.h"

/* The checkpoint's values as read, before they move into the engine (the trails and solutions
 * are read in place into the engine's colonies and e->best). */
typedef struct {
  int64_t iteration, epochs, epoch_iterations, best_colony, best_iteration;
  double best_time, elapsed;
  const aco_colony_state *colonies; /* [local]: each colony's scalars */
  const double *colony_log;         /* [local][E][3] */
  const aco_epoch_record *records;  /* [E] */
  const double *global_cost;        /* [3] */
} aco_ckpt_view;

/* AR_ERR_INPUT with "checkpoint: what disagrees" (ckpt_read() reports it as damage), AR_ERR_NOMEM
 * from a verify(). Local to the rank (its colonies); the caller agrees. */
ar_status aco_engine_ckpt_check(aco_engine *e, const aco_ckpt_view *v);

#endif
