/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_colony: one colony, an independent search with its own pheromone and best solution.
 *
 * A colony's whole state lives in the plain arrays and scalars below, so that a checkpoint can
 * write it and restore it bit for bit (the random streams are derived from counters, see
 * aco_rng.h, and need no saving):
 *
 *   state scalars  aco_colony_state s   (int64 and double fields only)
 *   tau            float32 [rows * options]   pheromone
 *   best           int32   [solution_len]     best solution so far      (cost in s.best_cost)
 *   restart_best   int32   [solution_len]     best since the last re-initialisation
 *   source         int32   [solution_len]     solution the ants modify next (the last deposit)
 *
 * MMAS with restarts also keeps the colony's first solution (first), which a restart makes the
 * source again; aco_colony_start sets it, before a checkpoint is restored too, so it is no state.
 *
 * Everything else is derived (choice, source_index: rebuilt by aco_colony_refresh()) or working
 * memory of one iteration (ants). The types are in aco_colony_state.h, which the steps of the
 * update (aco_pheromone.h, aco_mmas.h, aco_acs.h) share without depending on this module.
 */
#ifndef AR_ACO_COLONY_H
#define AR_ACO_COLONY_H

#include <stddef.h>
#include <stdint.h>

#include "aco_colony_state.h"
#include "aco_params.h"
#include "problem.h"

/* Whether the colony combines its improving ants each iteration (MMAS and problem.h: combine):
 * then the combination, not the iteration best, updates the bests and deposits. */
int aco_colony_combines(const aco_problem *p, const aco_params *par);
/* Whether the colony merges every ant into its best (MMAS and problem.h: merge): a child better
 * than the best becomes the best; the iteration best still deposits. */
int aco_colony_merges(const aco_problem *p, const aco_params *par);
/* Whether the colony restarts when it stalls (MMAS, --restart N > 0): its trails re-initialised
 * and its ants on its first solution again (aco_mmas.c); it then keeps that solution. */
int aco_colony_restarts(const aco_params *par);

/* Allocates a colony's arrays (ar_alloc). AR_ERR_NOMEM with the size on failure. */
ar_status aco_colony_alloc(aco_colony *c, const aco_problem *p, const aco_params *par,
                           int64_t colony);
void aco_colony_free(aco_colony *c);

/* Starts a colony from an initial solution: best = restart_best = source = init, trails at
 * their starting value. */
void aco_colony_start(aco_colony *c, const aco_problem *p, const aco_params *par,
                      const float *eta_beta, const aco_solution *init);

/* Rebuilds the derived arrays (choice from tau, source_index from source), after a start, a
 * restore from a checkpoint, or a change of source. */
void aco_colony_refresh(aco_colony *c, const aco_problem *p, const aco_params *par,
                        const float *eta_beta);

/* The trail update of one iteration, after the ants have built their solutions, in three steps
 * so that the element-wise middle can be shared out among threads (see aco_segment.c):
 *
 *   begin  finds the iteration best (lowest cost, then lowest ant index), updates the bests and
 *          decides the update (MMAS: bounds, which solution deposits, re-initialisation on
 *          stagnation; ACS: the local and global updates of the solutions' components);
 *   cells  the element-wise part on cells [lo, hi) of the matrix: evaporation (or the
 *          re-initialisation) and choice = tau^alpha eta^beta; any split gives the same values;
 *   end    the MMAS deposit (and the choice of the cells it changed), the next source and its
 *          index, the iteration count.
 *
 * When aco_colony_index_parts() is not 0 (MMAS on a problem that offers index parts, see
 * problem.h), a fourth step comes between begin and cells, and the deposit moves into cells:
 *
 *   index  parts 0 .. parts - 1 (any order, at once on several threads) copy the depositing
 *          solution into the next source and build its index; then index_close once;
 *   cells  also deposits on the cells [lo, hi) that the next source names (row by row);
 *   end    only the iteration's bookkeeping.
 *
 * The result is the same bits as evaporating, depositing, re-initialising and recomputing
 * choice one after the other over the whole matrix. `iteration` is the global iteration index.
 * begin, index_close and end run on one thread; index parts may run at once, and so may cells
 * calls for disjoint ranges. */
void aco_colony_update_begin(aco_colony *c, const aco_problem *p, const aco_params *par,
                             int64_t iteration);
void aco_colony_update_cells(aco_colony *c, const aco_problem *p, const aco_params *par,
                             const float *eta_beta, size_t lo, size_t hi);
int32_t aco_colony_index_parts(const aco_problem *p, const aco_params *par);
void aco_colony_update_index(aco_colony *c, const aco_problem *p, int32_t part, int32_t parts);
void aco_colony_update_index_close(aco_colony *c, const aco_problem *p);
void aco_colony_update_end(aco_colony *c, const aco_problem *p, const aco_params *par,
                           const float *eta_beta, int64_t iteration);

/* Replaces the colony's best, restart-best and source by sol when sol is strictly better than
 * the colony's best (migration at an epoch end). Returns 1 when it did. */
int aco_colony_adopt(aco_colony *c, const aco_problem *p, const aco_params *par,
                     const float *eta_beta, const aco_solution *sol);

#endif
