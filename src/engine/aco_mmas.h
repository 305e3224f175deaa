/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_mmas: the MAX-MIN Ant System's part of a colony's trail update (aco_colony.h): the trail
 * bounds, which solution deposits, re-initialisation on stagnation, and the deposit. None fails. */
#ifndef AR_ACO_MMAS_H
#define AR_ACO_MMAS_H

#include <stdint.h>

#include "aco_colony_state.h"
#include "aco_params.h"
#include "problem.h"

void aco_mmas_bounds(aco_colony *c, const aco_problem *p, const aco_params *par);
/* The iterations without improvement after which a colony with --restart starts again:
 * restart_iterations, or restart_descent times the iterations from its last (re)start to its
 * best since, whichever is more. */
int64_t aco_mmas_restart_stall(const aco_colony *c, const aco_params *par);
void aco_mmas_begin(aco_colony *c, const aco_problem *p, const aco_params *par,
                    const aco_solution *iteration_best, int64_t iteration);
/* Whether this update deposits row by row (the problem offers index parts and row components,
 * see problem.h): then, between begin and end, every part of aco_mmas_index_part (the next
 * source copied from the deposit, and its index), aco_mmas_index_close, and, after the
 * evaporation of cells [lo, hi), aco_mmas_deposit_rows on the same cells; end skips the deposit,
 * the copy and the index. Parts may run at once, and so may disjoint cell ranges. */
int aco_mmas_by_rows(const aco_problem *p, const aco_params *par);
void aco_mmas_index_part(aco_colony *c, const aco_problem *p, int32_t part, int32_t parts);
void aco_mmas_index_close(aco_colony *c, const aco_problem *p);
void aco_mmas_deposit_rows(aco_colony *c, const aco_problem *p, const aco_params *par,
                           const float *eta_beta, size_t lo, size_t hi);
void aco_mmas_end(aco_colony *c, const aco_problem *p, const aco_params *par, const float *eta_beta,
                  int64_t iteration);

#endif
