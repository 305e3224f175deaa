/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_candidates: each node's nearest neighbours, without an n x n array for coordinates.
 *
 * Coordinate instances: the points go into a uniform grid of about two points per cell; a
 * node's neighbours are found by searching rings of cells outward until no closer point can
 * remain. A few extra Euclidean neighbours are collected and then ordered by the instance's own
 * TSPLIB distance (ties by Euclidean distance, then index), which also covers ATT and GEO.
 * EXPLICIT instances read their matrix row (or column, for in-neighbours). */
#include "tour_candidates.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tour_work.h"

typedef struct {
  int64_t dist; /* TSPLIB distance */
  double eu2;   /* squared Euclidean distance in coordinate space */
  int32_t node;
} neighbour;

static int neighbour_less(const neighbour *a, const neighbour *b) {
  if (a->dist != b->dist) return a->dist < b->dist;
  if (a->eu2 != b->eu2) return a->eu2 < b->eu2;
  return a->node < b->node;
}

/* Inserts into a list kept sorted by (eu2, node), at most cap long. */
static void keep_nearest(neighbour *list, int32_t *count, int32_t cap, double eu2, int32_t node) {
  int32_t c = *count;
  if (c == cap && (eu2 > list[c - 1].eu2 || (eu2 == list[c - 1].eu2 && node > list[c - 1].node)))
    return;
  int32_t i = c < cap ? c : cap - 1;
  while (i > 0 && (list[i - 1].eu2 > eu2 || (list[i - 1].eu2 == eu2 && list[i - 1].node > node))) {
    list[i] = list[i - 1];
    i--;
  }
  list[i].eu2 = eu2;
  list[i].node = node;
  if (c < cap) *count = c + 1;
}

static void sort_by_distance(neighbour *list, int32_t count) {
  for (int32_t i = 1; i < count; i++) {
    neighbour x = list[i];
    int32_t j = i;
    while (j > 0 && neighbour_less(&x, &list[j - 1])) {
      list[j] = list[j - 1];
      j--;
    }
    list[j] = x;
  }
}

typedef struct {
  int32_t gx, gy;
  double minx, miny, cw, ch;
  int32_t *start; /* [gx*gy + 1] */
  int32_t *items; /* [n] node ids by cell */
} grid;

static int32_t cell_of(const grid *g, double v, double lo, double size, int32_t cells) {
  int32_t c = (int32_t)((v - lo) / size);
  return c < 0 ? 0 : (c >= cells ? cells - 1 : c);
}

static ar_status grid_build(const tour_net *t, grid *g) {
  int32_t n = t->n;
  double minx, maxx, miny, maxy;
  tour_net_bbox(t, &minx, &maxx, &miny, &maxy);
  double w = maxx - minx, h = maxy - miny;
  if (w <= 0) w = 1;
  if (h <= 0) h = 1;
  /* About two points per cell, cells as square as the bounding box allows. */
  double cells = n / 2.0 > 1 ? n / 2.0 : 1;
  double side = sqrt(w * h / cells);
  g->gx = (int32_t)fmin(fmax(ceil(w / side), 1), 4096);
  g->gy = (int32_t)fmin(fmax(ceil(h / side), 1), 4096);
  g->minx = minx;
  g->miny = miny;
  g->cw = w / g->gx * (1 + 1e-12);
  g->ch = h / g->gy * (1 + 1e-12);
  size_t ncell = (size_t)g->gx * g->gy;
  g->start = calloc(ncell + 1, sizeof(int32_t));
  g->items = malloc((size_t)n * sizeof(int32_t));
  int32_t *cell = malloc((size_t)n * sizeof(int32_t));
  if (!g->start || !g->items || !cell) {
    free(cell);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the neighbour grid (%d nodes)", n);
  }
  for (int32_t i = 0; i < n; i++) {
    cell[i] =
        cell_of(g, t->y[i], miny, g->ch, g->gy) * g->gx + cell_of(g, t->x[i], minx, g->cw, g->gx);
    g->start[cell[i] + 1]++;
  }
  for (size_t c = 0; c < ncell; c++)
    g->start[c + 1] += g->start[c];
  int32_t *fill = malloc((ncell + 1) * sizeof(int32_t));
  if (!fill) {
    free(cell);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the neighbour grid");
  }
  memcpy(fill, g->start, (ncell + 1) * sizeof(int32_t));
  for (int32_t i = 0; i < n; i++) /* increasing i: each cell lists nodes in index order */
    g->items[fill[cell[i]]++] = i;
  free(fill);
  free(cell);
  return AR_OK;
}

/* Nearest `want` nodes to i by Euclidean distance (i excluded), sorted by (eu2, node). */
static int32_t grid_nearest(const tour_net *t, const grid *g, int32_t i, int32_t want,
                            neighbour *list) {
  int32_t count = 0;
  int32_t cx = cell_of(g, t->x[i], g->minx, g->cw, g->gx);
  int32_t cy = cell_of(g, t->y[i], g->miny, g->ch, g->gy);
  double step = fmin(g->cw, g->ch);
  int32_t max_ring = g->gx > g->gy ? g->gx : g->gy;
  for (int32_t r = 0; r <= max_ring; r++) {
    /* Every point in ring r or beyond is at least (r - 1) * step away. */
    if (count == want && r >= 2) {
      double bound = (double)(r - 1) * step;
      if (bound * bound > list[count - 1].eu2) break;
    }
    for (int32_t y = cy - r; y <= cy + r; y++) {
      if (y < 0 || y >= g->gy) continue;
      int32_t dx = (y == cy - r || y == cy + r) ? 1 : 2 * r; /* inner rows: only the two ends */
      for (int32_t x = cx - r; x <= cx + r; x += (r == 0 ? 1 : dx)) {
        if (x < 0 || x >= g->gx) continue;
        int32_t c = y * g->gx + x;
        for (int32_t k = g->start[c]; k < g->start[c + 1]; k++) {
          int32_t j = g->items[k];
          if (j == i) continue;
          double ddx = t->x[i] - t->x[j], ddy = t->y[i] - t->y[j];
          keep_nearest(list, &count, want, ddx * ddx + ddy * ddy, j);
        }
      }
    }
  }
  return count;
}

