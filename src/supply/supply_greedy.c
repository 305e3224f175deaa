/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_greedy: flow-guided regret construction of an order-routing plan (see supply_solve.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "supply_solve.h"

typedef struct {
  double key1, key2;
  int32_t i;
} rank_entry;

/* Descending key1, then descending key2, then ascending index. */
static int compare_rank_desc(const void *a, const void *b) {
  const rank_entry *x = a, *y = b;
  if (x->key1 != y->key1) return x->key1 > y->key1 ? -1 : 1;
  if (x->key2 != y->key2) return x->key2 > y->key2 ? -1 : 1;
  return (x->i > y->i) - (x->i < y->i);
}

/* Ascending key1, then ascending index. */
static int compare_rank_asc(const void *a, const void *b) {
  const rank_entry *x = a, *y = b;
  if (x->key1 != y->key1) return x->key1 < y->key1 ? -1 : 1;
  return (x->i > y->i) - (x->i < y->i);
}

/* Static cost of an option: its goal value with the lowest transport charge it can have. */
static double option_static(const supply_model *m, int32_t k, int64_t x) {
  int32_t L = m->opt_lane[x];
  double tc = L < 0 ? 0.0 : supply_lane_charge_lower(m, k, L);
  return supply_scalar(&m->cfg, supply_order_wc(m, k, m->opt_plant[x]), tc,
                       supply_order_time(m, k, L), supply_order_co2(m, k, L));
}

/* The arc of class c that goes to slot, or -1. */
static int64_t class_arc(const supply_flow *f, int32_t c, int32_t slot) {
  for (int64_t a = f->arc_start[c]; a < f->arc_start[c + 1]; a++)
    if (f->arc_slot[a] == slot) return a;
  return -1;
}

/* Places order i on its best feasible option and day. With quota, only on slots whose class arc
 * has quota left (and uses one). Returns 1 if placed. */
static int place_best(supply_plan *p, int32_t i, const supply_flow *f, int32_t *quota) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  int32_t k = sc->orders[i], nopt = supply_plan_noptions(p, i);
  int32_t c = f ? f->order_class[i] : -1;
  int found = 0, best_o = -1, best_day = 0, best_dist = 0;
  int64_t best_arc = -1;
  supply_totals best = {0};
  for (int32_t o = 0; o < nopt; o++) {
    int32_t plant = m->opt_plant[m->opt_start[k] + o];
    for (int32_t t = 0; t < m->win_len[k]; t++) {
      int32_t day = m->win_first[k] + t;
      int64_t arc = -1;
      if (quota) {
        arc = class_arc(f, c, plant * sc->ndays + (day - sc->day0));
        if (arc < 0 || quota[arc] <= 0) continue;
      }
      supply_delta d;
      if (!supply_plan_eval_add(p, i, o, day, &d)) continue;
      supply_totals t_new = supply_totals_apply(p->tot, &d, 1);
      int dist = abs(day - m->net->order_date[k]);
      int cmp = found ? supply_totals_compare(&m->cfg, &t_new, &best) : -1;
      if (cmp < 0 || (cmp == 0 && dist < best_dist)) {
        found = 1;
        best = t_new;
        best_o = o;
        best_day = day;
        best_dist = dist;
        best_arc = arc;
      }
    }
  }
  if (!found) return 0;
  supply_plan_add(p, i, best_o, best_day);
  if (quota && best_arc >= 0) quota[best_arc]--;
  return 1;
}

/* Every order's cheapest static cost (best_static) and its regret over the second cheapest
 * (rank); serve[i] = 1 for orders with a route. */
static void rank_orders(const supply_scope *sc, double *best_static, rank_entry *rank,
                        int8_t *serve) {
  const supply_model *m = sc->m;
  for (int32_t i = 0; i < sc->n; i++) {
    int32_t k = sc->orders[i];
    double b1 = HUGE_VAL, b2 = HUGE_VAL;
    for (int64_t x = m->opt_start[k]; x < m->opt_start[k + 1]; x++) {
      double v = option_static(m, k, x);
      if (v < b1) {
        b2 = b1;
        b1 = v;
      } else if (v < b2) {
        b2 = v;
      }
    }
    best_static[i] = b1;
    serve[i] = b1 < HUGE_VAL;
    /* Single-route orders first (their regret is unbounded), then by regret, then heavy first. */
    rank[i] = (rank_entry){b2 < HUGE_VAL ? b2 - b1 : 1e300, m->net->order_weight[k], i};
  }
}

/* Within each flow class, the cheapest orders take the class's flow; the others stay unserved
 * (serve[i] = 0). */
static ar_status serve_by_class(const supply_scope *sc, const supply_flow *flow,
                                const double *best_static, int8_t *serve) {
  const int32_t n = sc->n;
  rank_entry *cls = malloc((n ? (size_t)n : 1) * sizeof *cls);
  int64_t *served_in_class = calloc((size_t)flow->n_classes, sizeof *served_in_class);
  if (!cls || !served_in_class) {
    free(cls);
    free(served_in_class);
    return ar_fail(AR_ERR_NOMEM, "out of memory constructing a plan of %d orders", (int)n);
  }
  int32_t nc = 0;
  for (int32_t i = 0; i < n; i++)
    if (flow->order_class[i] >= 0) cls[nc++] = (rank_entry){best_static[i], 0.0, i};
  qsort(cls, (size_t)nc, sizeof *cls, compare_rank_asc);
  for (int32_t t = 0; t < nc; t++) {
    int32_t i = cls[t].i, c = flow->order_class[i];
    int64_t q = 0;
    for (int64_t a = flow->arc_start[c]; a < flow->arc_start[c + 1]; a++)
      q += flow->arc_flow[a];
    serve[i] = served_in_class[c] < q;
    served_in_class[c] += serve[i];
  }
  free(cls);
  free(served_in_class);
  return AR_OK;
}

ar_status supply_greedy(supply_plan *p, const supply_flow *flow) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  int32_t n = sc->n;
  supply_plan_clear(p);
  rank_entry *rank = malloc((n ? (size_t)n : 1) * sizeof *rank);
  int8_t *serve = malloc(n ? (size_t)n : 1);
  double *best_static = malloc((n ? (size_t)n : 1) * sizeof *best_static);
  int32_t *quota = NULL;
  int use_flow = flow && m->cfg.capacity && flow->n_classes > 0;
  if (use_flow) {
    int64_t narcs = flow->arc_start[flow->n_classes];
    quota = malloc((narcs ? (size_t)narcs : 1) * sizeof *quota);
    if (quota) memcpy(quota, flow->arc_flow, (size_t)narcs * sizeof *quota);
  }
  ar_status st = AR_OK;
  if (!rank || !serve || !best_static || (use_flow && !quota))
    st = ar_fail(AR_ERR_NOMEM, "out of memory constructing a plan of %d orders", (int)n);
  if (st == AR_OK) rank_orders(sc, best_static, rank, serve);
  if (st == AR_OK && use_flow) st = serve_by_class(sc, flow, best_static, serve);
  if (st == AR_OK) {
    qsort(rank, (size_t)n, sizeof *rank, compare_rank_desc);
    for (int32_t t = 0; t < n; t++) {
      int32_t i = rank[t].i;
      if (!serve[i]) continue;
      if (!place_best(p, i, flow, quota) && !place_best(p, i, NULL, NULL))
        supply_plan_unserve(p, i);
    }
    for (int32_t i = 0; i < n; i++)
      if (p->opt[i] == ROUTE_ABSENT) supply_plan_unserve(p, i);
  }
  free(rank);
  free(serve);
  free(quota);
  free(best_static);
  return st;
}
