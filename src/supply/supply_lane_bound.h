/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_lane_bound: the least transport charge a lane-day can ask of an order, for lower bounds
 * (supply_bound.h).
 *
 * A lane-day's total weight W lies between the order's weight plus the fixed load of earlier
 * months and the most it can carry: that fixed load plus the weight of every order of the network
 * that may use the lane that day, at most the lane's cap. Only the bands that some W in that
 * range selects can price the order, so
 *   AIR     the least max(M_b, R_b w) over those bands (band basis "order": its own band);
 *   GROUND  its share R(W) w / W, at least the cheapest truck of those bands times w / Wmax; 0 on
 *           a lane-day with a fixed load (the truck may already be paid).
 * A scope's transport cost is what its orders add on top of the fixed loads, and a fuller lane-day
 * can lower what the fixed orders pay (a cheaper band, a shared truck): the rebate is the most
 * that could come back, over all lane-days with a fixed load, to be taken off a bound.
 * Heuristics keep using supply_lane_charge_lower (supply_model.h): this is for bounds only.
 */
#ifndef AR_SUPPLY_LANE_BOUND_H
#define AR_SUPPLY_LANE_BOUND_H

#include "supply_plan.h"

typedef struct {
  const supply_scope *sc;
  double *wmax; /* [lanes][scope days] */
} supply_lane_reach;

/* AR_ERR_NOMEM. */
ar_status supply_lane_reach_build(const supply_scope *sc, supply_lane_reach *r);
void supply_lane_reach_free(supply_lane_reach *r);

/* The least charge order k (network index) can pay on lane L on scope day d (0-based). */
double supply_lane_reach_charge(const supply_lane_reach *r, int32_t k, int32_t L, int32_t d);

/* The most the scope's orders can lower the cost of the fixed loads (>= 0; 0 without them). */
double supply_lane_reach_rebate(const supply_lane_reach *r);

#endif
