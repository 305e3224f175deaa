/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_plan: scopes and plans with incremental lane-day and plant-day totals. */
#include "supply_plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *alloc_array(int64_t n, size_t size) { return calloc(n > 0 ? (size_t)n : 1, size); }

/* Lane L's band sums for local day d. */
static inline int64_t s_index(const supply_scope *sc, int32_t L, int32_t d) {
  const supply_model *m = sc->m;
  return sc->s_offset[L] + (int64_t)d * (m->eb_start[L + 1] - m->eb_start[L]);
}

static double lane_day_cost(const supply_model *m, int32_t L, double w, int32_t n,
                            const double *s) {
  if (n == 0) return 0.0;
  if (m->net->lane_mode[L] == SC_MODE_GROUND) return supply_ground_truck(m, L, w);
  if (m->cfg.band_basis == ROUTE_BAND_BY_ORDER) return s[0];
  return s[supply_band_find(m, L, w, NULL) - m->eb_start[L]];
}

/* Adds (sign +1) or removes (-1) the charges of an order of weight w to lane L's band sums. */
static void band_sums_update(const supply_model *m, int32_t L, double *s, double w, double sign) {
  if (m->net->lane_mode[L] == SC_MODE_GROUND) return;
  if (m->cfg.band_basis == ROUTE_BAND_BY_ORDER) {
    s[0] += sign * supply_band_charge(m, supply_band_find(m, L, w, NULL), w);
    return;
  }
  int32_t b0 = m->eb_start[L], nb = m->eb_start[L + 1] - b0;
  for (int32_t b = 0; b < nb; b++)
    s[b] += sign * supply_band_charge(m, b0 + b, w);
}

ar_status supply_scope_init(supply_scope *s, const supply_model *m, const int32_t *orders,
                            int32_t n, const supply_assign *fixed) {
  const supply_net *net = m->net;
  memset(s, 0, sizeof *s);
  s->m = m;
  s->n = n;
  s->orders = alloc_array(n, sizeof(int32_t));
  s->s_offset = alloc_array(net->n_lanes, sizeof(int64_t));
  if (!s->orders || !s->s_offset) goto nomem;
  int32_t lo = INT32_MAX, hi = INT32_MIN;
  for (int32_t i = 0; i < n; i++) {
    int32_t k = orders ? orders[i] : i;
    s->orders[i] = k;
    if (m->win_first[k] < lo) lo = m->win_first[k];
    if (m->win_first[k] + m->win_len[k] - 1 > hi) hi = m->win_first[k] + m->win_len[k] - 1;
  }
  if (n == 0) lo = hi = 0;
  s->day0 = lo;
  s->ndays = hi - lo + 1;
  int64_t nd = s->ndays;
  for (int32_t L = 0; L < net->n_lanes; L++) {
    s->s_offset[L] = s->n_s;
    s->n_s += nd * (m->eb_start[L + 1] - m->eb_start[L]);
  }
  s->pd_limit = alloc_array(net->plants.n * nd, sizeof(int32_t));
  s->base_w = alloc_array(net->n_lanes * nd, sizeof(double));
  s->base_cost = alloc_array(net->n_lanes * nd, sizeof(double));
  s->base_n = alloc_array(net->n_lanes * nd, sizeof(int32_t));
  s->base_s = alloc_array(s->n_s, sizeof(double));
  if (!s->pd_limit || !s->base_w || !s->base_cost || !s->base_n || !s->base_s) goto nomem;
  for (int32_t i = 0; i < net->plants.n; i++)
    for (int64_t d = 0; d < nd; d++)
      s->pd_limit[i * nd + d] = m->cfg.capacity ? net->plant_capacity[i] : INT32_MAX;
  if (fixed) {
    int8_t *in_scope = alloc_array(net->n_orders, 1);
    if (!in_scope) goto nomem;
    for (int32_t i = 0; i < n; i++)
      in_scope[s->orders[i]] = 1;
    for (int32_t k = 0; k < net->n_orders; k++) {
      if (in_scope[k] || !fixed->served[k]) continue;
      int64_t d = (int64_t)fixed->day[k] - s->day0;
      if (d < 0 || d >= nd) continue;
      if (m->cfg.capacity) s->pd_limit[fixed->plant[k] * nd + d]--;
      int32_t L = net->order_service[k] == SC_SERVICE_CRF ? -1 : fixed->lane[k];
      if (L < 0) continue;
      double w = net->order_weight[k];
      s->base_w[L * nd + d] += w;
      s->base_n[L * nd + d]++;
      band_sums_update(m, L, s->base_s + s_index(s, L, (int32_t)d), w, 1.0);
    }
    free(in_scope);
    for (int32_t L = 0; L < net->n_lanes; L++)
      for (int64_t d = 0; d < nd; d++)
        s->base_cost[L * nd + d] = lane_day_cost(m, L, s->base_w[L * nd + d], s->base_n[L * nd + d],
                                                 s->base_s + s_index(s, L, (int32_t)d));
  }
  return AR_OK;
nomem:
  supply_scope_free(s);
  return ar_fail(AR_ERR_NOMEM, "out of memory for a scope of %d orders", (int)n);
}

