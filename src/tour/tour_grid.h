/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_grid: a uniform grid over the points of a coordinate instance (all nodes, or a subset) and
 * exact nearest-neighbour queries on it, by Euclidean distance in coordinate space; ties by node
 * index. The candidate lists (tour_candidates.c) and the greedy first tour's joining of path
 * ends (tour_greedy.c) use it. */
#ifndef AR_TOUR_GRID_H
#define AR_TOUR_GRID_H

#include <stdint.h>

#include "ar_error.h"
#include "tour_net.h"

typedef struct {
  int32_t gx, gy;
  double minx, miny, cw, ch;
  int32_t *start; /* [gx*gy + 1] */
  int32_t *items; /* [points] node ids by cell, each cell in the order the points were given */
} tour_grid;

/* A point found by a query: its squared Euclidean distance and its node. */
typedef struct {
  double eu2;
  int32_t node;
} tour_grid_hit;

/* A grid of about two points per cell over nodes[0..m) (nodes NULL: every node of t, m = t->n).
 * AR_ERR_NOMEM; free with tour_grid_free either way. */
ar_status tour_grid_build(const tour_net *t, const int32_t *nodes, int32_t m, tour_grid *g);
void tour_grid_free(tour_grid *g);

/* The `want` points of the grid nearest to node i (i excluded, whether in the grid or not),
 * sorted by (eu2, node), into list; returns how many (fewer when the grid has fewer). */
int32_t tour_grid_nearest(const tour_net *t, const tour_grid *g, int32_t i, int32_t want,
                          tour_grid_hit *list);

#endif
