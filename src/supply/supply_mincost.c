/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_mincost: the min-cost-flow bound on the served cost of a scope (supply_bound.h).
 *
 * The flow network is supply_flow's with one node per order: source -> order (capacity 1) ->
 * group (plant, ship window) at the order's cost for that plant -> (plant, day) slot of the
 * window -> sink (the slot's capacity left). Successive shortest paths with potentials solve it
 * exactly: one order more per augmentation, each along a cheapest path, so the flow of every value
 * is a cheapest one. Dijkstra does not visit the orders: an order node has one way in and its
 * group arcs out, so the paths through orders collapse into arcs between the few other nodes,
 *   source -> group   the cheapest unserved order that may use the group,
 *   group -> group    the served order of the first whose move to the second costs least,
 * kept in heaps keyed by raw cost differences (potentials live on groups, so the cheapest order
 * of an arc does not depend on them). Costs are integers, nano-dollars rounded down, so the
 * result bounds the true one from below by construction; a negative reduced cost (a bug) fails
 * with AR_ERR_INTERNAL rather than giving a wrong bound.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ar_clock.h"
#include "supply_bound.h"

/* Costs are counted in units of 1 / units USD: 1e-9 unless sums could then leave 62 bits. */
static double cost_units(const supply_order_costs *oc, int32_t n, int64_t served, int32_t nodes) {
  double most = 0.0;
  for (int64_t a = 0; a < oc->start[n]; a++)
    if (oc->cost[a] > most) most = oc->cost[a];
  double room = ldexp(1.0, 61) / (((double)served + nodes + 1.0) * (most + 1.0));
  double units = 1e9;
  while (units > 1.0 && units > room)
    units /= 10.0;
  return units;
}

typedef struct {
  int64_t key;
  int32_t order;
} mc_item;

typedef struct {
  mc_item *a;
  int32_t n, cap;
} mc_heap;

static int item_less(const mc_item *x, const mc_item *y) {
  return x->key < y->key || (x->key == y->key && x->order < y->order);
}

static int heap_push(mc_heap *h, int64_t key, int32_t order) {
  if (h->n == h->cap) {
    int32_t cap = h->cap ? 2 * h->cap : 4;
    mc_item *a = realloc(h->a, (size_t)cap * sizeof *a);
    if (!a) return 0;
    h->a = a;
    h->cap = cap;
  }
  mc_item x = {key, order};
  int32_t at = h->n++;
  while (at > 0 && item_less(&x, &h->a[(at - 1) / 2])) {
    h->a[at] = h->a[(at - 1) / 2];
    at = (at - 1) / 2;
  }
  h->a[at] = x;
  return 1;
}

static void heap_pop(mc_heap *h) {
  mc_item x = h->a[--h->n];
  int32_t at = 0;
  for (;;) {
    int32_t c = 2 * at + 1;
    if (c >= h->n) break;
    if (c + 1 < h->n && item_less(&h->a[c + 1], &h->a[c])) c++;
    if (!item_less(&h->a[c], &x)) break;
    h->a[at] = h->a[c];
    at = c;
  }
  if (h->n > 0) h->a[at] = x;
}

typedef struct {
  const supply_scope *sc;
  double units;       /* cost units per USD */
  int32_t n, G, S, V; /* orders, groups, slots, nodes (source, groups, slots, sink) */
  /* Each order's groups and its cost there (CSR over orders). */
  int64_t *og_start;
  int32_t *og_group;
  int64_t *og_cost;
  int32_t *assigned; /* [n] group of a served order, -1 */
  /* Groups: plant, first slot, window length; flow to each day of the window (CSR). */
  int32_t *g_first, *g_len;
  int64_t *gf_start;
  int32_t *gflow;
  mc_heap *unserved; /* [G] orders not served yet, by cost at the group */
  /* Pairs of groups sharing an order (CSR over the first group, sorted by the second). */
  int64_t *pr_start;
  int32_t *pr_to;
  mc_heap *moves; /* [pairs] served orders of the first group, by cost(second) - cost(first) */
  /* Slots: capacity left, use, and the group-days that cover them (CSR). */
  int32_t *s_limit, *s_used;
  int64_t *sg_start;
  int64_t *sg_flow; /* index into gflow */
  int32_t *sg_group;
  /* Dijkstra. */
  int64_t *pot, *dist;
  int32_t *pred, *pred_order, *heap, *where;
  int64_t *pred_flow;
  unsigned char *done;
} mc_graph;

static void mc_free(mc_graph *g) {
  for (int32_t k = 0; g->unserved && k < g->G; k++)
    free(g->unserved[k].a);
  for (int64_t k = 0; g->moves && g->pr_start && k < g->pr_start[g->G]; k++)
    free(g->moves[k].a);
  void *all[] = {g->og_start,   g->og_group, g->og_cost, g->assigned,  g->g_first,
                 g->g_len,      g->gf_start, g->gflow,   g->unserved,  g->pr_start,
                 g->pr_to,      g->moves,    g->s_limit, g->s_used,    g->sg_start,
                 g->sg_flow,    g->sg_group, g->pot,     g->dist,      g->pred,
                 g->pred_order, g->heap,     g->where,   g->pred_flow, g->done};
  for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
    free(all[k]);
  memset(g, 0, sizeof *g);
}

static int compare_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

/* Index of key in the sorted keys[0..count), or -1. */
static int64_t find_i64(const int64_t *keys, int64_t count, int64_t key) {
  int64_t lo = 0, hi = count;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (keys[mid] < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < count && keys[lo] == key ? lo : -1;
}

/* A group is (plant, window): its key packs them in sortable order. */
static int64_t group_key(const supply_scope *sc, int32_t plant, int32_t k) {
  const supply_model *m = sc->m;
  int64_t first = m->win_first[k] - sc->day0;
  return ((int64_t)plant * sc->ndays + first) * (sc->ndays + 1) + m->win_len[k];
}

/* Orders' groups and costs, and the groups themselves. */
static ar_status build_groups(mc_graph *g, const supply_order_costs *oc) {
  const supply_scope *sc = g->sc;
  int64_t total = oc->start[g->n];
  int64_t *keys = malloc((total ? (size_t)total : 1) * sizeof *keys);
  g->og_start = malloc(((size_t)g->n + 1) * sizeof *g->og_start);
  g->og_group = malloc((total ? (size_t)total : 1) * sizeof *g->og_group);
  g->og_cost = malloc((total ? (size_t)total : 1) * sizeof *g->og_cost);
  if (!keys || !g->og_start || !g->og_group || !g->og_cost) {
    free(keys);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the min-cost-flow bound");
  }
  for (int32_t i = 0; i < g->n; i++)
    for (int64_t a = oc->start[i]; a < oc->start[i + 1]; a++)
      keys[a] = group_key(sc, oc->plant[a], sc->orders[i]);
  memcpy(g->og_start, oc->start, ((size_t)g->n + 1) * sizeof *g->og_start);
  int64_t *sorted = malloc((total ? (size_t)total : 1) * sizeof *sorted);
  if (!sorted) {
    free(keys);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the min-cost-flow bound");
  }
  memcpy(sorted, keys, (size_t)total * sizeof *sorted);
  qsort(sorted, (size_t)total, sizeof *sorted, compare_i64);
  int64_t G = 0;
  for (int64_t a = 0; a < total; a++)
    if (G == 0 || sorted[a] != sorted[G - 1]) sorted[G++] = sorted[a];
  g->G = (int32_t)G;
  for (int64_t a = 0; a < total; a++) {
    g->og_group[a] = (int32_t)find_i64(sorted, G, keys[a]);
    g->og_cost[a] = (int64_t)floor(oc->cost[a] * g->units);
  }
  free(keys);
  g->g_first = malloc((G ? (size_t)G : 1) * sizeof *g->g_first);
  g->g_len = malloc((G ? (size_t)G : 1) * sizeof *g->g_len);
  g->gf_start = malloc(((size_t)G + 1) * sizeof *g->gf_start);
  if (!g->g_first || !g->g_len || !g->gf_start) {
    free(sorted);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the min-cost-flow bound");
  }
  g->gf_start[0] = 0;
  for (int64_t x = 0; x < G; x++) {
    int64_t len = sorted[x] % (sc->ndays + 1), rest = sorted[x] / (sc->ndays + 1);
    g->g_first[x] = (int32_t)rest; /* plant * ndays + first day = the first slot */
    g->g_len[x] = (int32_t)len;
    g->gf_start[x + 1] = g->gf_start[x] + len;
  }
  free(sorted);
  g->gflow = calloc((size_t)g->gf_start[G] + 1, sizeof *g->gflow);
  g->unserved = calloc((G ? (size_t)G : 1), sizeof *g->unserved);
  if (!g->gflow || !g->unserved)
    return ar_fail(AR_ERR_NOMEM, "out of memory for the min-cost-flow bound");
  return AR_OK;
}

/* Pairs of groups that share an order (both directions). */
static ar_status build_pairs(mc_graph *g) {
  int64_t count = 0;
  for (int32_t i = 0; i < g->n; i++) {
    int64_t d = g->og_start[i + 1] - g->og_start[i];
    count += d * (d - 1);
  }
  int64_t *codes = malloc((count ? (size_t)count : 1) * sizeof *codes);
  if (!codes) return ar_fail(AR_ERR_NOMEM, "out of memory for the min-cost-flow bound");
  int64_t c = 0;
  for (int32_t i = 0; i < g->n; i++)
    for (int64_t a = g->og_start[i]; a < g->og_start[i + 1]; a++)
      for (int64_t b = g->og_start[i]; b < g->og_start[i + 1]; b++)
        if (a != b) codes[c++] = (int64_t)g->og_group[a] * g->G + g->og_group[b];
  qsort(codes, (size_t)c, sizeof *codes, compare_i64);
  int64_t m = 0;
  for (int64_t x = 0; x < c; x++)
    if (m == 0 || codes[x] != codes[m - 1]) codes[m++] = codes[x];
  g->pr_start = calloc((size_t)g->G + 1, sizeof *g->pr_start);
  g->pr_to = malloc((m ? (size_t)m : 1) * sizeof *g->pr_to);
  g->moves = calloc((m ? (size_t)m : 1), sizeof *g->moves);
  if (!g->pr_start || !g->pr_to || !g->moves) {
    free(codes);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the min-cost-flow bound");
  }
  for (int64_t x = 0; x < m; x++) {
    g->pr_start[codes[x] / g->G + 1]++;
    g->pr_to[x] = (int32_t)(codes[x] % g->G);
  }
  for (int32_t x = 0; x < g->G; x++)
    g->pr_start[x + 1] += g->pr_start[x];
  free(codes);
  return AR_OK;
}

static int64_t pair_index(const mc_graph *g, int32_t from, int32_t to) {
  int64_t lo = g->pr_start[from], hi = g->pr_start[from + 1];
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (g->pr_to[mid] < to)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Slots: capacity left, and which group-days cover each. */
static ar_status build_slots(mc_graph *g) {
  const supply_scope *sc = g->sc;
  g->S = sc->m->net->plants.n * sc->ndays;
  g->s_limit = malloc((size_t)g->S * sizeof *g->s_limit);
  g->s_used = calloc((size_t)g->S, sizeof *g->s_used);
  g->sg_start = calloc((size_t)g->S + 1, sizeof *g->sg_start);
  int64_t cover = g->gf_start[g->G];
  g->sg_flow = malloc((cover ? (size_t)cover : 1) * sizeof *g->sg_flow);
  g->sg_group = malloc((cover ? (size_t)cover : 1) * sizeof *g->sg_group);
  int64_t *fill = malloc(((size_t)g->S + 1) * sizeof *fill);
  if (!g->s_limit || !g->s_used || !g->sg_start || !g->sg_flow || !g->sg_group || !fill) {
    free(fill);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the min-cost-flow bound");
  }
  for (int32_t s = 0; s < g->S; s++) {
    int64_t lim = sc->pd_limit[s];
    g->s_limit[s] = (int32_t)(lim < 0 ? 0 : (lim > g->n ? g->n : lim));
  }
  for (int32_t x = 0; x < g->G; x++)
    for (int32_t d = 0; d < g->g_len[x]; d++)
      g->sg_start[g->g_first[x] + d + 1]++;
  for (int32_t s = 0; s < g->S; s++)
    g->sg_start[s + 1] += g->sg_start[s];
  memcpy(fill, g->sg_start, ((size_t)g->S + 1) * sizeof *fill);
  for (int32_t x = 0; x < g->G; x++)
    for (int32_t d = 0; d < g->g_len[x]; d++) {
      int64_t at = fill[g->g_first[x] + d]++;
      g->sg_flow[at] = g->gf_start[x] + d;
      g->sg_group[at] = x;
    }
  free(fill);
  return AR_OK;
}

static ar_status mc_init(mc_graph *g, const supply_scope *sc, const supply_order_costs *oc,
                         int64_t served) {
  memset(g, 0, sizeof *g);
  g->sc = sc;
  g->n = sc->n;
  g->units = cost_units(oc, sc->n, served, sc->n + 2 + sc->m->net->plants.n * sc->ndays);
  ar_status st = build_groups(g, oc);
  if (st == AR_OK) st = build_pairs(g);
  if (st == AR_OK) st = build_slots(g);
  if (st != AR_OK) return st;
  g->V = 2 + g->G + g->S;
  size_t V = (size_t)g->V;
  g->assigned = malloc((g->n ? (size_t)g->n : 1) * sizeof *g->assigned);
  g->pot = calloc(V, sizeof *g->pot);
  g->dist = malloc(V * sizeof *g->dist);
  g->pred = malloc(V * sizeof *g->pred);
  g->pred_order = malloc(V * sizeof *g->pred_order);
  g->pred_flow = malloc(V * sizeof *g->pred_flow);
  g->heap = malloc(V * sizeof *g->heap);
  g->where = malloc(V * sizeof *g->where);
  g->done = malloc(V);
  if (!g->assigned || !g->dist || !g->pred || !g->pred_order || !g->pred_flow || !g->heap ||
      !g->where || !g->done || !g->pot)
    return ar_fail(AR_ERR_NOMEM, "out of memory for the min-cost-flow bound");
  for (int32_t i = 0; i < g->n; i++) {
    g->assigned[i] = -1;
    for (int64_t a = g->og_start[i]; a < g->og_start[i + 1]; a++)
      if (!heap_push(&g->unserved[g->og_group[a]], g->og_cost[a], i))
        return ar_fail(AR_ERR_NOMEM, "out of memory for the min-cost-flow bound");
  }
  return AR_OK;
}

/* --- Successive shortest paths ------------------------------------------------------------------
 */

enum { MC_SOURCE = 0 };
#define MC_INF INT64_MAX

static int32_t node_group(const mc_graph *g, int32_t x) { return 1 + x; }
static int32_t node_slot(const mc_graph *g, int32_t s) { return 1 + g->G + s; }
static int32_t node_sink(const mc_graph *g) { return 1 + g->G + g->S; }

/* The cheapest unserved order that may use group x (stale entries dropped), or -1. */
static int32_t top_unserved(mc_graph *g, int32_t x, int64_t *key) {
  mc_heap *h = &g->unserved[x];
  while (h->n > 0 && g->assigned[h->a[0].order] != -1)
    heap_pop(h);
  if (h->n == 0) return -1;
  *key = h->a[0].key;
  return h->a[0].order;
}

/* The order of group `from` that moves most cheaply along pair p, or -1. */
static int32_t top_move(mc_graph *g, int64_t p, int32_t from, int64_t *key) {
  mc_heap *h = &g->moves[p];
  while (h->n > 0 && g->assigned[h->a[0].order] != from)
    heap_pop(h);
  if (h->n == 0) return -1;
  *key = h->a[0].key;
  return h->a[0].order;
}

static int node_less(const mc_graph *g, int32_t a, int32_t b) {
  return g->dist[a] < g->dist[b] || (g->dist[a] == g->dist[b] && a < b);
}

static void node_up(mc_graph *g, int32_t at) {
  int32_t v = g->heap[at];
  while (at > 0 && node_less(g, v, g->heap[(at - 1) / 2])) {
    g->heap[at] = g->heap[(at - 1) / 2];
    g->where[g->heap[at]] = at;
    at = (at - 1) / 2;
  }
  g->heap[at] = v;
  g->where[v] = at;
}

static int32_t node_pop(mc_graph *g, int32_t *size) {
  int32_t top = g->heap[0], v = g->heap[--*size], at = 0;
  for (;;) {
    int32_t c = 2 * at + 1;
    if (c >= *size) break;
    if (c + 1 < *size && node_less(g, g->heap[c + 1], g->heap[c])) c++;
    if (!node_less(g, g->heap[c], v)) break;
    g->heap[at] = g->heap[c];
    g->where[g->heap[at]] = at;
    at = c;
  }
  if (*size > 0) {
    g->heap[at] = v;
    g->where[v] = at;
  }
  g->where[top] = -1;
  return top;
}

typedef struct {
  mc_graph *g;
  int32_t size;
  int negative; /* a reduced cost below zero was met */
} mc_search;

static void relax(mc_search *q, int32_t u, int32_t v, int64_t cost, int32_t order, int64_t flow) {
  mc_graph *g = q->g;
  if (g->done[v]) return;
  int64_t rc = cost + g->pot[u] - g->pot[v];
  if (rc < 0) q->negative = 1;
  int64_t d = g->dist[u] + rc;
  if (d >= g->dist[v]) return;
  g->dist[v] = d;
  g->pred[v] = u;
  g->pred_order[v] = order;
  g->pred_flow[v] = flow;
  if (g->where[v] < 0) {
    g->heap[q->size] = v;
    node_up(g, q->size++);
  } else {
    node_up(g, g->where[v]);
  }
}

static void relax_from(mc_search *q, int32_t u) {
  mc_graph *g = q->g;
  int64_t key;
  if (u == MC_SOURCE) {
    for (int32_t x = 0; x < g->G; x++) {
      int32_t k = top_unserved(g, x, &key);
      if (k >= 0) relax(q, u, node_group(g, x), key, k, -1);
    }
  } else if (u <= g->G) {
    int32_t x = u - 1;
    for (int32_t d = 0; d < g->g_len[x]; d++)
      relax(q, u, node_slot(g, g->g_first[x] + d), 0, -1, g->gf_start[x] + d);
    for (int64_t p = g->pr_start[x]; p < g->pr_start[x + 1]; p++) {
      int32_t k = top_move(g, p, x, &key);
      if (k >= 0) relax(q, u, node_group(g, g->pr_to[p]), key, k, -1);
    }
  } else if (u < node_sink(g)) {
    int32_t s = u - 1 - g->G;
    if (g->s_used[s] < g->s_limit[s]) relax(q, u, node_sink(g), 0, -1, -1);
    for (int64_t c = g->sg_start[s]; c < g->sg_start[s + 1]; c++)
      if (g->gflow[g->sg_flow[c]] > 0)
        relax(q, u, node_group(g, g->sg_group[c]), 0, -1, g->sg_flow[c]);
  }
}

/* Dijkstra from the source on reduced costs, then the potentials move by the distances (capped
 * at the sink's, which keeps every residual arc's reduced cost non-negative). */
static ar_status shortest_path(mc_graph *g, int *reached) {
  int32_t sink = node_sink(g);
  for (int32_t v = 0; v < g->V; v++) {
    g->dist[v] = MC_INF;
    g->where[v] = -1;
    g->done[v] = 0;
  }
  mc_search q = {g, 0, 0};
  g->dist[MC_SOURCE] = 0;
  g->heap[q.size++] = MC_SOURCE;
  g->where[MC_SOURCE] = 0;
  while (q.size > 0) {
    int32_t u = node_pop(g, &q.size);
    g->done[u] = 1;
    if (u == sink) break;
    relax_from(&q, u);
  }
  if (q.negative) return ar_fail(AR_ERR_INTERNAL, "min-cost-flow bound: a negative reduced cost");
  *reached = g->done[sink];
  if (!*reached) return AR_OK;
  for (int32_t v = 0; v < g->V; v++)
    g->pot[v] += g->done[v] ? g->dist[v] : g->dist[sink];
  return AR_OK;
}

/* Serves order k at group x: its moves from x become arcs. */
static int assign(mc_graph *g, int32_t k, int32_t x) {
  g->assigned[k] = x;
  int64_t here = 0;
  for (int64_t a = g->og_start[k]; a < g->og_start[k + 1]; a++)
    if (g->og_group[a] == x) here = g->og_cost[a];
  for (int64_t a = g->og_start[k]; a < g->og_start[k + 1]; a++) {
    int32_t y = g->og_group[a];
    if (y != x && !heap_push(&g->moves[pair_index(g, x, y)], g->og_cost[a] - here, k)) return 0;
  }
  return 1;
}

/* One more order along the path found (the arcs' orders were fixed by the search). */
static ar_status augment(mc_graph *g) {
  int32_t sink = node_sink(g);
  for (int32_t v = sink; v != MC_SOURCE; v = g->pred[v]) {
    int32_t u = g->pred[v];
    if (v == sink)
      g->s_used[u - 1 - g->G]++;
    else if (v <= g->G && g->pred_order[v] >= 0) {
      if (!assign(g, g->pred_order[v], v - 1))
        return ar_fail(AR_ERR_NOMEM, "out of memory for the min-cost-flow bound");
    } else if (v <= g->G)
      g->gflow[g->pred_flow[v]]--; /* slot -> group: less flow on that group-day */
    else
      g->gflow[g->pred_flow[v]]++; /* group -> slot */
  }
  return AR_OK;
}

/* Augmentations between looks at the clock and progress reports (some 0.1 ms each on 100,000
 * orders a month). */
#define MC_CLOCK_EVERY 64

ar_status supply_mincost_bound(const supply_scope *sc, int64_t served,
                               const supply_bound_limits *lim, double *bound) {
  const double deadline = lim ? lim->deadline : 0.0;
  *bound = -HUGE_VAL;
  supply_order_costs oc;
  ar_status st = supply_order_costs_build(sc, &oc);
  if (st != AR_OK) return st;
  if (!sc->m->cfg.capacity) { /* no capacity: the `served` cheapest orders */
    st = supply_order_costs_cheapest(&oc, sc->n, served, bound);
    supply_order_costs_free(&oc);
    return st;
  }
  mc_graph g;
  st = mc_init(&g, sc, &oc, served);
  double rebate = oc.rebate;
  supply_order_costs_free(&oc);
  int given_up = 0;
  for (int64_t unit = 0; st == AR_OK && unit < served; unit++) {
    if (unit % MC_CLOCK_EVERY == 0) {
      if (deadline > 0.0 && ar_clock_elapsed() > deadline) {
        given_up = 1;
        break;
      }
      if (lim && lim->work && unit > 0) lim->work(lim->work_arg, unit, served);
    }
    int reached = 0;
    st = shortest_path(&g, &reached);
    if (st == AR_OK && !reached)
      st = ar_fail(AR_ERR_INTERNAL, "min-cost-flow bound: only %lld of %lld orders fit",
                   (long long)unit, (long long)served);
    if (st == AR_OK) st = augment(&g);
  }
  if (st == AR_OK && !given_up) {
    int64_t total = 0;
    for (int32_t i = 0; i < g.n; i++)
      for (int64_t a = g.og_start[i]; g.assigned[i] >= 0 && a < g.og_start[i + 1]; a++)
        if (g.og_group[a] == g.assigned[i]) total += g.og_cost[a];
    *bound = (double)total / g.units - rebate;
  }
  mc_free(&g);
  return st;
}
