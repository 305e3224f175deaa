/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_bound: the max-flow bound on unserved orders and the cost lower bound. */
#include "supply_bound.h"

#include "supply_lane_bound.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* --- Dinic's maximum flow ----------------------------------------------------------------- */

typedef struct {
  int32_t n;
  int32_t *head, *level, *iter;
  int64_t m, cap_m;
  int32_t *to, *next;
  int64_t *cap;
} flow_graph;

static ar_status graph_init(flow_graph *g, int32_t n, int64_t cap_m) {
  memset(g, 0, sizeof *g);
  g->n = n;
  g->cap_m = cap_m;
  g->head = malloc((size_t)n * sizeof *g->head);
  g->level = malloc((size_t)n * sizeof *g->level);
  g->iter = malloc((size_t)n * sizeof *g->iter);
  g->to = malloc((size_t)cap_m * sizeof *g->to);
  g->next = malloc((size_t)cap_m * sizeof *g->next);
  g->cap = malloc((size_t)cap_m * sizeof *g->cap);
  if (!g->head || !g->level || !g->iter || !g->to || !g->next || !g->cap)
    return ar_fail(AR_ERR_NOMEM, "out of memory for a flow graph of %d nodes", (int)n);
  for (int32_t v = 0; v < n; v++)
    g->head[v] = -1;
  return AR_OK;
}

static void graph_free(flow_graph *g) {
  free(g->head);
  free(g->level);
  free(g->iter);
  free(g->to);
  free(g->next);
  free(g->cap);
  memset(g, 0, sizeof *g);
}

/* Adds u -> v with capacity c (and its residual twin); returns the forward edge's index. */
static int64_t graph_edge(flow_graph *g, int32_t u, int32_t v, int64_t c) {
  int64_t e = g->m;
  g->to[e] = v;
  g->cap[e] = c;
  g->next[e] = g->head[u];
  g->head[u] = (int32_t)e;
  g->to[e + 1] = u;
  g->cap[e + 1] = 0;
  g->next[e + 1] = g->head[v];
  g->head[v] = (int32_t)(e + 1);
  g->m += 2;
  return e;
}

static int graph_bfs(flow_graph *g, int32_t s, int32_t t, int32_t *queue) {
  for (int32_t v = 0; v < g->n; v++)
    g->level[v] = -1;
  int32_t qh = 0, qt = 0;
  g->level[s] = 0;
  queue[qt++] = s;
  while (qh < qt) {
    int32_t u = queue[qh++];
    for (int32_t e = g->head[u]; e >= 0; e = g->next[e])
      if (g->cap[e] > 0 && g->level[g->to[e]] < 0) {
        g->level[g->to[e]] = g->level[u] + 1;
        queue[qt++] = g->to[e];
      }
  }
  return g->level[t] >= 0;
}

static int64_t graph_dfs(flow_graph *g, int32_t u, int32_t t, int64_t pushed) {
  if (u == t) return pushed;
  for (; g->iter[u] >= 0; g->iter[u] = g->next[g->iter[u]]) {
    int32_t e = g->iter[u], v = g->to[e];
    if (g->cap[e] <= 0 || g->level[v] != g->level[u] + 1) continue;
    int64_t got = graph_dfs(g, v, t, pushed < g->cap[e] ? pushed : g->cap[e]);
    if (got > 0) {
      g->cap[e] -= got;
      g->cap[e ^ 1] += got;
      return got;
    }
  }
  return 0;
}

static int64_t graph_max_flow(flow_graph *g, int32_t s, int32_t t, int32_t *queue) {
  int64_t flow = 0;
  while (graph_bfs(g, s, t, queue)) {
    memcpy(g->iter, g->head, (size_t)g->n * sizeof *g->iter);
    int64_t got;
    while ((got = graph_dfs(g, s, t, INT64_MAX)) > 0)
      flow += got;
  }
  return flow;
}

/* --- Order classes --------------------------------------------------------------------------- */

static const supply_scope *sort_scope; /* qsort has no context argument in C11 */

/* Distinct plants of order k's options (options are sorted by plant). */
static int32_t order_plants(const supply_model *m, int32_t k, int32_t *plants) {
  int32_t n = 0;
  for (int64_t x = m->opt_start[k]; x < m->opt_start[k + 1]; x++)
    if (n == 0 || plants[n - 1] != m->opt_plant[x]) plants[n++] = m->opt_plant[x];
  return n;
}

