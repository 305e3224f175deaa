/* SPDX-License-Identifier: BSD-3-Clause */
/* road_route: a tour of stops expanded into the road path it drives: every leg's path recomputed
 * exactly as the stop-to-stop matrix found it (road_legs.h), joined end to end, with each leg's
 * length and time.
 * Failures: AR_ERR_NOMEM; AR_ERR_INPUT when a stop does not reach the next (a stops file that
 * does not belong to this road network).
 */
#ifndef AR_ROAD_ROUTE_H
#define AR_ROAD_ROUTE_H

#include <stdint.h>

#include "ar_error.h"
#include "road_graph.h"

typedef struct {
  int32_t legs;        /* = stops: the route returns to its first stop */
  int64_t nodes;       /* nodes on the path, the first stop's node at both ends */
  int32_t *node;       /* [nodes] road node rows */
  int64_t *leg_offset; /* [legs+1]: leg k is node[leg_offset[k]] .. node[leg_offset[k+1]] */
  double *leg_metres;  /* [legs] */
  double *leg_seconds; /* [legs] */
  double *leg_cost;    /* [legs] the exact (unrounded) cost of each leg in the chosen cost */
  double metres, seconds;
} road_route;

/* The route visiting stop_node[order[0]], stop_node[order[1]], ... and back to the first, each
 * leg the shortest path by cost (the one the matrix measured). n >= 1. *r is empty on failure;
 * free with road_route_free. */
ar_status road_route_build(const road_graph *g, road_cost cost, const int32_t *stop_node,
                           const int32_t *order, int32_t n, road_route *r);

void road_route_free(road_route *r);

#endif
