/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_seconds: the time model of an order-routing solve's steps around its searches (see
 * supply_seconds.h). */
#include "supply_seconds.h"

/* One (order, route) pair of a month's first plans, measured on a synthetic year of 1.2 million
 * orders (100,000 a month, 422,000 pairs; quiet, 2026-12-08) with every month's share of --time
 * spent (what no clock stops): the month's own part (its scope, the max-flow bound 0.045-0.052 s,
 * the engine, the check of its best) some 0.12 s, 0.28 us a pair; a colony's (its greedy plan
 * 0.064-0.076 s and the one pass of local search that runs whatever its limit) some 0.21 s, 0.5
 * us a pair. With a third more, since a plan that refuses a budget the run would have met costs
 * less than a run that ends late. */
#define MONTH_PAIR_SECONDS  0.35e-6
#define COLONY_PAIR_SECONDS 0.65e-6
/* Checking and writing: 0.54 s for 1.2 million orders (the same year), 0.45 us an order. */
#define WRITE_FIXED_SECONDS 0.05
#define WRITE_ORDER_SECONDS 0.6e-6

void supply_seconds_estimate(int64_t orders, int64_t pairs, int rounds, supply_seconds *out) {
  if (rounds < 1) rounds = 1;
  out->first_plans = (MONTH_PAIR_SECONDS + COLONY_PAIR_SECONDS * rounds) * (double)pairs;
  out->write = WRITE_FIXED_SECONDS + WRITE_ORDER_SECONDS * (double)orders;
}