void supply_scope_free(supply_scope *s) {
  free(s->orders);
  free(s->pd_limit);
  free(s->base_w);
  free(s->base_cost);
  free(s->base_s);
  free(s->base_n);
  free(s->s_offset);
  memset(s, 0, sizeof *s);
}

ar_status supply_plan_init(supply_plan *p, const supply_scope *sc) {
  const supply_net *net = sc->m->net;
  int64_t nd = sc->ndays;
  memset(p, 0, sizeof *p);
  p->sc = sc;
  p->opt = alloc_array(sc->n, sizeof(int32_t));
  p->day = alloc_array(sc->n, sizeof(int32_t));
  p->pd_count = alloc_array(net->plants.n * nd, sizeof(int32_t));
  p->ld_w = alloc_array(net->n_lanes * nd, sizeof(double));
  p->ld_cost = alloc_array(net->n_lanes * nd, sizeof(double));
  p->ld_n = alloc_array(net->n_lanes * nd, sizeof(int32_t));
  p->ld_s = alloc_array(sc->n_s, sizeof(double));
  if (!p->opt || !p->day || !p->pd_count || !p->ld_w || !p->ld_cost || !p->ld_n || !p->ld_s) {
    supply_plan_free(p);
    return ar_fail(AR_ERR_NOMEM, "out of memory for a plan of %d orders", (int)sc->n);
  }
  supply_plan_clear(p);
  return AR_OK;
}

void supply_plan_free(supply_plan *p) {
  free(p->opt);
  free(p->day);
  free(p->pd_count);
  free(p->ld_w);
  free(p->ld_cost);
  free(p->ld_n);
  free(p->ld_s);
  memset(p, 0, sizeof *p);
}

void supply_plan_clear(supply_plan *p) {
  const supply_scope *sc = p->sc;
  const supply_net *net = sc->m->net;
  size_t nld = (size_t)net->n_lanes * (size_t)sc->ndays;
  for (int32_t i = 0; i < sc->n; i++)
    p->opt[i] = ROUTE_ABSENT;
  memset(p->day, 0, (size_t)sc->n * sizeof *p->day);
  memset(p->pd_count, 0, (size_t)net->plants.n * (size_t)sc->ndays * sizeof *p->pd_count);
  memcpy(p->ld_w, sc->base_w, nld * sizeof *p->ld_w);
  memcpy(p->ld_cost, sc->base_cost, nld * sizeof *p->ld_cost);
  memcpy(p->ld_n, sc->base_n, nld * sizeof *p->ld_n);
  memcpy(p->ld_s, sc->base_s, (size_t)sc->n_s * sizeof *p->ld_s);
  memset(&p->tot, 0, sizeof p->tot);
}

void supply_plan_copy(supply_plan *dst, const supply_plan *src) {
  const supply_scope *sc = src->sc;
  const supply_net *net = sc->m->net;
  size_t nld = (size_t)net->n_lanes * (size_t)sc->ndays;
  memcpy(dst->opt, src->opt, (size_t)sc->n * sizeof *dst->opt);
  memcpy(dst->day, src->day, (size_t)sc->n * sizeof *dst->day);
  memcpy(dst->pd_count, src->pd_count,
         (size_t)net->plants.n * (size_t)sc->ndays * sizeof *dst->pd_count);
  memcpy(dst->ld_w, src->ld_w, nld * sizeof *dst->ld_w);
  memcpy(dst->ld_cost, src->ld_cost, nld * sizeof *dst->ld_cost);
  memcpy(dst->ld_n, src->ld_n, nld * sizeof *dst->ld_n);
  memcpy(dst->ld_s, src->ld_s, (size_t)sc->n_s * sizeof *dst->ld_s);
  dst->tot = src->tot;
}

