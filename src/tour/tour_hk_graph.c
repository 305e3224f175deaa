/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_hk_graph: the bound's graph (symmetric, or the ATSP transformation) and its sparse
 * subgraph of candidate edges (see tour_hk.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tour_hk.h"

/* The longest edge an instance can have (for choosing a scale that cannot overflow). */
static double longest_edge(const tour_net *net) {
  if (net->metric == TOUR_METRIC_EXPLICIT) {
    int64_t most = 0;
    for (int64_t k = 0; k < (int64_t)net->n * net->n; k++)
      if (net->weights[k] > most) most = net->weights[k];
    return (double)most;
  }
  if (net->metric == TOUR_METRIC_GEO) return 6378.388 * 3.2 + 1.0;
  double x0, x1, y0, y1;
  tour_net_bbox(net, &x0, &x1, &y0, &y1);
  return sqrt((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)) + 2.0;
}

void hk_graph_init(hk_graph *g, const tour_net *net) {
  memset(g, 0, sizeof *g);
  g->net = net;
  g->n0 = net->n;
  g->atsp = net->directed;
  g->n = g->atsp ? 2 * net->n : net->n;
  g->planar = net->metric == TOUR_METRIC_EUC_2D || net->metric == TOUR_METRIC_CEIL_2D ||
              net->metric == TOUR_METRIC_ATT;
  double longest = longest_edge(net);
  if (g->atsp) g->fixed = 2 * (int64_t)longest + 1;
  /* Keys and penalties stay below a few times scale x longest; their sums over n edges must fit
   * in 62 bits with room to spare. */
  double room = ldexp(1.0, 58) / ((double)g->n * (longest + (double)g->fixed + 1.0) * 16.0);
  g->scale = room >= 100.0 ? 100 : (room >= 1.0 ? (int64_t)room : 1);
}

/* --- The sparse graph ------------------------------------------------------------------------- */

static int compare_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

static uint64_t pair_code(int32_t u, int32_t v) {
  return u < v ? ((uint64_t)u << 32) | (uint32_t)v : ((uint64_t)v << 32) | (uint32_t)u;
}

/* Sorts the edge codes, drops repeats, and builds s from them (s is replaced). */
static ar_status sparse_from_codes(const hk_graph *g, uint64_t *codes, int64_t count,
                                   hk_sparse *s) {
  qsort(codes, (size_t)count, sizeof *codes, compare_u64);
  int64_t m = 0;
  for (int64_t k = 0; k < count; k++)
    if (m == 0 || codes[k] != codes[m - 1]) codes[m++] = codes[k];
  hk_sparse t = {.n = g->n, .m = m};
  t.start = calloc((size_t)g->n + 1, sizeof *t.start);
  t.to = malloc((size_t)(2 * m + 1) * sizeof *t.to);
  t.cost = malloc((size_t)(2 * m + 1) * sizeof *t.cost);
  int64_t *fill = malloc(((size_t)g->n + 1) * sizeof *fill);
  if (!t.start || !t.to || !t.cost || !fill) {
    free(fill);
    hk_sparse_free(&t);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the sparse graph of the bound (%lld edges)",
                   (long long)m);
  }
  for (int64_t k = 0; k < m; k++) {
    t.start[(codes[k] >> 32) + 1]++;
    t.start[(uint32_t)codes[k] + 1]++;
  }
  for (int32_t v = 0; v < g->n; v++)
    t.start[v + 1] += t.start[v];
  memcpy(fill, t.start, ((size_t)g->n + 1) * sizeof *fill);
  for (int64_t k = 0; k < m; k++) {
    int32_t u = (int32_t)(codes[k] >> 32), v = (int32_t)(uint32_t)codes[k];
    int64_t c = g->scale * hk_cost(g, u, v);
    t.to[fill[u]] = v;
    t.cost[fill[u]++] = c;
    t.to[fill[v]] = u;
    t.cost[fill[v]++] = c;
  }
  free(fill);
  hk_sparse_free(s);
  *s = t;
  return AR_OK;
}

