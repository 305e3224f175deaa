/* SPDX-License-Identifier: BSD-3-Clause */
/* road_legs: the road path behind one entry of the stop-to-stop matrix.
 *
 * A search settles nodes in the same order whatever its targets (they only decide when it
 * stops), so the path found here from a to b is exactly the one behind the matrix row of a:
 * same predecessor arcs, same cost. This is how a stops file's answer expands into roads
 * without storing n x n paths.
 * Failures: none beyond those of the arguments (see road_leg_path).
 */
#ifndef AR_ROAD_LEGS_H
#define AR_ROAD_LEGS_H

#include <stdint.h>

#include "road_graph.h"
#include "road_search.h"

/* Searches from a until b is settled (s: scratch of road_search_init for g->n nodes), and
 * returns the number of nodes on the path (a and b included; 1 when a == b), -1 when b is
 * unreachable. nodes[] and arcs[] (arcs may be NULL; it receives one arc fewer) are filled when
 * the path fits in cap nodes. *cost (may be NULL) = the path's exact cost. */
int64_t road_leg_path(const road_graph *g, road_cost cost, road_search *s, int32_t a, int32_t b,
                      int32_t *nodes, int64_t *arcs, int64_t cap, double *leg_cost);

#endif