/* Node i's nearest neighbours into its rows of nbr and dist (list: scratch of `want`). */
static void nearest_of(const tour_net *net, const grid *g, int32_t i, int32_t want, int32_t width,
                       neighbour *list, int32_t *nbr, int64_t *dist) {
  int32_t count = grid_nearest(net, g, i, want, list);
  for (int32_t k = 0; k < count; k++)
    list[k].dist = tour_dist(net, i, list[k].node);
  sort_by_distance(list, count);
  for (int32_t k = 0; k < width; k++) {
    nbr[(size_t)i * width + k] = list[k].node;
    dist[(size_t)i * width + k] = list[k].dist;
  }
}

/* In chunks of TOUR_WORK_CHUNK nodes with a report after each (nodes are independent: the
 * chunks change nothing but when a report can be made). */
static ar_status build_coordinates(const tour_net *net, int32_t width, int32_t *nbr, int64_t *dist,
                                   tour_work *w) {
  grid g = {0};
  ar_status st = grid_build(net, &g);
  if (st != AR_OK) {
    free(g.start);
    free(g.items);
    return st;
  }
  int32_t n = net->n;
  /* Rounded or non-Euclidean metrics may reorder near-ties: collect some extra. */
  int32_t want = width + (net->metric == TOUR_METRIC_GEO ? width : 4);
  if (want > n - 1) want = n - 1;
  int failed = 0;
#pragma omp parallel
  {
    neighbour *list = malloc((size_t)want * sizeof(neighbour));
    if (!list) {
#pragma omp atomic write
      failed = 1;
    }
    for (int32_t lo = 0; lo < n; lo += TOUR_WORK_CHUNK) {
      int32_t hi = n - lo > TOUR_WORK_CHUNK ? lo + TOUR_WORK_CHUNK : n;
#pragma omp for schedule(dynamic, 256)
      for (int32_t i = lo; i < hi; i++)
        if (list) nearest_of(net, &g, i, want, width, list, nbr, dist);
#pragma omp single nowait
      tour_work_tick(w, 0, hi, n - hi);
    }
    free(list);
  }
  free(g.start);
  free(g.items);
  if (failed) return ar_fail(AR_ERR_NOMEM, "out of memory finding neighbours");
  return AR_OK;
}

/* EXPLICIT: row i (out) or column i (in) of the matrix. */
static ar_status build_matrix(const tour_net *net, int32_t width, int32_t *nbr, int64_t *dist,
                              int incoming) {
  int32_t n = net->n;
  int failed = 0;
#pragma omp parallel
  {
    neighbour *list = malloc((size_t)(width + 1) * sizeof(neighbour));
    if (!list) {
#pragma omp atomic write
      failed = 1;
    }
#pragma omp for schedule(dynamic, 64)
    for (int32_t i = 0; i < n; i++) {
      if (!list) continue;
      int32_t count = 0;
      for (int32_t j = 0; j < n; j++) {
        if (j == i) continue;
        int64_t d = incoming ? tour_dist(net, j, i) : tour_dist(net, i, j);
        neighbour x = {d, 0.0, j};
        if (count == width && !neighbour_less(&x, &list[width - 1])) continue;
        int32_t at = count < width ? count : width - 1;
        while (at > 0 && neighbour_less(&x, &list[at - 1])) {
          list[at] = list[at - 1];
          at--;
        }
        list[at] = x;
        if (count < width) count++;
      }
      for (int32_t k = 0; k < width; k++) {
        nbr[(size_t)i * width + k] = list[k].node;
        dist[(size_t)i * width + k] = list[k].dist;
      }
    }
    free(list);
  }
  if (failed) return ar_fail(AR_ERR_NOMEM, "out of memory finding neighbours");
  return AR_OK;
}

ar_status tour_candidates_build(const tour_net *net, int32_t width, int32_t *nbr, int64_t *dist,
                                const char *step, tour_work_fn work, void *work_arg) {
  if (net->metric == TOUR_METRIC_EXPLICIT) return build_matrix(net, width, nbr, dist, 0);
  tour_work w;
  tour_work_begin(&w, work, work_arg, net->n, step, 1);
  ar_status st = build_coordinates(net, width, nbr, dist, &w);
  tour_work_end(&w);
  return st;
}

ar_status tour_candidates_build_in(const tour_net *net, int32_t width, int32_t *nbr,
                                   int64_t *dist) {
  if (net->metric == TOUR_METRIC_EXPLICIT) return build_matrix(net, width, nbr, dist, 1);
  return build_coordinates(net, width, nbr, dist, NULL); /* coordinates are symmetric */
}