/* Orders of the same class have the same window and the same distinct plants. */
static int class_compare(const supply_scope *sc, int32_t i, int32_t j) {
  const supply_model *m = sc->m;
  int32_t ki = sc->orders[i], kj = sc->orders[j];
  if (m->win_first[ki] != m->win_first[kj]) return m->win_first[ki] < m->win_first[kj] ? -1 : 1;
  if (m->win_len[ki] != m->win_len[kj]) return m->win_len[ki] < m->win_len[kj] ? -1 : 1;
  int64_t xi = m->opt_start[ki], ei = m->opt_start[ki + 1];
  int64_t xj = m->opt_start[kj], ej = m->opt_start[kj + 1];
  int32_t last_i = -1, last_j = -1;
  for (;;) { /* walk both distinct-plant sequences */
    while (xi < ei && m->opt_plant[xi] == last_i)
      xi++;
    while (xj < ej && m->opt_plant[xj] == last_j)
      xj++;
    if (xi == ei || xj == ej) return (xi != ei) - (xj != ej);
    if (m->opt_plant[xi] != m->opt_plant[xj]) return m->opt_plant[xi] < m->opt_plant[xj] ? -1 : 1;
    last_i = m->opt_plant[xi];
    last_j = m->opt_plant[xj];
  }
}

static int compare_class(const void *a, const void *b) {
  int32_t i = *(const int32_t *)a, j = *(const int32_t *)b;
  int c = class_compare(sort_scope, i, j);
  return c ? c : (i > j) - (i < j);
}

/* Groups the scope's routable orders into classes (same window, same distinct plants): fills
 * f->order_class, class_size, n_classes, no_route; idx receives the routable orders sorted by
 * class, *nr how many. */
static void flow_classes(const supply_scope *sc, supply_flow *f, int32_t *idx, int32_t *nr) {
  const supply_model *m = sc->m;
  *nr = 0;
  for (int32_t i = 0; i < sc->n; i++) {
    int32_t k = sc->orders[i];
    f->order_class[i] = -1;
    if (m->opt_start[k + 1] > m->opt_start[k])
      idx[(*nr)++] = i;
    else
      f->no_route++;
  }
  sort_scope = sc;
  qsort(idx, (size_t)*nr, sizeof *idx, compare_class);
  for (int32_t t = 0; t < *nr; t++) {
    if (t > 0 && class_compare(sc, idx[t - 1], idx[t]) != 0) f->n_classes++;
    f->order_class[idx[t]] = f->n_classes;
    f->class_size[f->n_classes]++;
  }
  if (*nr > 0) f->n_classes++;
}

/* The graph source -> class (its size) -> (plant, day) slot (arcs f->arc_*) -> sink (the slot's
 * capacity), with one order `rep[c]` standing for each class; its max flow. */
static void flow_solve(const supply_scope *sc, supply_flow *f, const int32_t *rep, int32_t *plants,
                       flow_graph *g, int32_t *queue, int64_t *arc_edge) {
  const supply_model *m = sc->m;
  const int32_t C = f->n_classes, nd = sc->ndays, nslots = m->net->plants.n * nd;
  const int32_t source = 0, sink = 1 + C + nslots;
  int64_t a = 0;
  for (int32_t c = 0; c < C; c++) {
    int32_t k = sc->orders[rep[c]];
    graph_edge(g, source, 1 + c, f->class_size[c]);
    f->arc_start[c] = a;
    int32_t np = order_plants(m, k, plants);
    for (int32_t pi = 0; pi < np; pi++)
      for (int32_t d = 0; d < m->win_len[k]; d++) {
        int32_t slot = plants[pi] * nd + (m->win_first[k] + d - sc->day0);
        f->arc_slot[a] = slot;
        arc_edge[a++] = graph_edge(g, 1 + c, 1 + C + slot, f->class_size[c]);
      }
  }
  f->arc_start[C] = a;
  for (int32_t slot = 0; slot < nslots; slot++) {
    int64_t lim = sc->pd_limit[slot];
    if (lim > sc->n) lim = sc->n;
    if (lim > 0) graph_edge(g, 1 + C + slot, sink, lim);
  }
  f->max_served = graph_max_flow(g, source, sink, queue);
  f->min_unserved = sc->n - f->max_served;
  for (int64_t t = 0; t < a; t++)
    f->arc_flow[t] = (int32_t)g->cap[arc_edge[t] ^ 1];
}

