/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_greedy: a first tour by greedy edge matching (coordinates, symmetric instances).
 *
 * The candidate edges (each node's first TOUR_GREEDY_LIST neighbours) are taken shortest first
 * whenever both ends still have a free side and the edge joins two different paths. The paths
 * left over are joined the same way through their ends: each end's nearest other ends (a grid
 * over the ends) give new candidate edges, round after round, until one path is left, which is
 * closed. Greedy tours are some 15-20 % above optimal against a space-filling curve's 25 %, and
 * local search from them ends markedly shorter (Johnson and McGeoch's experiments: 2-opt and
 * 3-opt from greedy starts beat every other start at equal effort).
 * Ties are broken by node indices, so the tour depends on the instance only. */
#include "tour_greedy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ar_alloc.h"

typedef struct {
  int64_t len;
  int32_t a, b; /* a < b */
} greedy_edge;

_Static_assert(sizeof(greedy_edge) == TOUR_GREEDY_EDGE_BYTES, "the estimate's edge size");

int tour_first_is_greedy(const tour_net *net, const tour_options *opt) {
  if (net->directed || net->metric == TOUR_METRIC_EXPLICIT) return 0;
  return opt->first == TOUR_FIRST_GREEDY ||
         (opt->first == TOUR_FIRST_AUTO && net->n >= TOUR_GREEDY_FROM);
}

typedef struct {
  int32_t n;
  uint8_t *deg;
  int32_t *adj;    /* [n][2], -1: free */
  int32_t *parent; /* union-find over paths */
  int32_t paths;   /* paths left (a lone node is a path) */
} greedy_state;

static int edge_cmp(const void *x, const void *y) {
  const greedy_edge *e = x, *f = y;
  if (e->len != f->len) return e->len < f->len ? -1 : 1;
  if (e->a != f->a) return e->a < f->a ? -1 : 1;
  return (e->b > f->b) - (e->b < f->b);
}

