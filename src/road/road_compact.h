/* SPDX-License-Identifier: BSD-3-Clause */
/* road_compact: a copy of a road graph laid out for fast one-to-many searches (the matrix).
 *
 * Why: on a network of a million nodes a search is limited by memory, not arithmetic. This copy
 * (1) renumbers the nodes along a Hilbert curve over their coordinates (a breadth-first order
 * when the graph has none), so nodes near each other on the map sit near each other in memory
 * and the search front touches few cache lines; (2) keeps each arc's head and weight of one cost
 * side by side, one memory stream instead of two. The weights are the graph's own float64
 * values, copied bit for bit, and a shortest-path distance does not depend on node numbers or
 * arc order (Dijkstra's distance of a node is the least left-to-right sum over its paths), so
 * costs computed on the copy are exactly those computed on the graph.
 * Failures: road_compact_build returns AR_ERR_NOMEM (c is then empty); the rest cannot fail.
 */
#ifndef AR_ROAD_COMPACT_H
#define AR_ROAD_COMPACT_H

#include <stdint.h>

#include "ar_error.h"
#include "road_graph.h"

typedef struct {
  double w;     /* the arc's weight for the cost */
  int32_t head; /* the new number of its head */
  int32_t pad;
} road_compact_arc;

typedef struct {
  int32_t n;
  int64_t m;
  int64_t *offsets;      /* [n+1] by new number */
  road_compact_arc *arc; /* [m] */
  int32_t *new_of;       /* [n] the new number of each node of the graph */
} road_compact;

/* The copy of g for cost (weights road_graph_weights(g, cost)). Takes O(n log n + m) time and
 * 24 bytes per node plus 16 per arc. */
ar_status road_compact_build(const road_graph *g, road_cost cost, road_compact *c);

void road_compact_free(road_compact *c);

#endif