static int eval_add(const supply_plan *p, int32_t i, int32_t o, int32_t day, int capped,
                    supply_delta *d) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  const supply_net *net = m->net;
  int32_t k = sc->orders[i];
  int64_t x = m->opt_start[k] + o;
  int32_t plant = m->opt_plant[x], L = m->opt_lane[x];
  int32_t dl = day - sc->day0;
  int64_t nd = sc->ndays;
  if (capped && p->pd_count[plant * nd + dl] >= sc->pd_limit[plant * nd + dl]) return 0;
  double w = net->order_weight[k];
  d->wc = supply_order_wc(m, k, plant);
  d->time = supply_order_time(m, k, L);
  d->co2 = supply_order_co2(m, k, L);
  d->tc = 0.0;
  if (L < 0) return 1;
  int64_t ld = L * nd + dl;
  double w_new = p->ld_w[ld] + w;
  if (w_new > m->lane_cap[L] + 1e-6) return 0;
  if (m->cfg.band_gap == ROUTE_GAP_STRICT) {
    int in_gap = 0;
    supply_band_find(m, L, w_new, &in_gap);
    if (in_gap) return 0;
  }
  double old_cost = p->ld_cost[ld], new_cost;
  if (net->lane_mode[L] == SC_MODE_GROUND) {
    new_cost = supply_ground_truck(m, L, w_new);
  } else if (m->cfg.band_basis == ROUTE_BAND_BY_ORDER) {
    new_cost = old_cost + supply_band_charge(m, supply_band_find(m, L, w, NULL), w);
  } else {
    int32_t b = supply_band_find(m, L, w_new, NULL);
    new_cost = p->ld_s[s_index(sc, L, dl) + (b - m->eb_start[L])] + supply_band_charge(m, b, w);
  }
  d->tc = new_cost - old_cost;
  return 1;
}

int supply_plan_eval_add(const supply_plan *p, int32_t i, int32_t o, int32_t day, supply_delta *d) {
  return eval_add(p, i, o, day, 1, d);
}

int supply_plan_eval_add_uncapped(const supply_plan *p, int32_t i, int32_t o, int32_t day,
                                  supply_delta *d) {
  return eval_add(p, i, o, day, 0, d);
}

void supply_plan_eval_remove(const supply_plan *p, int32_t i, supply_delta *d) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  const supply_net *net = m->net;
  int32_t k = sc->orders[i];
  int64_t x = m->opt_start[k] + p->opt[i];
  int32_t plant = m->opt_plant[x], L = m->opt_lane[x];
  d->wc = -supply_order_wc(m, k, plant);
  d->time = -supply_order_time(m, k, L);
  d->co2 = -supply_order_co2(m, k, L);
  d->tc = 0.0;
  if (L < 0) return;
  int32_t dl = p->day[i] - sc->day0;
  int64_t ld = L * (int64_t)sc->ndays + dl;
  double w = net->order_weight[k], w_new = p->ld_w[ld] - w, new_cost;
  if (p->ld_n[ld] - 1 == sc->base_n[ld]) {
    new_cost = sc->base_cost[ld];
  } else if (net->lane_mode[L] == SC_MODE_GROUND) {
    new_cost = supply_ground_truck(m, L, w_new);
  } else if (m->cfg.band_basis == ROUTE_BAND_BY_ORDER) {
    new_cost = p->ld_cost[ld] - supply_band_charge(m, supply_band_find(m, L, w, NULL), w);
  } else {
    int32_t b = supply_band_find(m, L, w_new, NULL);
    new_cost = p->ld_s[s_index(sc, L, dl) + (b - m->eb_start[L])] - supply_band_charge(m, b, w);
  }
  d->tc = new_cost - p->ld_cost[ld];
}

void supply_plan_add(supply_plan *p, int32_t i, int32_t o, int32_t day) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  const supply_net *net = m->net;
  int32_t k = sc->orders[i];
  int64_t x = m->opt_start[k] + o;
  int32_t plant = m->opt_plant[x], L = m->opt_lane[x];
  int32_t dl = day - sc->day0;
  int64_t nd = sc->ndays;
  p->opt[i] = o;
  p->day[i] = day;
  p->pd_count[plant * nd + dl]++;
  p->tot.served++;
  p->tot.wc += supply_order_wc(m, k, plant);
  p->tot.time += supply_order_time(m, k, L);
  p->tot.co2 += supply_order_co2(m, k, L);
  if (L < 0) return;
  int64_t ld = L * nd + dl;
  double w = net->order_weight[k];
  double *s = p->ld_s + s_index(sc, L, dl);
  p->ld_w[ld] += w;
  p->ld_n[ld]++;
  band_sums_update(m, L, s, w, 1.0);
  double c = lane_day_cost(m, L, p->ld_w[ld], p->ld_n[ld], s);
  p->tot.tc += c - p->ld_cost[ld];
  p->ld_cost[ld] = c;
}

