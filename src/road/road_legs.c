/* SPDX-License-Identifier: BSD-3-Clause */
/* road_legs: one leg's path, recomputed exactly (see road_legs.h). */
#include "road_legs.h"

int64_t road_leg_path(const road_graph *g, road_cost cost, road_search *s, int32_t a, int32_t b,
                      int32_t *nodes, int64_t *arcs, int64_t cap, double *leg_cost) {
  road_search_run_to(s, g, road_graph_weights(g, cost), a, b);
  if (leg_cost) *leg_cost = road_search_dist(s, b);
  return road_search_path(s, g, b, nodes, arcs, cap);
}
