/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_greedy: a first tour by greedy edge matching (coordinates, symmetric instances).
 *
 * The candidate edges (the first min(TOUR_GREEDY_LIST, local-search neighbours) entries of each
 * node's candidate list, with the lengths the lists keep) are taken shortest first
 * whenever both ends still have a free side and the edge joins two different paths. The paths
 * left over are joined the same way through their ends: each end's nearest other ends (a grid
 * over the ends) give new candidate edges, round after round, until one path is left, which is
 * closed. Greedy tours are some 15-20 % above optimal against a space-filling curve's 25 %, and
 * local search has less to do from them (Johnson and McGeoch's experiments; here, on 10^6 nodes,
 * the same first-tour length in about 40 % less time, docs/performance.md).
 * Ties are broken by node indices, so the tour depends on the instance only. */
#include "tour_greedy.h"

#include <stdlib.h>
#include <string.h>

#include "ar_alloc.h"
#include "tour_grid.h"
#include "tour_uf.h"

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

int tour_first_kind(const tour_net *net, const tour_options *opt, int32_t colony) {
  if (net->directed || net->metric == TOUR_METRIC_EXPLICIT) return TOUR_START_PLAIN;
  if (opt->first == TOUR_FIRST_PI_GREEDY) return TOUR_START_PI_GREEDY;
  /* The kind of start decides where a search ends on these sizes more than its seed does, and
   * neither kind is better on every instance (vm1748: every seed at the optimum from pi-greedy,
   * 0.04 % from the curve; u2152 the other way): two colonies, one from each. */
  const int mixed = opt->first == TOUR_FIRST_AUTO && net->n >= TOUR_COLONIES_FROM &&
                    net->n < TOUR_ANTS_WHOLE_BELOW;
  return mixed && colony % 2 == 1 ? TOUR_START_PI_GREEDY : TOUR_START_PLAIN;
}

int tour_first_uses_greedy(const tour_net *net, const tour_options *opt) {
  return tour_first_is_greedy(net, opt) || tour_first_kind(net, opt, 1) == TOUR_START_PI_GREEDY;
}

typedef struct {
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

static greedy_edge make_edge(int32_t a, int32_t b, int64_t len) {
  greedy_edge e = {len, a < b ? a : b, a < b ? b : a};
  return e;
}

/* Takes the sorted edges that keep every node at degree <= 2 and make no cycle. */
static void match(greedy_state *g, const greedy_edge *edges, size_t count) {
  for (size_t i = 0; i < count && g->paths > 1; i++) {
    int32_t a = edges[i].a, b = edges[i].b;
    if (g->deg[a] >= 2 || g->deg[b] >= 2) continue;
    int32_t ra = tour_uf_find(g->parent, a), rb = tour_uf_find(g->parent, b);
    if (ra == rb) continue;
    g->parent[ra < rb ? rb : ra] = ra < rb ? ra : rb;
    g->adj[2 * (size_t)a + g->deg[a]++] = b;
    g->adj[2 * (size_t)b + g->deg[b]++] = a;
    g->paths--;
  }
}

/* Candidate edges from each end (deg < 2) to its `k` nearest other ends (a grid over the ends).
 * Returns the number written to edges (room: ends x k). */
static ar_status end_edges(const tour_net *net, const int32_t *ends, int32_t m, int32_t k,
                           greedy_edge *edges, size_t *count) {
  tour_grid g;
  ar_status st = tour_grid_build(net, ends, m, &g);
  tour_grid_hit hits[TOUR_GREEDY_ENDS];
  size_t out = 0;
  for (int32_t i = 0; i < m && st == AR_OK; i++) {
    int32_t found = tour_grid_nearest(net, &g, ends[i], k, hits);
    for (int32_t j = 0; j < found; j++)
      edges[out++] = make_edge(ends[i], hits[j].node, tour_dist(net, ends[i], hits[j].node));
  }
  tour_grid_free(&g);
  *count = out;
  return st;
}

ar_status tour_greedy_order(const tour_problem *tp, int32_t *order, int penalised) {
  const tour_net *net = tp->net;
  const int32_t n = tp->n;
  const int32_t list = tp->kl > TOUR_GREEDY_LIST ? TOUR_GREEDY_LIST : tp->kl;
  greedy_state g = {NULL, NULL, NULL, n};
  size_t room = (size_t)n * (size_t)(list > TOUR_GREEDY_ENDS ? list : TOUR_GREEDY_ENDS);
  g.deg = ar_alloc_array((size_t)n, 1);
  g.adj = ar_alloc_array(2 * (size_t)n, sizeof(int32_t));
  g.parent = ar_alloc_array((size_t)n, sizeof(int32_t));
  greedy_edge *edges = ar_alloc_array(room, sizeof(greedy_edge));
  int32_t *ends = ar_alloc_array((size_t)n, sizeof(int32_t));
  ar_status st = AR_OK;
  if (!g.deg || !g.adj || !g.parent || !edges || !ends) {
    st = ar_fail(AR_ERR_NOMEM, "out of memory for the greedy first tour (%d nodes)", n);
    goto done;
  }
  memset(g.deg, 0, (size_t)n);
  for (int32_t v = 0; v < n; v++) {
    g.parent[v] = v;
    g.adj[2 * (size_t)v] = g.adj[2 * (size_t)v + 1] = -1;
  }
  size_t count = 0;
  /* The lists know their lengths and penalised costs (with the ascent's penalties the cheapest
   * edges at a node are mostly those of the minimum 1-tree, which is nearly a tour) */
  const int64_t *cost = penalised && tp->ls_dist ? tp->ls_dist : tp->nbr_dist;
  for (int32_t v = 0; v < n; v++)
    for (size_t j = (size_t)v * tp->width; j < (size_t)v * tp->width + (size_t)list; j++)
      edges[count++] = make_edge(v, tp->nbr[j], cost[j]);
  qsort(edges, count, sizeof *edges, edge_cmp);
  match(&g, edges, count);
  /* Join the paths through their ends until one is left. Every round joins at least two: each
   * end's k >= 1 nearest other ends include an end of another path (its own path has one other
   * end, and k = min(8, ends - 1)), so the shortest candidate edge of the round joins two paths
   * and nothing was taken before it. In practice a round joins most of them. */
  while (g.paths > 1 && st == AR_OK) {
    int32_t m = 0;
    for (int32_t v = 0; v < n; v++)
      if (g.deg[v] < 2) ends[m++] = v;
    int32_t k = m - 1 < TOUR_GREEDY_ENDS ? m - 1 : TOUR_GREEDY_ENDS;
    st = end_edges(net, ends, m, k, edges, &count);
    if (st != AR_OK) break;
    qsort(edges, count, sizeof *edges, edge_cmp);
    match(&g, edges, count);
  }
  if (st != AR_OK) goto done;
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
  return st;
}
