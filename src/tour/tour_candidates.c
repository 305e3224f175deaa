/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_candidates: each node's nearest neighbours, without an n x n array for coordinates.
 *
 * Coordinate instances: the points go into a uniform grid of about two points per cell
 * (tour_grid.h); a node's neighbours are found by searching rings of cells outward until no
 * closer point can remain. A few extra Euclidean neighbours are collected and then ordered by the
 * instance's own TSPLIB distance (ties by Euclidean distance, then index), which also covers ATT
 * and GEO. EXPLICIT instances read their matrix row (or column, for in-neighbours). */
#include "tour_candidates.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tour_grid.h"
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

/* Node i's nearest neighbours into its rows of nbr and dist (hits, list: scratch of `want`). */
static void nearest_of(const tour_net *net, const tour_grid *g, int32_t i, int32_t want,
                       int32_t width, tour_grid_hit *hits, neighbour *list, int32_t *nbr,
                       int64_t *dist) {
  int32_t count = tour_grid_nearest(net, g, i, want, hits);
  for (int32_t k = 0; k < count; k++)
    list[k] = (neighbour){tour_dist(net, i, hits[k].node), hits[k].eu2, hits[k].node};
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
  tour_grid g;
  ar_status st = tour_grid_build(net, NULL, net->n, &g);
  if (st != AR_OK) {
    tour_grid_free(&g);
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
    tour_grid_hit *hits = malloc((size_t)want * sizeof(tour_grid_hit));
    if (!list || !hits) {
#pragma omp atomic write
      failed = 1;
    }
    for (int32_t lo = 0; lo < n; lo += TOUR_WORK_CHUNK) {
      int32_t hi = n - lo > TOUR_WORK_CHUNK ? lo + TOUR_WORK_CHUNK : n;
#pragma omp for schedule(dynamic, 256)
      for (int32_t i = lo; i < hi; i++)
        if (list && hits) nearest_of(net, &g, i, want, width, hits, list, nbr, dist);
#pragma omp single nowait
      tour_work_tick(w, 0, hi, n - hi);
    }
    free(list);
    free(hits);
  }
  tour_grid_free(&g);
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
