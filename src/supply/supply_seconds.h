/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_seconds: how long the steps of an order-routing solve around its searches take,
 * estimated before any of them runs, so that `solve --time T` can plan (docs/cli.md, "The time
 * budget"): each month's first plans (its scope, the max-flow bound, the greedy plan) and checking
 * and writing the whole plan. A model of the work ((order, route) pairs, orders) with constants
 * measured on a 2-core machine with a third more, so rather long than short. The months'
 * min-cost-flow bounds are not modelled (their cost grows with the ship days and capacity in ways
 * the counts do not tell): under --time each gets a share of its month's time and is given up
 * past it (wing_supply_bound.h). Used for plans and refusals only, never for a result. Never
 * fails.
 */
#ifndef AR_SUPPLY_SECONDS_H
#define AR_SUPPLY_SECONDS_H

#include <stdint.h>

typedef struct {
  double first_plans; /* every month's scope, max-flow bound and greedy plan */
  double write;       /* the final check of the whole plan and the results file */
} supply_seconds;

/* For `orders` orders with `pairs` (order, route) pairs, whose colonies' first plans take
 * `rounds` turns on a rank's threads (ceil(colonies of the rank / threads)). */
void supply_seconds_estimate(int64_t orders, int64_t pairs, int rounds, supply_seconds *out);

#endif
