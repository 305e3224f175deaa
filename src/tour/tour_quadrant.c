/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_quadrant: quadrant neighbours merged into the nearest-neighbour lists. */
#include "tour_quadrant.h"

#include <stdlib.h>

#include "tour_hk.h"

typedef struct {
  int64_t dist;
  int32_t node;
} neighbour;

/* By distance, ties by index (as tour_candidates orders lists of equal distances). */
static void sort_by_distance(neighbour *list, int32_t count) {
  for (int32_t i = 1; i < count; i++) {
    neighbour x = list[i];
    int32_t j = i;
    while (j > 0 && (x.dist < list[j - 1].dist ||
                     (x.dist == list[j - 1].dist && x.node < list[j - 1].node))) {
      list[j] = list[j - 1];
      j--;
    }
    list[j] = x;
  }
}

/* Node i's list with its quadrant neighbours quad[0..4q) (-1: none) in the first `first`
 * entries (nearest first among them), then its remaining nearest neighbours; `list` is scratch
 * of `width` + `nquad` entries. */
static void merge_quadrant(const tour_net *net, int32_t i, int32_t width, int32_t first,
                           const int32_t *quad, int32_t nquad, int32_t *nbr, int64_t *dist,
                           neighbour *list) {
  int32_t count = 0;
  for (int32_t k = 0; k < nquad; k++) {
    int32_t j = quad[k];
    if (j >= 0) list[count++] = (neighbour){tour_dist(net, i, j), j};
  }
  sort_by_distance(list, count);
  if (count > first) count = first; /* more quadrant neighbours than room: the nearest */
  for (int32_t k = 0; k < width && count < width; k++) {
    int32_t j = nbr[k], dup = 0;
    for (int32_t m = 0; m < count && !dup; m++)
      dup = list[m].node == j;
    if (dup) continue;
    list[count++] = (neighbour){dist[k], j};
  }
  sort_by_distance(list, count < first ? count : first);
  for (int32_t k = 0; k < count; k++) {
    nbr[k] = list[k].node;
    dist[k] = list[k].dist;
  }
}

ar_status tour_candidates_quadrant(const tour_net *net, int32_t width, int32_t first,
                                   int32_t quadrant, int32_t *nbr, int64_t *dist, tour_work_fn work,
                                   void *work_arg) {
  hk_graph g;
  hk_graph_init(&g, net);
  if (!g.planar || g.atsp || quadrant <= 0) return AR_OK;
  int32_t n = net->n, nquad = 4 * quadrant;
  int32_t *quad = malloc((size_t)n * (size_t)nquad * sizeof(int32_t));
  if (!quad) return ar_fail(AR_ERR_NOMEM, "out of memory for quadrant neighbours (%d nodes)", n);
  ar_status st = hk_quadrant_planar(&g, quadrant, quad, "candidate lists: quadrant neighbours",
                                    work, work_arg);
  int failed = 0;
  if (st == AR_OK) {
#pragma omp parallel
    {
      neighbour *list = malloc((size_t)(width + nquad) * sizeof(neighbour));
      if (!list) {
#pragma omp atomic write
        failed = 1;
      }
#pragma omp for schedule(dynamic, 256)
      for (int32_t i = 0; i < n; i++)
        if (list)
          merge_quadrant(net, i, width, first, quad + (size_t)i * nquad, nquad,
                         nbr + (size_t)i * width, dist + (size_t)i * width, list);
      free(list);
    }
  }
  free(quad);
  if (st == AR_OK && failed)
    st = ar_fail(AR_ERR_NOMEM, "out of memory merging quadrant neighbours");
  return st;
}
