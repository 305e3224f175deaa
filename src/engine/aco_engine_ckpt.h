/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_engine_ckpt: the engine's state as a checkpoint part (the engine dumps and restores itself,
 * so no other file knows its layout; aco_engine_ckpt_table() declares the datasets, and
 * docs/formats.md's table "checkpoint:engine" is generated from it).
 *
 * What the part holds (C colonies, R pheromone rows, K options, L = solution length, E = epochs
 * completed):
 *   /colonies/pheromone      float32 [C][R][K]  each colony's trails
 *   /colonies/best           int32   [C][L]     each colony's best solution
 *   /colonies/restart_best   int32   [C][L]     best since its last trail re-initialisation
 *   /colonies/source         int32   [C][L]     the solution its ants modify next
 *   /colonies/NAME           [C] or [C][3]      one dataset per member of aco_colony_state:
 *                                               colony, iterations, best_iteration, ...,
 *                                               tau_max, tau_min, best_cost (key0, key1, value),
 *                                               restart_best_cost, source_cost (colony_members)
 *   /colonies/best_cost_log  float64 [C][E][3]  each colony's best cost at each epoch end
 *   /global/best             int32   [L]        the global best solution
 *   /global/best_cost        float64 [3]        its cost (key0, key1, value)
 *   /global/epochs/NAME      [E] or [E][3]      one dataset per member of aco_epoch_record:
 *                                               iteration, time, best_cost, best_colony
 * and the scalars best_colony, best_iteration, best_time, elapsed (seconds of search so far) and
 * epoch_iterations, with the checkpoint's epoch (= E) and iteration. Random streams are derived
 * from counters: nothing to save. A checkpoint taken at an iteration boundary where no mid-epoch
 * exchange has happened continues exactly as an uninterrupted run.
 */
#ifndef AR_ACO_ENGINE_CKPT_H
#define AR_ACO_ENGINE_CKPT_H

#include "aco_hooks.h" /* the aco_engine type */
#include "ckpt_field.h"
#include "h5field.h"

/* The part's datasets declared as an h5field table ("checkpoint:engine"), for `antroute formats`
 * and docs/formats.md: the datasets above, the records' from their member tables (made on the
 * first call; cannot fail). */
const h5field_table *aco_engine_ckpt_table(void);

/* The engine's checkpoint part (made on the first call, owned by the engine and freed with it).
 * Its stage() copies the state into the fields before a write; its restore() puts a checkpoint's
 * state into the engine after a read, checking it against itself (colony indices, epoch counts,
 * iterations per epoch: AR_ERR_INPUT, which ckpt_read() reports as damage). The colony block of
 * the part is the engine's (aco_engine_info: first_colony, local_colonies). AR_ERR_NOMEM. */
ar_status aco_engine_ckpt_part(aco_engine *e, ckpt_part **part);

/* Frees the part (aco_engine_free calls it). */
void aco_engine_ckpt_free(aco_engine *e);

#endif