static int32_t find(int32_t *parent, int32_t x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

static greedy_edge make_edge(const tour_net *net, int32_t a, int32_t b) {
  greedy_edge e = {tour_dist(net, a, b), a < b ? a : b, a < b ? b : a};
  return e;
}

/* Takes the sorted edges that keep every node at degree <= 2 and make no cycle. */
static void match(greedy_state *g, const greedy_edge *edges, size_t count) {
  for (size_t i = 0; i < count && g->paths > 1; i++) {
    int32_t a = edges[i].a, b = edges[i].b;
    if (g->deg[a] >= 2 || g->deg[b] >= 2) continue;
    int32_t ra = find(g->parent, a), rb = find(g->parent, b);
    if (ra == rb) continue;
    g->parent[ra < rb ? rb : ra] = ra < rb ? ra : rb;
    g->adj[2 * (size_t)a + g->deg[a]++] = b;
    g->adj[2 * (size_t)b + g->deg[b]++] = a;
    g->paths--;
  }
}

/* Candidate edges from each end (deg < 2) to its `k` nearest other ends, found on a grid of
 * about two ends per cell. Returns the number written to edges (room: ends x k). */
static size_t end_edges(const tour_net *net, const int32_t *ends, int32_t m, int32_t k,
                        int32_t *cell_start, int32_t *cell_items, greedy_edge *edges) {
  double x0 = net->x[ends[0]], x1 = x0, y0 = net->y[ends[0]], y1 = y0;
  for (int32_t i = 1; i < m; i++) {
    double x = net->x[ends[i]], y = net->y[ends[i]];
    x0 = x < x0 ? x : x0;
    x1 = x > x1 ? x : x1;
    y0 = y < y0 ? y : y0;
    y1 = y > y1 ? y : y1;
  }
  int32_t side = (int32_t)ceil(sqrt((double)m / 2.0));
  side = side < 1 ? 1 : side;
  double cw = (x1 - x0) / side, ch = (y1 - y0) / side;
  if (cw <= 0) cw = 1;
  if (ch <= 0) ch = 1;
  const size_t cells = (size_t)side * (size_t)side;
#define CELL_X(v) ((int32_t)fmin((double)(side - 1), floor((net->x[v] - x0) / cw)))
#define CELL_Y(v) ((int32_t)fmin((double)(side - 1), floor((net->y[v] - y0) / ch)))
  memset(cell_start, 0, (cells + 1) * sizeof(int32_t));
  for (int32_t i = 0; i < m; i++)
    cell_start[(size_t)CELL_Y(ends[i]) * side + CELL_X(ends[i]) + 1]++;
  for (size_t c = 0; c < cells; c++)
    cell_start[c + 1] += cell_start[c];
  for (int32_t i = 0; i < m; i++) { /* filled in index order: deterministic cells */
    size_t c = (size_t)CELL_Y(ends[i]) * side + CELL_X(ends[i]);
    cell_items[cell_start[c]++] = ends[i];
  }
  for (size_t c = cells; c > 0; c--) /* back to the starts */
    cell_start[c] = cell_start[c - 1];
  cell_start[0] = 0;
  const double step = cw < ch ? cw : ch;
  size_t out = 0;
  double best_d[TOUR_GREEDY_LIST];
  int32_t best_v[TOUR_GREEDY_LIST];
  for (int32_t i = 0; i < m; i++) {
    int32_t v = ends[i], cx = CELL_X(v), cy = CELL_Y(v), found = 0;
    for (int32_t r = 0; r < side; r++) {
      for (int32_t yy = cy - r; yy <= cy + r; yy++) {
        if (yy < 0 || yy >= side) continue;
        int edge_row = yy == cy - r || yy == cy + r;
        for (int32_t xx = cx - r; xx <= cx + r; xx += edge_row ? 1 : 2 * r) {
          if (xx < 0 || xx >= side) continue;
          size_t c = (size_t)yy * side + xx;
          for (int32_t t = cell_start[c]; t < cell_start[c + 1]; t++) {
            int32_t w = cell_items[t];
            if (w == v) continue;
            double dx = net->x[v] - net->x[w], dy = net->y[v] - net->y[w], d = dx * dx + dy * dy;
            if (found == k && (d > best_d[k - 1] || (d == best_d[k - 1] && w > best_v[k - 1])))
              continue;
            int32_t at = found < k ? found++ : k - 1;
            while (at > 0 && (best_d[at - 1] > d || (best_d[at - 1] == d && best_v[at - 1] > w))) {
              best_d[at] = best_d[at - 1];
              best_v[at] = best_v[at - 1];
              at--;
            }
            best_d[at] = d;
            best_v[at] = w;
          }
          if (r == 0) break;
        }
      }
      if (found == k && best_d[k - 1] <= (r * step) * (r * step)) break;
    }
    for (int32_t j = 0; j < found; j++)
      edges[out++] = make_edge(net, v, best_v[j]);
  }
#undef CELL_X
#undef CELL_Y
  return out;
}

ar_status tour_greedy_order(const tour_problem *tp, int32_t *order) {
  const tour_net *net = tp->net;
  const int32_t n = tp->n;
  const int32_t list = tp->kl > TOUR_GREEDY_LIST ? TOUR_GREEDY_LIST : tp->kl;
  greedy_state g = {n, NULL, NULL, NULL, n};
  size_t room = (size_t)n * (size_t)(list > TOUR_GREEDY_ENDS ? list : TOUR_GREEDY_ENDS);
  g.deg = ar_alloc_array((size_t)n, 1);
  g.adj = ar_alloc_array(2 * (size_t)n, sizeof(int32_t));
  g.parent = ar_alloc_array((size_t)n, sizeof(int32_t));
  greedy_edge *edges = ar_alloc_array(room, sizeof(greedy_edge));
  int32_t *ends = ar_alloc_array((size_t)n, sizeof(int32_t));
  int32_t *cell_start = ar_alloc_array((size_t)n + 2, sizeof(int32_t));
  int32_t *cell_items = ar_alloc_array((size_t)n, sizeof(int32_t));
  ar_status st = AR_OK;
  if (!g.deg || !g.adj || !g.parent || !edges || !ends || !cell_start || !cell_items) {
    st = ar_fail(AR_ERR_NOMEM, "out of memory for the greedy first tour (%d nodes)", n);
    goto done;
  }
  memset(g.deg, 0, (size_t)n);
  for (int32_t v = 0; v < n; v++) {
    g.parent[v] = v;
    g.adj[2 * (size_t)v] = g.adj[2 * (size_t)v + 1] = -1;
  }
  size_t count = 0;
  for (int32_t v = 0; v < n; v++)
    for (int32_t j = 0; j < list; j++)
      edges[count++] = make_edge(net, v, tp->nbr[(size_t)v * tp->width + j]);
  qsort(edges, count, sizeof *edges, edge_cmp);
  match(&g, edges, count);
  /* Join the paths through their ends until one is left (each round at least halves them in
   * practice; a round without progress falls back to joining them in index order). */
  while (g.paths > 1) {
    int32_t m = 0;
    for (int32_t v = 0; v < n; v++)
      if (g.deg[v] < 2) ends[m++] = v;
    int32_t before = g.paths;
    int32_t k = m - 1 < TOUR_GREEDY_ENDS ? m - 1 : TOUR_GREEDY_ENDS;
    count = end_edges(net, ends, m, k, cell_start, cell_items, edges);
    qsort(edges, count, sizeof *edges, edge_cmp);
    match(&g, edges, count);
    if (g.paths == before) {
      for (int32_t i = 0; i < m && g.paths > 1; i++)
        for (int32_t j = i + 1; j < m && g.deg[ends[i]] < 2; j++) {
          greedy_edge e = make_edge(net, ends[i], ends[j]);
          match(&g, &e, 1);
        }
    }
  }
  /* One path: walk it from one end (a node of degree < 2). */
  int32_t start = 0;
  while (start < n && g.deg[start] == 2)
    start++;
  int32_t prev = -1, cur = start < n ? start : 0;
  for (int32_t i = 0; i < n; i++) {
    order[i] = cur;
    int32_t a = g.adj[2 * (size_t)cur], b = g.adj[2 * (size_t)cur + 1];
    int32_t next = a != prev ? a : b;
    prev = cur;
    cur = next;
  }
done:
  ar_free(g.deg);
  ar_free(g.adj);
  ar_free(g.parent);
  ar_free(edges);
  ar_free(ends);
  ar_free(cell_start);
  ar_free(cell_items);
  return st;
}
