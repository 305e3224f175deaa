/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_problem: order routing of one scope (a month) as an ACO problem (see problem.h).
 *
 * Rows are the scope's orders; the columns of order i are its route options x ship days of its
 * window, column = option * window_length + (day - first day). A solution is int32 [n]: each
 * order's column, or -1 when unserved. Its cost: key[0], key[1] = the first two goals of the goal
 * order (supply_model.h); value (the deposit scale) = the cost goal (USD, with the unserved
 * penalty), so that better plans deposit more.
 *
 * Heuristic: eta = 1 / (the option's static cost: warehouse cost, the lowest transport charge
 * its lane can have, and the weighted time and CO2), the same for every day of the window.
 *
 * Initial solution: supply_greedy (guided by the max-flow of supply_bound under plant capacity)
 * followed by a full local search. An ant copies the colony's source plan, takes out `rebuild`
 * random orders and puts each back on a column drawn from tau^alpha x eta^beta among the
 * feasible ones (unserved when none is), then improve() runs the local search on those orders
 * (supply_ls_rows). Everything an ant does depends only on the source and its random stream.
 *
 * The engine ranks solutions by the first two goals only; with more goals in the goal order,
 * later goals are used by the local search but not by the engine's choice of the best.
 */
#ifndef AR_SUPPLY_PROBLEM_H
#define AR_SUPPLY_PROBLEM_H

#include "problem.h"
#include "supply_bound.h"
#include "supply_plan.h"
#include "supply_solve.h"

typedef struct {
  int32_t rebuild;        /* orders an ant takes out and puts back */
  int32_t ls_passes;      /* relocate passes of an ant's local search */
  double initial_ls_time; /* seconds for the initial local search (0: until converged) */
} supply_problem_options;

supply_problem_options supply_problem_options_default(void);

typedef struct {
  const supply_scope *sc;
  const supply_assign *fixed; /* the other months' plan (for verify), may be NULL */
  supply_problem_options opt;
  supply_flow flow;
  double lower_wc, lower_cost; /* supply_cost_lower_bound */
} supply_problem;

/* The engine's view of the problem supply_problem_create() would build for the orders
 * orders[0..n) (network indices) of model m: rows, options (the widest order's route options x
 * ship days), solution_len; no callbacks, no data. For a memory estimate before anything is
 * allocated. */
void supply_problem_shape(const supply_model *m, const int32_t *orders, int32_t n,
                          aco_problem *shape);

/* Builds the problem of scope sc (computes the max-flow bound too). rp and sc must outlive
 * out. AR_ERR_NOMEM. */
ar_status supply_problem_create(const supply_scope *sc, const supply_assign *fixed,
                                const supply_problem_options *opt, supply_problem *rp,
                                aco_problem *out);
void supply_problem_free(supply_problem *rp);

/* Rebuilds plan p (of the problem's scope) from solution data (canonically: orders added in
 * index order). */
void supply_problem_plan_from(const supply_problem *rp, supply_plan *p, const int32_t *data);

/* The solution data of plan p. */
void supply_problem_data_from(const supply_problem *rp, const supply_plan *p, int32_t *data);

/* The engine cost of plan totals. */
aco_cost supply_problem_cost(const supply_config *cfg, const supply_totals *t);

#endif
