/* SPDX-License-Identifier: BSD-3-Clause */
/* road_route: a tour expanded into its road path (see road_route.h). */
#include "road_route.h"

#include <stdlib.h>
#include <string.h>

#include "road_search.h"

void road_route_free(road_route *r) {
  free(r->node);
  free(r->leg_offset);
  free(r->leg_metres);
  free(r->leg_seconds);
  free(r->leg_cost);
  memset(r, 0, sizeof *r);
}

/* Room for need more nodes (and arcs) after the r->nodes already there. */
static ar_status reserve(road_route *r, int64_t *cap, int64_t need, int64_t **arcs) {
  if (r->nodes + need <= *cap) return AR_OK;
  int64_t grown = 2 * (r->nodes + need);
  int32_t *node = realloc(r->node, (size_t)grown * sizeof *node);
  if (node) r->node = node;
  int64_t *arc = realloc(*arcs, (size_t)grown * sizeof *arc);
  if (arc) *arcs = arc;
  if (!node || !arc)
    return ar_fail(AR_ERR_NOMEM, "out of memory for a route of %lld nodes", (long long)grown);
  *cap = grown;
  return AR_OK;
}

/* Appends the leg from a to b (the search s already ran from a to b). */
static ar_status append_leg(road_route *r, const road_graph *g, road_search *s, int32_t k,
                            int32_t b, int64_t *cap, int64_t **arcs) {
  int64_t len = road_search_path(s, g, b, NULL, NULL, 0);
  if (len < 1)
    return ar_fail(AR_ERR_INPUT,
                   "leg %d of the route: the next stop is not reachable on this "
                   "road network",
                   (int)k);
  ar_status st = reserve(r, cap, len, arcs);
  if (st != AR_OK) return st;
  /* The leg's first node is the previous leg's last one: it overwrites it. */
  int64_t at = r->nodes == 0 ? 0 : r->nodes - 1;
  road_search_path(s, g, b, r->node + at, *arcs + at, len);
  r->leg_offset[k] = at;
  r->nodes = at + len;
  r->leg_offset[k + 1] = r->nodes - 1;
  double metres = 0, seconds = 0;
  for (int64_t i = at; i < at + len - 1; i++) {
    metres += g->metres[(*arcs)[i]];
    seconds += g->seconds[(*arcs)[i]];
  }
  r->leg_metres[k] = metres;
  r->leg_seconds[k] = seconds;
  r->leg_cost[k] = road_search_dist(s, b);
  r->metres += metres;
  r->seconds += seconds;
  return AR_OK;
}

ar_status road_route_build(const road_graph *g, road_cost cost, const int32_t *stop_node,
                           const int32_t *order, int32_t n, road_route *r) {
  memset(r, 0, sizeof *r);
  r->legs = n;
  r->leg_offset = calloc((size_t)n + 1, sizeof *r->leg_offset);
  r->leg_metres = calloc((size_t)n, sizeof *r->leg_metres);
  r->leg_seconds = calloc((size_t)n, sizeof *r->leg_seconds);
  r->leg_cost = calloc((size_t)n, sizeof *r->leg_cost);
  road_search s;
  ar_status st = r->leg_offset && r->leg_metres && r->leg_seconds && r->leg_cost
                     ? road_search_init(&s, g->n)
                     : ar_fail(AR_ERR_NOMEM, "out of memory for a route of %d legs", (int)n);
  if (st != AR_OK) {
    road_route_free(r);
    return st;
  }
  int64_t cap = 0, *arcs = NULL;
  const double *w = road_graph_weights(g, cost);
  for (int32_t k = 0; k < n && st == AR_OK; k++) {
    int32_t a = stop_node[order[k]], b = stop_node[order[(k + 1) % n]];
    road_search_run_to(&s, g, w, a, b);
    st = append_leg(r, g, &s, k, b, &cap, &arcs);
  }
  free(arcs);
  road_search_free(&s);
  if (st != AR_OK) road_route_free(r);
  return st;
}