ar_status supply_flow_bound(const supply_scope *sc, supply_flow *f) {
  const supply_model *m = sc->m;
  const supply_net *net = m->net;
  memset(f, 0, sizeof *f);
  int32_t n = sc->n, nslots = net->plants.n * sc->ndays;
  int32_t *idx = malloc((n ? (size_t)n : 1) * sizeof *idx);
  int32_t *plants = malloc((size_t)(net->plants.n + 1) * sizeof *plants);
  f->order_class = malloc((n ? (size_t)n : 1) * sizeof *f->order_class);
  f->class_size = calloc(n ? (size_t)n : 1, sizeof *f->class_size);
  if (!idx || !plants || !f->order_class || !f->class_size) {
    free(idx);
    free(plants);
    supply_flow_free(f);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the unserved bound");
  }
  int32_t nr = 0;
  flow_classes(sc, f, idx, &nr);

  /* Graph: 0 = source, 1..C classes, then slots, then the sink. */
  int32_t C = f->n_classes, sink = 1 + C + nslots;
  int32_t *rep = malloc((C ? (size_t)C : 1) * sizeof *rep); /* one order of each class */
  int64_t arcs = 0;
  for (int32_t t = 0; t < nr; t++)
    if (t == 0 || f->order_class[idx[t]] != f->order_class[idx[t - 1]]) {
      int32_t k = sc->orders[idx[t]];
      if (rep) rep[f->order_class[idx[t]]] = idx[t];
      arcs += (int64_t)order_plants(m, k, plants) * m->win_len[k];
    }
  flow_graph g = {0}; /* graph_free() is safe on it when graph_init() is not reached */
  ar_status st = rep ? graph_init(&g, sink + 1, 2 * (C + arcs + nslots) + 2)
                     : ar_fail(AR_ERR_NOMEM, "out of memory for the unserved bound");
  int32_t *queue = malloc((size_t)(sink + 1) * sizeof *queue);
  f->arc_start = calloc((size_t)C + 1, sizeof *f->arc_start);
  f->arc_slot = malloc((arcs ? (size_t)arcs : 1) * sizeof *f->arc_slot);
  f->arc_flow = malloc((arcs ? (size_t)arcs : 1) * sizeof *f->arc_flow);
  int64_t *arc_edge = malloc((arcs ? (size_t)arcs : 1) * sizeof *arc_edge);
  if (st == AR_OK && (!queue || !f->arc_start || !f->arc_slot || !f->arc_flow || !arc_edge))
    st = ar_fail(AR_ERR_NOMEM, "out of memory for the unserved bound");
  if (st == AR_OK) flow_solve(sc, f, rep, plants, &g, queue, arc_edge);
  graph_free(&g);
  free(queue);
  free(arc_edge);
  free(rep);
  free(idx);
  free(plants);
  if (st != AR_OK) supply_flow_free(f);
  return st;
}

void supply_flow_free(supply_flow *f) {
  free(f->order_class);
  free(f->class_size);
  free(f->arc_start);
  free(f->arc_slot);
  free(f->arc_flow);
  memset(f, 0, sizeof *f);
}

void supply_cost_lower_bound(const supply_scope *sc, double *wc_bound, double *cost_bound) {
  const supply_model *m = sc->m;
  double wc_sum = 0.0, cost_sum = 0.0;
  for (int32_t i = 0; i < sc->n; i++) {
    int32_t k = sc->orders[i];
    double best_wc = HUGE_VAL, best = HUGE_VAL;
    for (int64_t x = m->opt_start[k]; x < m->opt_start[k + 1]; x++) {
      double wc = supply_order_wc(m, k, m->opt_plant[x]);
      double tc = m->opt_lane[x] < 0 ? 0.0 : supply_lane_charge_lower(m, k, m->opt_lane[x]);
      if (wc < best_wc) best_wc = wc;
      if (wc + tc < best) best = wc + tc;
    }
    if (best_wc < HUGE_VAL) {
      wc_sum += best_wc;
      cost_sum += best;
    }
  }
  *wc_bound = wc_sum;
  *cost_bound = cost_sum;
}