void supply_plan_remove(supply_plan *p, int32_t i) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  const supply_net *net = m->net;
  int32_t o = p->opt[i];
  if (o == ROUTE_ABSENT) return;
  p->opt[i] = ROUTE_ABSENT;
  if (o == ROUTE_UNSERVED) {
    p->tot.unserved--;
    return;
  }
  int32_t k = sc->orders[i];
  int64_t x = m->opt_start[k] + o;
  int32_t plant = m->opt_plant[x], L = m->opt_lane[x];
  int32_t dl = p->day[i] - sc->day0;
  int64_t nd = sc->ndays;
  p->pd_count[plant * nd + dl]--;
  p->tot.served--;
  p->tot.wc -= supply_order_wc(m, k, plant);
  p->tot.time -= supply_order_time(m, k, L);
  p->tot.co2 -= supply_order_co2(m, k, L);
  if (L < 0) return;
  int64_t ld = L * nd + dl;
  int64_t si = s_index(sc, L, dl);
  double *s = p->ld_s + si;
  p->ld_n[ld]--;
  if (p->ld_n[ld] == sc->base_n[ld]) {
    /* Back to the fixed load: restore it exactly, so rounding never accumulates. */
    int32_t nb = m->eb_start[L + 1] - m->eb_start[L];
    p->ld_w[ld] = sc->base_w[ld];
    memcpy(s, sc->base_s + si, (size_t)nb * sizeof *s);
  } else {
    p->ld_w[ld] -= net->order_weight[k];
    band_sums_update(m, L, s, net->order_weight[k], -1.0);
  }
  double c = p->ld_n[ld] == sc->base_n[ld] ? sc->base_cost[ld]
                                           : lane_day_cost(m, L, p->ld_w[ld], p->ld_n[ld], s);
  p->tot.tc += c - p->ld_cost[ld];
  p->ld_cost[ld] = c;
}

void supply_plan_unserve(supply_plan *p, int32_t i) {
  if (p->opt[i] != ROUTE_ABSENT) return;
  p->opt[i] = ROUTE_UNSERVED;
  p->tot.unserved++;
}

void supply_plan_to_assign(const supply_plan *p, supply_assign *a) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  for (int32_t i = 0; i < sc->n; i++) {
    int32_t k = sc->orders[i];
    if (p->opt[i] < 0) {
      a->served[k] = 0;
      a->plant[k] = a->port[k] = a->lane[k] = -1;
      a->day[k] = m->net->order_date[k];
      continue;
    }
    int64_t x = m->opt_start[k] + p->opt[i];
    a->served[k] = 1;
    a->plant[k] = m->opt_plant[x];
    a->port[k] = m->opt_port[x];
    a->lane[k] = m->opt_lane[x];
    a->day[k] = p->day[i];
  }
}

supply_reason supply_plan_unserved_reason(const supply_plan *p, int32_t i) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  if (p->opt[i] >= 0) return ROUTE_REASON_SERVED;
  int32_t k = sc->orders[i];
  int32_t nopt = (int32_t)(m->opt_start[k + 1] - m->opt_start[k]);
  if (nopt == 0) return ROUTE_REASON_NO_ROUTE;
  int plant_room = 0;
  for (int32_t o = 0; o < nopt; o++) {
    int32_t plant = m->opt_plant[m->opt_start[k] + o];
    for (int32_t t = 0; t < m->win_len[k]; t++) {
      int32_t day = m->win_first[k] + t;
      int64_t pd = plant * (int64_t)sc->ndays + (day - sc->day0);
      supply_delta d;
      if (supply_plan_eval_add(p, i, o, day, &d)) return ROUTE_REASON_NOT_CHOSEN;
      if (p->pd_count[pd] < sc->pd_limit[pd]) plant_room = 1;
    }
  }
  return plant_room ? ROUTE_REASON_LANE_CAP : ROUTE_REASON_CAPACITY;
}

