/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_evaluate: `antroute evaluate ROADS.h5 RESULTS.h5` of road networks: a road tour's
 * route recomputed from the road network alone (node ids to nodes, each step an arc in its
 * direction, lengths and times summed) and compared with what the results say. */
#ifndef AR_WING_ROAD_EVALUATE_H
#define AR_WING_ROAD_EVALUATE_H

#include "wing.h"

/* Its run fails with AR_ERR_INFEASIBLE when a step of the route is not an arc of the network
 * (a one-way street driven the wrong way, a node the network lacks) or the totals differ,
 * AR_ERR_INPUT for a file that is not what it should be, AR_ERR_NOMEM. */
extern const wing_evaluate wing_road_evaluate;

#endif
