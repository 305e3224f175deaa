/* SPDX-License-Identifier: BSD-3-Clause */
/* road_compact: the renumbered, interleaved copy of a road graph (see road_compact.h). */
#include "road_compact.h"

#include <stdlib.h>
#include <string.h>

#include "ar_hilbert.h"

enum { HILBERT_BITS = 16 };

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

static uint32_t scale(double v, double lo, double hi) {
  double f = hi > lo ? (v - lo) / (hi - lo) : 0;
  double cells = (double)((1u << HILBERT_BITS) - 1);
  return (uint32_t)(f * cells + 0.5);
}

/* old_of[i] = the node numbered i: by Hilbert index of its coordinates, ties by old number. */
static ar_status hilbert_order(const road_graph *g, int32_t *old_of) {
  uint64_t *key = malloc((size_t)g->n * sizeof *key);
  if (!key) return ar_fail(AR_ERR_NOMEM, "out of memory for the node order of the road network");
  double lat0 = g->lat[0], lat1 = g->lat[0], lon0 = g->lon[0], lon1 = g->lon[0];
  for (int32_t u = 1; u < g->n; u++) {
    lat0 = g->lat[u] < lat0 ? g->lat[u] : lat0;
    lat1 = g->lat[u] > lat1 ? g->lat[u] : lat1;
    lon0 = g->lon[u] < lon0 ? g->lon[u] : lon0;
    lon1 = g->lon[u] > lon1 ? g->lon[u] : lon1;
  }
  /* the 32-bit curve position above the 32-bit node number: one sort key, ties by number */
  for (int32_t u = 0; u < g->n; u++) {
    uint64_t h = ar_hilbert_index(1u << HILBERT_BITS, scale(g->lon[u], lon0, lon1),
                                  scale(g->lat[u], lat0, lat1));
    key[u] = (h << 32) | (uint32_t)u;
  }
  qsort(key, (size_t)g->n, sizeof *key, cmp_u64);
  for (int32_t i = 0; i < g->n; i++)
    old_of[i] = (int32_t)(key[i] & 0xffffffffu);
  free(key);
  return AR_OK;
}

/* old_of[] in breadth-first order over the arcs from node 0, then from each node not yet
 * reached (a graph without coordinates). */
static void bfs_order(const road_graph *g, int32_t *old_of, int32_t *new_of) {
  for (int32_t u = 0; u < g->n; u++)
    new_of[u] = -1;
  int32_t tail = 0;
  for (int32_t root = 0; root < g->n; root++) {
    if (new_of[root] >= 0) continue;
    int32_t head = tail;
    new_of[root] = tail;
    old_of[tail++] = root;
    while (head < tail) {
      int32_t u = old_of[head++];
      for (int64_t a = g->offsets[u]; a < g->offsets[u + 1]; a++)
        if (new_of[g->heads[a]] < 0) {
          new_of[g->heads[a]] = tail;
          old_of[tail++] = g->heads[a];
        }
    }
  }
}

static void fill(const road_graph *g, const double *w, const int32_t *old_of, road_compact *c) {
  for (int32_t i = 0; i < c->n; i++)
    c->new_of[old_of[i]] = i;
  c->offsets[0] = 0;
  for (int32_t i = 0; i < c->n; i++) {
    int32_t u = old_of[i];
    int64_t at = c->offsets[i];
    for (int64_t a = g->offsets[u]; a < g->offsets[u + 1]; a++, at++)
      c->arc[at] = (road_compact_arc){.w = w[a], .head = c->new_of[g->heads[a]], .pad = 0};
    c->offsets[i + 1] = at;
  }
}

ar_status road_compact_build(const road_graph *g, road_cost cost, road_compact *c) {
  memset(c, 0, sizeof *c);
  size_t n = g->n > 0 ? (size_t)g->n : 1, m = g->m > 0 ? (size_t)g->m : 1;
  c->n = g->n;
  c->m = g->m;
  c->offsets = malloc((n + 1) * sizeof *c->offsets);
  c->arc = malloc(m * sizeof *c->arc);
  c->new_of = malloc(n * sizeof *c->new_of);
  int32_t *old_of = malloc(n * sizeof *old_of);
  ar_status st = AR_OK;
  if (!c->offsets || !c->arc || !c->new_of || !old_of)
    st = ar_fail(AR_ERR_NOMEM, "out of memory for the search copy of %d road nodes", (int)g->n);
  else if (g->n > 0 && g->lat && g->lon)
    st = hilbert_order(g, old_of);
  else
    bfs_order(g, old_of, c->new_of);
  if (st == AR_OK) fill(g, road_graph_weights(g, cost), old_of, c);
  free(old_of);
  if (st != AR_OK) road_compact_free(c);
  return st;
}

void road_compact_free(road_compact *c) {
  free(c->offsets);
  free(c->arc);
  free(c->new_of);
  memset(c, 0, sizeof *c);
}