/* The least charge order k can pay on lane L over the days of its window. */
static double window_charge(const supply_lane_reach *r, int32_t k, int32_t L) {
  const supply_scope *sc = r->sc;
  int32_t d0 = sc->m->win_first[k] - sc->day0;
  double best = HUGE_VAL;
  for (int32_t d = d0; d < d0 + sc->m->win_len[k]; d++) {
    double c = supply_lane_reach_charge(r, k, L, d);
    if (c < best) best = c;
  }
  return best;
}

ar_status supply_order_costs_build(const supply_scope *sc, supply_order_costs *oc) {
  const supply_model *m = sc->m;
  int32_t n = sc->n;
  memset(oc, 0, sizeof *oc);
  supply_lane_reach reach;
  ar_status st = supply_lane_reach_build(sc, &reach);
  if (st != AR_OK) return st;
  oc->rebate = supply_lane_reach_rebate(&reach);
  oc->start = malloc(((size_t)n + 1) * sizeof *oc->start);
  int64_t total = 0;
  for (int32_t i = 0; oc->start && i < n; i++) {
    int32_t k = sc->orders[i];
    oc->start[i] = total;
    for (int64_t x = m->opt_start[k]; x < m->opt_start[k + 1]; x++)
      if (x == m->opt_start[k] || m->opt_plant[x] != m->opt_plant[x - 1]) total++;
  }
  if (oc->start) oc->start[n] = total;
  oc->plant = malloc((total ? (size_t)total : 1) * sizeof *oc->plant);
  oc->cost = malloc((total ? (size_t)total : 1) * sizeof *oc->cost);
  if (!oc->start || !oc->plant || !oc->cost) {
    supply_lane_reach_free(&reach);
    supply_order_costs_free(oc);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the orders' cheapest costs (%d orders)", n);
  }
  for (int32_t i = 0; i < n; i++) {
    int32_t k = sc->orders[i];
    int64_t at = oc->start[i] - 1;
    for (int64_t x = m->opt_start[k]; x < m->opt_start[k + 1]; x++) {
      int32_t L = m->opt_lane[x];
      double c =
          supply_order_wc(m, k, m->opt_plant[x]) + (L < 0 ? 0.0 : window_charge(&reach, k, L));
      if (x == m->opt_start[k] || m->opt_plant[x] != m->opt_plant[x - 1]) {
        oc->plant[++at] = m->opt_plant[x];
        oc->cost[at] = c;
      } else if (c < oc->cost[at]) {
        oc->cost[at] = c;
      }
    }
  }
  supply_lane_reach_free(&reach);
  return AR_OK;
}

void supply_order_costs_free(supply_order_costs *oc) {
  free(oc->start);
  free(oc->plant);
  free(oc->cost);
  memset(oc, 0, sizeof *oc);
}

static int compare_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

ar_status supply_order_costs_cheapest(const supply_order_costs *oc, int32_t n, int64_t served,
                                      double *sum) {
  double *best = malloc((n ? (size_t)n : 1) * sizeof *best);
  if (!best) return ar_fail(AR_ERR_NOMEM, "out of memory for the orders' cheapest costs");
  int32_t count = 0;
  for (int32_t i = 0; i < n; i++) {
    if (oc->start[i + 1] == oc->start[i]) continue; /* no route */
    double c = oc->cost[oc->start[i]];
    for (int64_t a = oc->start[i] + 1; a < oc->start[i + 1]; a++)
      if (oc->cost[a] < c) c = oc->cost[a];
    best[count++] = c;
  }
  qsort(best, (size_t)count, sizeof *best, compare_double);
  if (served > count) {
    free(best);
    return ar_fail(AR_ERR_INTERNAL, "%lld orders to serve, but only %d have a route",
                   (long long)served, (int)count);
  }
  double total = -oc->rebate;
  for (int64_t k = 0; k < served; k++)
    total += best[k];
  *sum = total;
  free(best);
  return AR_OK;
}

