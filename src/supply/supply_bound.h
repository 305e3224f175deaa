/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_bound: lower bounds printed beside results as self-checks.
 *
 * Unserved orders: the orders of a scope that can be served at all within plant capacity is at
 * most the maximum flow of source -> order class -> (plant, ship day) -> sink, where an order
 * class groups the orders with the same allowed plants and ship window (arc capacity: the class
 * size), and a (plant, day) arc to the sink carries the capacity left that day. Lane weight caps
 * are left out (a relaxation), so n - maxflow is a lower bound on the unserved orders of any plan.
 * The flow itself (orders of each class per (plant, day)) is returned for constructing a plan.
 *
 * Cost: when every order is served, no plan costs less than the sum over orders of the cheapest
 * WC + the lowest transport charge any of its routes can have (supply_lane_charge_lower).
 */
#ifndef AR_SUPPLY_BOUND_H
#define AR_SUPPLY_BOUND_H

#include "supply_plan.h"

typedef struct {
  int64_t max_served;   /* maximum flow */
  int64_t min_unserved; /* scope orders - max_served */
  int32_t no_route;     /* orders with no route option at all */
  int32_t n_classes;
  int32_t *order_class; /* [scope n] class of each order (-1: no route) */
  int32_t *class_size;  /* [n_classes] */
  /* Flow per class to (plant, day) slots: CSR arc_start[n_classes + 1], arc_slot (plant * ndays +
   * day - day0) and arc_flow. */
  int64_t *arc_start;
  int32_t *arc_slot;
  int32_t *arc_flow;
} supply_flow;

/* Computes the bound (and the flow) for the scope (Dinic's algorithm). AR_ERR_NOMEM. */
ar_status supply_flow_bound(const supply_scope *sc, supply_flow *f);
void supply_flow_free(supply_flow *f);

/* A lower bound on the served cost (WC + TC) of any plan of the scope that serves `served`
 * orders within plant capacity: the Lagrangian dual of the transportation problem orders ->
 * (plant, day) slots with per-order costs WC + the lowest transport charge, maximised by
 * subgradient steps (Polyak's rule towards upper, the best cost known). The relaxation is a
 * transportation problem, so the dual optimum equals its integer optimum; the subgradient gets
 * close to it in `iterations` steps (every dual point is a valid bound). Returns -inf when it
 * cannot say anything (no scope, capacity off). Allocation failure: AR_ERR_NOMEM. */
ar_status supply_capacity_cost_bound(const supply_scope *sc, int64_t served, double upper,
                                     int iterations, double *bound);

/* Each scope order's distinct plants, and at each the least WC + transport charge of its routes
 * there over its window's days (supply_lane_bound.h: the cheapest its lane could ever give it),
 * and the rebate a bound built on them must take off. */
typedef struct {
  int64_t *start; /* [scope n + 1] */
  int32_t *plant;
  double *cost;
  double rebate;
} supply_order_costs;
/* Each order's cheapest cost per option of the scope. AR_ERR_NOMEM. */
ar_status supply_order_costs_build(const supply_scope *sc, supply_order_costs *oc);
void supply_order_costs_free(supply_order_costs *oc);
/* The sum of the `served` smallest per-order minima of oc (orders without a route left out),
 * minus the rebate; AR_ERR_INTERNAL when fewer orders have a route. */
ar_status supply_order_costs_cheapest(const supply_order_costs *oc, int32_t n, int64_t served,
                                      double *sum);

/* The min-cost-flow bound (supply_mincost.c): the least WC + TC of any plan of the scope that
 * serves exactly `served` orders (at most supply_flow's max_served) within plant capacity per
 * ship day and the ship windows, each served order at its cost in supply_order_costs (lane caps
 * and the lane-day interactions of transport costs relaxed). Exact for that relaxation:
 * successive shortest paths, costs rounded down to nano-dollars (coarser only
 * if sums could overflow). Without capacity: the `served`
 * cheapest orders. lim (NULL: none): a deadline, the ar_clock_elapsed() second (ar_clock.h) past
 * which the computation is given up, *bound left at -inf (0: none; `solve --time` gives the bound
 * a share of a month's time, docs/cli.md "The time budget"), and progress reports of the orders
 * placed so far (10 s for a month of 100,000 orders here). AR_ERR_NOMEM; AR_ERR_INTERNAL when
 * `served` orders do not fit or a self-check fails. */
typedef struct {
  double deadline;
  void (*work)(void *arg, int64_t placed, int64_t served); /* every few dozen orders; may be NULL */
  void *work_arg;
} supply_bound_limits;
ar_status supply_mincost_bound(const supply_scope *sc, int64_t served,
                               const supply_bound_limits *lim, double *bound);
#define SUPPLY_BOUND_METHOD "min-cost-flow"

/* Lower bounds when every order of the scope is served: on WC alone, and on WC + TC. */
void supply_cost_lower_bound(const supply_scope *sc, double *wc_bound, double *cost_bound);

#endif
