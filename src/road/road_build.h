/* SPDX-License-Identifier: BSD-3-Clause */
/* road_build: a road graph from a list of arcs, and a graph restricted to some of its nodes.
 *
 * Importers collect arcs in any order (road_arcs_add) and turn them into CSR form
 * (road_build_csr): a stable counting sort by tail, so the arcs of a node keep the order in
 * which they were added, and the same input always gives the same graph. Self-loops are dropped
 * (they never shorten a path). Failures: AR_ERR_NOMEM naming what was being built.
 */
#ifndef AR_ROAD_BUILD_H
#define AR_ROAD_BUILD_H

#include <stdint.h>

#include "ar_error.h"
#include "road_graph.h"

typedef struct {
  int64_t count, cap;
  int32_t *tail, *head;
  double *metres, *seconds;
} road_arcs;

/* Appends one arc (grows the arrays geometrically). AR_ERR_NOMEM. */
ar_status road_arcs_add(road_arcs *arcs, int32_t tail, int32_t head, double metres, double seconds);
void road_arcs_free(road_arcs *arcs);

/* g = the graph of n nodes holding the arcs (all tails and heads in 0..n-1), with coordinate
 * arrays allocated when with_coords; node_id, lat and lon are left for the caller to fill.
 * AR_ERR_NOMEM. */
ar_status road_build_csr(const road_arcs *arcs, int32_t n, int with_coords, road_graph *g);

/* out = g restricted to the nodes with keep[u] != 0 (in their order; arcs whose ends are both
 * kept, in their order). *map, when not NULL, receives a malloc'ed array [g->n]: the new index
 * of each old node, -1 for a dropped one. AR_ERR_NOMEM. */
ar_status road_graph_restrict(const road_graph *g, const uint8_t *keep, road_graph *out,
                              int32_t **map);

#endif
