/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_grid: a uniform grid over a coordinate instance's points and exact nearest-neighbour
 * queries by rings of cells (tour_grid.h). */
#include "tour_grid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int32_t cell_of(const tour_grid *g, double v, double lo, double size, int32_t cells) {
  int32_t c = (int32_t)((v - lo) / size);
  return c < 0 ? 0 : (c >= cells ? cells - 1 : c);
}

/* The bounding box of the points. */
static void bbox(const tour_net *t, const int32_t *nodes, int32_t m, double *minx, double *maxx,
                 double *miny, double *maxy) {
  if (!nodes) {
    tour_net_bbox(t, minx, maxx, miny, maxy);
    return;
  }
  *minx = *maxx = t->x[nodes[0]];
  *miny = *maxy = t->y[nodes[0]];
  for (int32_t i = 1; i < m; i++) {
    double x = t->x[nodes[i]], y = t->y[nodes[i]];
    *minx = x < *minx ? x : *minx;
    *maxx = x > *maxx ? x : *maxx;
    *miny = y < *miny ? y : *miny;
    *maxy = y > *maxy ? y : *maxy;
  }
}

ar_status tour_grid_build(const tour_net *t, const int32_t *nodes, int32_t m, tour_grid *g) {
  memset(g, 0, sizeof *g);
  if (!nodes) m = t->n;
  double minx, maxx, miny, maxy;
  bbox(t, nodes, m, &minx, &maxx, &miny, &maxy);
  double w = maxx - minx, h = maxy - miny;
  if (w <= 0) w = 1;
  if (h <= 0) h = 1;
  /* About two points per cell, cells as square as the bounding box allows. */
  double cells = m / 2.0 > 1 ? m / 2.0 : 1;
  double side = sqrt(w * h / cells);
  g->gx = (int32_t)fmin(fmax(ceil(w / side), 1), 4096);
  g->gy = (int32_t)fmin(fmax(ceil(h / side), 1), 4096);
  g->minx = minx;
  g->miny = miny;
  g->cw = w / g->gx * (1 + 1e-12);
  g->ch = h / g->gy * (1 + 1e-12);
  size_t ncell = (size_t)g->gx * g->gy;
  g->start = calloc(ncell + 1, sizeof(int32_t));
  g->items = malloc((size_t)m * sizeof(int32_t));
  int32_t *cell = malloc((size_t)m * sizeof(int32_t));
  int32_t *fill = malloc((ncell + 1) * sizeof(int32_t));
  if (!g->start || !g->items || !cell || !fill) {
    free(cell);
    free(fill);
    return ar_fail(AR_ERR_NOMEM, "out of memory for a neighbour grid (%d points)", m);
  }
  for (int32_t i = 0; i < m; i++) {
    int32_t v = nodes ? nodes[i] : i;
    cell[i] =
        cell_of(g, t->y[v], miny, g->ch, g->gy) * g->gx + cell_of(g, t->x[v], minx, g->cw, g->gx);
    g->start[cell[i] + 1]++;
  }
  for (size_t c = 0; c < ncell; c++)
    g->start[c + 1] += g->start[c];
  memcpy(fill, g->start, (ncell + 1) * sizeof(int32_t));
  for (int32_t i = 0; i < m; i++) /* in the given order: each cell lists its points so */
    g->items[fill[cell[i]]++] = nodes ? nodes[i] : i;
  free(fill);
  free(cell);
  return AR_OK;
}

void tour_grid_free(tour_grid *g) {
  free(g->start);
  free(g->items);
  memset(g, 0, sizeof *g);
}

/* Inserts into a list kept sorted by (eu2, node), at most cap long. */
static void keep_nearest(tour_grid_hit *list, int32_t *count, int32_t cap, double eu2,
                         int32_t node) {
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

int32_t tour_grid_nearest(const tour_net *t, const tour_grid *g, int32_t i, int32_t want,
                          tour_grid_hit *list) {
  int32_t count = 0;
  if (want <= 0) return 0;
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
