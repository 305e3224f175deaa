/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_result: what `antroute solve` found for a supply-chain network, month by month, as it is
 * written to the results file (io/supply/h5res_supply.c, docs/formats.md "Results file: supply
 * chain").
 */
#ifndef AR_SUPPLY_RESULT_H
#define AR_SUPPLY_RESULT_H

#include <stdint.h>

#include "supply_check.h"
#include "supply_month.h"

typedef struct {
  int32_t year, month, orders;
  int64_t min_unserved;        /* max-flow bound for the month */
  double lower_wc, lower_cost; /* cost lower bounds if every order were served */
  double lower_served_cost;    /* lower bound on WC + TC when serving as many orders as the plan
                                  within capacity (Lagrangian); -inf when not computed */
  double lower_bound;          /* min-cost-flow bound on WC + TC of any plan of the month that
                                  serves max-flow many orders (supply_mincost_bound); -inf when
                                  not computed */
  double bound_seconds;        /* wall time of lower_bound (informative) */
  supply_totals tot;           /* the month's orders, from the final from-scratch check */
  int64_t iterations, epochs;  /* engine iterations and epochs run for the month */
  double seconds;              /* wall time of the month (initial solutions included) */
  int32_t best_colony;
  int64_t best_iteration; /* -1: the initial solution was never beaten */
  char stopped_by[16];    /* "time", "iterations", "requested", "gap" */
  /* BSP split of the month per rank: seconds building ants, updating trails, exchanging at
   * epoch ends, and in total (every rank holds every row). */
  int32_t ranks;
  double *rank_seconds; /* [ranks][4] */
  /* Convergence: one entry per epoch end where the best improved. */
  int64_t n_trace;
  double *trace_time; /* seconds since the month's search started */
  int64_t *trace_iteration;
  double *trace_key[2]; /* the first two goals of the goal order */
} supply_month_result;

typedef struct {
  supply_assign plan; /* network-wide plan */
  int8_t *reason;     /* [n_orders] supply_reason (0 = served) */
  int32_t *month_of;  /* [n_orders] month index */
  int32_t n_months;
  supply_month_result *months;
  supply_check_result check; /* the whole plan checked from scratch, with per-order parts */
} supply_result;

/* Zeroed results for n_orders orders and the months of mo. AR_ERR_NOMEM. */
ar_status supply_result_init(supply_result *r, int32_t n_orders, const supply_months *mo);
void supply_result_free(supply_result *r);

#endif