/* The Lagrangian of the served-cost bound at multipliers (pi per slot, lambda for the served
 * count): each order takes its cheapest (plant, day) at cost + pi when that beats lambda. load
 * receives the orders per slot, *chosen how many orders were taken. */
static double relaxed_value(const supply_scope *sc, const supply_order_costs *pc, const double *pi,
                            double lambda, int64_t served, double *load, double *chosen) {
  const supply_model *m = sc->m;
  const int32_t n = sc->n, nd = sc->ndays, nslots = m->net->plants.n * nd;
  for (int32_t s = 0; s < nslots; s++)
    load[s] = 0.0;
  double g = lambda * (double)served;
  *chosen = 0.0;
  for (int32_t s = 0; s < nslots; s++) {
    int64_t cap = sc->pd_limit[s] < n ? sc->pd_limit[s] : n;
    g -= (double)cap * pi[s];
  }
  for (int32_t i = 0; i < n; i++) {
    int32_t k = sc->orders[i], best_s = -1;
    double v = HUGE_VAL;
    for (int64_t a = pc->start[i]; a < pc->start[i + 1]; a++)
      for (int32_t t = 0; t < m->win_len[k]; t++) {
        int32_t s = pc->plant[a] * nd + (m->win_first[k] + t - sc->day0);
        double c = pc->cost[a] + pi[s];
        if (c < v) {
          v = c;
          best_s = s;
        }
      }
    if (best_s >= 0 && v - lambda < 0.0) {
      g += v - lambda;
      load[best_s] += 1.0;
      *chosen += 1.0;
    }
  }
  return g;
}

/* The subgradient: slot loads minus capacities (in load, projected on pi >= 0), and served
 * minus chosen; returns its squared norm. */
static double subgradient(const supply_scope *sc, const double *pi, int64_t served, double chosen,
                          double *load) {
  const int32_t n = sc->n, nslots = sc->m->net->plants.n * sc->ndays;
  double norm = ((double)served - chosen) * ((double)served - chosen);
  for (int32_t s = 0; s < nslots; s++) {
    int64_t cap = sc->pd_limit[s] < n ? sc->pd_limit[s] : n;
    double d = load[s] - (double)cap;
    if (pi[s] <= 0.0 && d < 0.0) d = 0.0;
    load[s] = d;
    norm += d * d;
  }
  return norm;
}

ar_status supply_capacity_cost_bound(const supply_scope *sc, int64_t served, double upper,
                                     int iterations, double *bound) {
  const int32_t n = sc->n, nslots = sc->m->net->plants.n * sc->ndays;
  *bound = -HUGE_VAL;
  if (n == 0 || !sc->m->cfg.capacity) return AR_OK;
  supply_order_costs pc;
  ar_status st = supply_order_costs_build(sc, &pc);
  double *pi = calloc((size_t)nslots, sizeof *pi);
  double *load = malloc((size_t)nslots * sizeof *load);
  if (st == AR_OK && (!pi || !load))
    st = ar_fail(AR_ERR_NOMEM, "out of memory for the capacity cost bound");
  double lambda = 0.0, theta = 2.0, best = -HUGE_VAL;
  int since = 0;
  for (int it = 0; st == AR_OK && it < iterations; it++) {
    double chosen = 0.0;
    double g = relaxed_value(sc, &pc, pi, lambda, served, load, &chosen);
    if (best == -HUGE_VAL || g > best + 1e-9 * fabs(best)) {
      best = g;
      since = 0;
    } else if (++since >= 20) {
      theta *= 0.5;
      since = 0;
    }
    double norm = subgradient(sc, pi, served, chosen, load);
    if (norm <= 0.0) break; /* the relaxed solution is feasible: g is optimal */
    double step = theta * (upper - g) / norm;
    if (!(step > 0.0)) step = theta * 1e-3 * (fabs(g) + 1.0) / norm;
    for (int32_t s = 0; s < nslots; s++) {
      pi[s] += step * load[s];
      if (pi[s] < 0.0) pi[s] = 0.0;
    }
    lambda += step * ((double)served - chosen);
  }
  if (st == AR_OK) *bound = best;
  supply_order_costs_free(&pc);
  free(pi);
  free(load);
  return st;
}