const char *supply_reason_name(supply_reason r) {
  switch (r) {
  case ROUTE_REASON_SERVED: return "served";
  case ROUTE_REASON_NO_ROUTE: return "no route";
  case ROUTE_REASON_CAPACITY: return "plant capacity";
  case ROUTE_REASON_LANE_CAP: return "lane weight cap";
  case ROUTE_REASON_NOT_CHOSEN: return "not chosen";
  }
  return "?";
}

static int differs(double a, double b) {
  return fabs(a - b) > 1e-6 + 1e-9 * fmax(fabs(a), fabs(b));
}

ar_status supply_plan_verify(const supply_plan *p, const supply_assign *fixed) {
  const supply_scope *sc = p->sc;
  const supply_model *m = sc->m;
  const supply_net *net = m->net;
  supply_assign a;
  ar_status st = supply_assign_alloc(&a, net->n_orders);
  if (st != AR_OK) return st;
  if (fixed) {
    memcpy(a.served, fixed->served, (size_t)net->n_orders * sizeof *a.served);
    memcpy(a.plant, fixed->plant, (size_t)net->n_orders * sizeof *a.plant);
    memcpy(a.port, fixed->port, (size_t)net->n_orders * sizeof *a.port);
    memcpy(a.lane, fixed->lane, (size_t)net->n_orders * sizeof *a.lane);
    memcpy(a.day, fixed->day, (size_t)net->n_orders * sizeof *a.day);
    /* Only fixed orders shipped on the scope's days share a plant-day or a lane-day with its
     * orders (everything that couples orders is per plant-day or lane-day: supply_check.h); the
     * others would add the same to both checks below, at a cost that grew with every month
     * fixed (the twelfth month of a year of 100,000 orders a month: 0.45 s instead of 0.04). */
    for (int32_t k = 0; k < net->n_orders; k++)
      if (a.served[k] && (a.day[k] < sc->day0 || a.day[k] >= sc->day0 + sc->ndays)) a.served[k] = 0;
  }
  for (int32_t i = 0; i < sc->n; i++)
    a.served[sc->orders[i]] = 0;
  supply_check_result base = {0}, full = {0};
  st = supply_check(m, &a, 0, &base);
  int32_t absent = 0;
  for (int32_t i = 0; i < sc->n; i++)
    absent += p->opt[i] == ROUTE_ABSENT;
  supply_plan_to_assign(p, &a);
  if (st == AR_OK) st = supply_check(m, &a, 0, &full);
  if (st == AR_OK) {
    supply_totals t = {full.tot.served - base.tot.served, 0,
                       full.tot.wc - base.tot.wc,         full.tot.tc - base.tot.tc,
                       full.tot.time - base.tot.time,     full.tot.co2 - base.tot.co2};
    t.unserved = sc->n - t.served;
    char text[512] = "";
    if (absent)
      snprintf(text, sizeof text, "%d orders were never placed", (int)absent);
    else if (t.served != p->tot.served || t.unserved != p->tot.unserved)
      snprintf(text, sizeof text, "served %lld/%lld, recomputed %lld/%lld",
               (long long)p->tot.served, (long long)p->tot.unserved, (long long)t.served,
               (long long)t.unserved);
    else if (differs(t.wc, p->tot.wc) || differs(t.tc, p->tot.tc) || differs(t.time, p->tot.time) ||
             differs(t.co2, p->tot.co2))
      snprintf(text, sizeof text,
               "totals (WC %.6f, TC %.6f, time %.6f, CO2 %.6f) differ from their recomputation "
               "(%.6f, %.6f, %.6f, %.6f)",
               p->tot.wc, p->tot.tc, p->tot.time, p->tot.co2, t.wc, t.tc, t.time, t.co2);
    else if (full.nv > base.nv) {
      /* The fixed orders are checked too: name the first violation they do not have. */
      int64_t i = 0;
      while (i < base.nv && full.v[i].kind == base.v[i].kind &&
             full.v[i].order == base.v[i].order && full.v[i].plant == base.v[i].plant &&
             full.v[i].lane == base.v[i].lane && full.v[i].day == base.v[i].day)
        i++;
      char line[400];
      supply_violation_format(m, &a, &full.v[i < full.nv ? i : 0], line, sizeof line);
      snprintf(text, sizeof text, "the plan breaks %lld constraints, e.g. %s",
               (long long)(full.nv - base.nv), line);
    }
    if (text[0]) st = ar_fail(AR_ERR_INTERNAL, "self-check of the plan failed: %s", text);
  }
  supply_check_free(&base);
  supply_check_free(&full);
  supply_assign_free(&a);
  return st;
}