/* Candidate lists of the cities: nbr[n0][width] (and in-neighbours for ATSP). */
static ar_status candidate_codes(const hk_graph *g, int32_t width, tour_work_fn work,
                                 void *work_arg, uint64_t *codes, int64_t *count) {
  const tour_net *net = g->net;
  int32_t n0 = g->n0;
  int32_t *nbr = malloc((size_t)n0 * width * sizeof *nbr);
  int64_t *dist = malloc((size_t)n0 * width * sizeof *dist);
  if (!nbr || !dist) {
    free(nbr);
    free(dist);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the bound's neighbour lists");
  }
  ar_status st =
      tour_candidates_build(net, width, nbr, dist, "bound: nearest neighbours", work, work_arg);
  int64_t c = 0;
  for (int32_t a = 0; st == AR_OK && a < n0; a++)
    for (int32_t k = 0; k < width; k++) {
      int32_t b = nbr[(size_t)a * width + k];
      codes[c++] = g->atsp ? pair_code(b, n0 + a) : pair_code(a, b); /* arc a -> b */
    }
  if (st == AR_OK && g->atsp) {
    st = tour_candidates_build_in(net, width, nbr, dist);
    for (int32_t a = 0; st == AR_OK && a < n0; a++) {
      for (int32_t k = 0; k < width; k++)
        codes[c++] = pair_code(a, n0 + nbr[(size_t)a * width + k]); /* arc b -> a */
      codes[c++] = pair_code(a, n0 + a);
    }
  }
  free(nbr);
  free(dist);
  *count = c;
  return st;
}

/* Quadrant neighbours as edge codes (planar graphs). */
static ar_status quadrant_codes(const hk_graph *g, int32_t quadrant, tour_work_fn work,
                                void *work_arg, uint64_t *codes, int64_t *count) {
  size_t width = 4 * (size_t)quadrant;
  int32_t *nbr = malloc((size_t)g->n * width * sizeof *nbr);
  if (!nbr) return ar_fail(AR_ERR_NOMEM, "out of memory for quadrant neighbours");
  ar_status st = hk_quadrant_planar(g, quadrant, nbr, "bound: quadrant neighbours", work, work_arg);
  for (int32_t a = 0; st == AR_OK && a < g->n; a++)
    for (size_t k = 0; k < width; k++)
      if (nbr[a * width + k] >= 0) codes[(*count)++] = pair_code(a, nbr[a * width + k]);
  free(nbr);
  return st;
}

ar_status hk_sparse_build(const hk_graph *g, int32_t candidates, int32_t quadrant,
                          tour_work_fn work, void *work_arg, hk_sparse *s) {
  memset(s, 0, sizeof *s);
  int32_t width = candidates < g->n0 - 1 ? candidates : g->n0 - 1;
  if (!g->planar) quadrant = 0;
  size_t most = (size_t)g->n0 * ((size_t)width * (g->atsp ? 2 : 1) + 1 + 4 * (size_t)quadrant);
  uint64_t *codes = malloc(most * sizeof *codes);
  if (!codes) return ar_fail(AR_ERR_NOMEM, "out of memory for the bound's sparse graph");
  int64_t count = 0;
  ar_status st = candidate_codes(g, width, work, work_arg, codes, &count);
  if (st == AR_OK && quadrant > 0) st = quadrant_codes(g, quadrant, work, work_arg, codes, &count);
  if (st == AR_OK) st = sparse_from_codes(g, codes, count, s);
  free(codes);
  return st;
}

static int sparse_has(const hk_sparse *s, int32_t u, int32_t v) {
  for (int64_t e = s->start[u]; e < s->start[u + 1]; e++)
    if (s->to[e] == v) return 1;
  return 0;
}

ar_status hk_sparse_add(const hk_graph *g, hk_sparse *s, const int32_t *eu, const int32_t *ev,
                        int64_t count, int64_t *added) {
  *added = 0;
  int64_t missing = 0;
  for (int64_t k = 0; k < count; k++)
    if (!sparse_has(s, eu[k], ev[k])) missing++;
  if (missing == 0) return AR_OK;
  uint64_t *codes = malloc((size_t)(s->m + missing) * sizeof *codes);
  if (!codes) return ar_fail(AR_ERR_NOMEM, "out of memory growing the bound's sparse graph");
  int64_t c = 0;
  for (int32_t u = 0; u < s->n; u++)
    for (int64_t e = s->start[u]; e < s->start[u + 1]; e++)
      if (u < s->to[e]) codes[c++] = pair_code(u, s->to[e]);
  for (int64_t k = 0; k < count; k++)
    if (!sparse_has(s, eu[k], ev[k])) codes[c++] = pair_code(eu[k], ev[k]);
  int64_t before = s->m;
  ar_status st = sparse_from_codes(g, codes, c, s);
  free(codes);
  if (st == AR_OK) *added = s->m - before;
  return st;
}

void hk_sparse_free(hk_sparse *s) {
  free(s->start);
  free(s->to);
  free(s->cost);
  memset(s, 0, sizeof *s);
}
