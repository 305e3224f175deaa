/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_month: one calendar month of order routing as a phase of the solve driver (the
 * callbacks of wing_solve.h for phases; state is the kind's supply_state). */
#ifndef AR_WING_SUPPLY_MONTH_H
#define AR_WING_SUPPLY_MONTH_H

#include "wing_supply_state.h"

/* The least time a month's engine gets under --time, even when the budget is spent (its first
 * plans are made whatever the budget; the plan of --time counts them: wing_supply_solve.c). */
#define SUPPLY_MONTH_LEAST_SECONDS 0.01

/* The turns a rank's threads take to make its colonies' first plans (ceil(colonies of the rank /
 * threads)): what the time plan and the first plans' local search divide by. */
int wing_supply_colony_rounds(const solve_run *run);

/* The month's scope, problem, time share and bound. AR_ERR_NOMEM, AR_ERR_MPI (the bound's
 * agreement); the same status on every rank. */
ar_status wing_supply_month_begin(void *state, const solve_run *run, int32_t phase, aco_params *par,
                                  const aco_problem **problem);
/* The month's information line on rank 0 (unless quiet). Never fails. */
ar_status wing_supply_month_started(void *state, const solve_run *run, int32_t phase,
                                    aco_engine *e);
void wing_supply_month_progress(void *state, const solve_run *run, int32_t phase,
                                const aco_engine *e, int final, char *line, size_t cap);
/* Fixes the month's verified best plan and keeps its figures. AR_ERR_NOMEM (the convergence trace,
 * the timings), AR_ERR_MPI. */
ar_status wing_supply_month_end(void *state, const solve_run *run, int32_t phase, aco_engine *e);
void wing_supply_month_free(void *state);

#endif
