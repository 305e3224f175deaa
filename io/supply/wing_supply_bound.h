/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_bound: the month's min-cost-flow bound (every rank computes it), and --gap. */
#ifndef AR_WING_SUPPLY_BOUND_H
#define AR_WING_SUPPLY_BOUND_H

#include "wing_supply_state.h"

/* --gap needs a goal order whose second key is the cost (AR_ERR_USAGE otherwise). */
ar_status wing_supply_bound_usable(const supply_config *cfg, const param_set *ps);
/* The served cost (WC + TC) behind the engine's keys (unserved, second goal), or NaN when the goal
 * order does not say it. */
double wing_supply_bound_served_cost(const supply_config *cfg, double unserved, double second);
/* Under --time the month's bound may take this share of the month's time; past it the bound is
 * given up, for the months after it too (it only reports a gap: docs/cli.md, "The time budget"). */
#define SUPPLY_BOUND_SHARE 0.5

/* The bound of the month into mr (-inf: left out under --time, s->bound_given_up says since
 * when); collective. AR_ERR_NOMEM, AR_ERR_MPI (the same on every rank). */
ar_status wing_supply_bound_month(supply_state *s, const solve_run *run, supply_month_result *mr);
/* The month line's words on its bound: its value and time, or why it was left out. */
void wing_supply_bound_text(const supply_state *s, const solve_run *run,
                            const supply_month_result *mr, char *buf, size_t cap);
/* --gap G: the engine stops once the month's best is within G % of its bound. */
void wing_supply_bound_target(const supply_state *s, const solve_run *run,
                              const supply_month_result *mr, aco_params *par);
/* The gap of a month's best to its bound in percent; NaN when the best leaves more orders
 * unserved than the max flow or the goal order hides the cost. */
double wing_supply_bound_gap(const supply_state *s, const supply_month_result *mr,
                             const aco_cost *best);

#endif
