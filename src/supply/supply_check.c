/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_check: from-scratch costs and violations of a plan (see supply_check.h). */
#include "supply_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ar_status supply_assign_alloc(supply_assign *a, int32_t n) {
  memset(a, 0, sizeof *a);
  size_t cnt = n > 0 ? (size_t)n : 1;
  a->n = n;
  a->served = calloc(cnt, sizeof *a->served);
  a->plant = calloc(cnt, sizeof *a->plant);
  a->port = calloc(cnt, sizeof *a->port);
  a->lane = calloc(cnt, sizeof *a->lane);
  a->day = calloc(cnt, sizeof *a->day);
  if (!a->served || !a->plant || !a->port || !a->lane || !a->day) {
    supply_assign_free(a);
    return ar_fail(AR_ERR_NOMEM, "out of memory for a plan of %d orders", (int)n);
  }
  return AR_OK;
}

void supply_assign_free(supply_assign *a) {
  free(a->served);
  free(a->plant);
  free(a->port);
  free(a->lane);
  free(a->day);
  free(a->line);
  memset(a, 0, sizeof *a);
}

ar_status supply_assign_historical(const supply_net *net, supply_assign *a) {
  ar_status st = supply_assign_alloc(a, net->n_orders);
  if (st != AR_OK) return st;
  for (int32_t k = 0; k < net->n_orders; k++) {
    a->served[k] = 1;
    a->plant[k] = net->hist_plant[k];
    a->port[k] = net->hist_port[k];
    a->lane[k] = net->order_service[k] == SC_SERVICE_CRF ? -1 : net->hist_lane[k];
    a->day[k] = net->order_date[k];
  }
  return AR_OK;
}

static ar_status add_violation(supply_check_result *r, supply_violation v) {
  if (r->nv == r->cap_v) {
    int64_t cap = r->cap_v ? 2 * r->cap_v : 64;
    supply_violation *nv = realloc(r->v, (size_t)cap * sizeof *nv);
    if (!nv) return ar_fail(AR_ERR_NOMEM, "out of memory listing violations");
    r->v = nv;
    r->cap_v = cap;
  }
  r->v[r->nv++] = v;
  r->count[v.kind]++;
  return AR_OK;
}

static ar_status order_violation(supply_check_result *r, supply_violation_kind kind, int32_t k,
                                 int32_t plant, int32_t lane) {
  supply_violation v = {kind, k, plant, lane, -1, 0.0, 0.0};
  return add_violation(r, v);
}

static int in_sorted(const int32_t *list, int32_t lo, int32_t end, int32_t x) {
  int32_t hi = end;
  while (lo < hi) {
    int32_t mid = lo + (hi - lo) / 2;
    if (list[mid] < x)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < end && list[lo] == x;
}

static int service_ok(const supply_model *m, int order_svc, int lane_svc) {
  switch (m->cfg.service_match) {
  case ROUTE_SERVICE_EXACT: return order_svc == lane_svc;
  case ROUTE_SERVICE_DTD_FOR_DTP:
    return order_svc == lane_svc || (order_svc == SC_SERVICE_DTP && lane_svc == SC_SERVICE_DTD);
  case ROUTE_SERVICE_ANY: return 1;
  }
  return 0;
}

static ar_status check_orders(const supply_model *m, const supply_assign *a,
                              supply_check_result *r) {
  const supply_net *net = m->net;
  ar_status st = AR_OK;
  for (int32_t k = 0; k < a->n && st == AR_OK; k++) {
    if (!a->served[k]) continue;
    int32_t i = a->plant[k], p = a->port[k], L = a->lane[k];
    int32_t q = net->order_product[k];
    if (!in_sorted(net->product_plant, net->product_plant_start[q], net->product_plant_start[q + 1],
                   i))
      st = order_violation(r, ROUTE_V_PRODUCT, k, i, L);
    if (st == AR_OK && m->cfg.vmi && net->plant_vmi_start[i] < net->plant_vmi_start[i + 1] &&
        !in_sorted(net->plant_vmi_customer, net->plant_vmi_start[i], net->plant_vmi_start[i + 1],
                   net->order_customer[k]))
      st = order_violation(r, ROUTE_V_VMI, k, i, L);
    if (st == AR_OK &&
        !in_sorted(net->plant_port, net->plant_port_start[i], net->plant_port_start[i + 1], p))
      st = order_violation(r, ROUTE_V_PORT, k, i, L);
    if (st == AR_OK && net->order_service[k] != SC_SERVICE_CRF) {
      if (L < 0) {
        st = order_violation(r, ROUTE_V_NO_LANE, k, i, L);
      } else {
        if (net->lane_orig_port[L] != p || net->lane_dest_port[L] != net->order_dest_port[k])
          st = order_violation(r, ROUTE_V_LANE_ROUTE, k, i, L);
        if (st == AR_OK && !service_ok(m, net->order_service[k], net->lane_service[L]))
          st = order_violation(r, ROUTE_V_SERVICE, k, i, L);
        if (st == AR_OK && m->cfg.tpt_limit && net->lane_tpt_days[L] > net->hist_tpt_days[k])
          st = order_violation(r, ROUTE_V_TPT, k, i, L);
      }
    }
    if (st == AR_OK &&
        (a->day[k] < m->win_first[k] || a->day[k] >= m->win_first[k] + m->win_len[k]))
      st = order_violation(r, ROUTE_V_DAY, k, i, L);
  }
  return st;
}

/* Sorting served orders by (key, day, order). */
typedef struct {
  int32_t key, day, order;
} key_day;

static int compare_key_day(const void *a, const void *b) {
  const key_day *x = a, *y = b;
  if (x->key != y->key) return x->key < y->key ? -1 : 1;
  if (x->day != y->day) return x->day < y->day ? -1 : 1;
  return (x->order > y->order) - (x->order < y->order);
}

static ar_status check_capacity(const supply_model *m, const supply_assign *a, key_day *buf,
                                supply_check_result *r) {
  const supply_net *net = m->net;
  int64_t n = 0;
  for (int32_t k = 0; k < a->n; k++)
    if (a->served[k]) buf[n++] = (key_day){a->plant[k], a->day[k], k};
  qsort(buf, (size_t)n, sizeof *buf, compare_key_day);
  for (int64_t i = 0; i < n;) {
    int64_t j = i;
    while (j < n && buf[j].key == buf[i].key && buf[j].day == buf[i].day)
      j++;
    int32_t cap = net->plant_capacity[buf[i].key];
    if (j - i > cap) {
      supply_violation v = {ROUTE_V_CAPACITY, -1, buf[i].key, -1, buf[i].day, (double)(j - i), cap};
      ar_status st = add_violation(r, v);
      if (st != AR_OK) return st;
    }
    i = j;
  }
  return AR_OK;
}

static ar_status check_lanes(const supply_model *m, const supply_assign *a, key_day *buf,
                             supply_check_result *r) {
  const supply_net *net = m->net;
  int64_t n = 0;
  for (int32_t k = 0; k < a->n; k++)
    if (a->served[k] && a->lane[k] >= 0 && net->order_service[k] != SC_SERVICE_CRF)
      buf[n++] = (key_day){a->lane[k], a->day[k], k};
  qsort(buf, (size_t)n, sizeof *buf, compare_key_day);
  for (int64_t i = 0; i < n;) {
    int64_t j = i;
    double w = 0.0;
    while (j < n && buf[j].key == buf[i].key && buf[j].day == buf[i].day)
      w += net->order_weight[buf[j++].order];
    int32_t L = buf[i].key;
    int in_gap = 0;
    int32_t b = supply_band_find(m, L, w, &in_gap);
    double lane_cost = 0.0;
    if (net->lane_mode[L] == SC_MODE_GROUND) {
      double truck = supply_ground_truck(m, L, w);
      lane_cost = truck;
      for (int64_t t = i; t < j; t++) {
        int32_t k = buf[t].order;
        double share = w > 0.0 ? truck * net->order_weight[k] / w : truck / (double)(j - i);
        if (r->order_tc) r->order_tc[k] = share;
      }
    } else {
      for (int64_t t = i; t < j; t++) {
        int32_t k = buf[t].order;
        double wk = net->order_weight[k];
        int32_t bk =
            m->cfg.band_basis == ROUTE_BAND_BY_ORDER ? supply_band_find(m, L, wk, NULL) : b;
        double c = supply_band_charge(m, bk, wk);
        lane_cost += c;
        if (r->order_tc) r->order_tc[k] = c;
      }
    }
    r->tot.tc += lane_cost;
    ar_status st = AR_OK;
    if (m->cfg.lane_caps && w > m->lane_cap[L] + 1e-6) {
      supply_violation v = {ROUTE_V_LANE_CAP, -1, -1, L, buf[i].day, w, m->lane_cap[L]};
      st = add_violation(r, v);
    }
    if (st == AR_OK && m->cfg.band_gap == ROUTE_GAP_STRICT && in_gap) {
      supply_violation v = {ROUTE_V_BAND_GAP, -1, -1, L, buf[i].day, w, 0.0};
      st = add_violation(r, v);
    }
    if (st != AR_OK) return st;
    i = j;
  }
  return AR_OK;
}

ar_status supply_check(const supply_model *m, const supply_assign *a, int want_parts,
                       supply_check_result *r) {
  const supply_net *net = m->net;
  memset(r, 0, sizeof *r);
  size_t cnt = a->n > 0 ? (size_t)a->n : 1;
  key_day *buf = malloc(cnt * sizeof *buf);
  if (want_parts) {
    r->order_wc = calloc(cnt, sizeof(double));
    r->order_tc = calloc(cnt, sizeof(double));
    r->order_time = calloc(cnt, sizeof(double));
    r->order_co2 = calloc(cnt, sizeof(double));
  }
  if (!buf || (want_parts && (!r->order_wc || !r->order_tc || !r->order_time || !r->order_co2))) {
    free(buf);
    supply_check_free(r);
    return ar_fail(AR_ERR_NOMEM, "out of memory checking a plan of %d orders", (int)a->n);
  }
  for (int32_t k = 0; k < a->n; k++) {
    if (!a->served[k]) {
      r->tot.unserved++;
      continue;
    }
    r->tot.served++;
    double wc = supply_order_wc(m, k, a->plant[k]);
    int32_t L = net->order_service[k] == SC_SERVICE_CRF ? -1 : a->lane[k];
    double time = supply_order_time(m, k, L), co2 = supply_order_co2(m, k, L);
    r->tot.wc += wc;
    r->tot.time += time;
    r->tot.co2 += co2;
    if (want_parts) {
      r->order_wc[k] = wc;
      r->order_time[k] = time;
      r->order_co2[k] = co2;
    }
  }
  ar_status st = AR_OK;
  if (m->cfg.capacity) st = check_capacity(m, a, buf, r);
  if (st == AR_OK) st = check_lanes(m, a, buf, r);
  if (st == AR_OK) st = check_orders(m, a, r);
  free(buf);
  if (st != AR_OK) supply_check_free(r);
  return st;
}

void supply_check_free(supply_check_result *r) {
  free(r->order_wc);
  free(r->order_tc);
  free(r->order_time);
  free(r->order_co2);
  free(r->v);
  memset(r, 0, sizeof *r);
}

const char *supply_violation_kind_name(supply_violation_kind kind) {
  switch (kind) {
  case ROUTE_V_CAPACITY: return "plant capacity";
  case ROUTE_V_LANE_CAP: return "lane weight cap";
  case ROUTE_V_BAND_GAP: return "band gap";
  case ROUTE_V_PRODUCT: return "product";
  case ROUTE_V_VMI: return "VMI";
  case ROUTE_V_PORT: return "plant port";
  case ROUTE_V_NO_LANE: return "no lane";
  case ROUTE_V_LANE_ROUTE: return "lane route";
  case ROUTE_V_SERVICE: return "service level";
  case ROUTE_V_TPT: return "transit time";
  case ROUTE_V_DAY: return "ship day";
  case ROUTE_V_KINDS: break;
  }
  return "violation";
}

void supply_violation_format(const supply_model *m, const supply_assign *a,
                             const supply_violation *v, char *buf, unsigned long cap) {
  const supply_net *net = m->net;
  const char *kind = supply_violation_kind_name(v->kind);
  char day[16] = "", lane[SC_CODE_MAX * 4 + 64], where[96] = "";
  if (v->day >= 0 || v->kind == ROUTE_V_CAPACITY || v->kind == ROUTE_V_LANE_CAP ||
      v->kind == ROUTE_V_BAND_GAP)
    supply_date_format(v->day, day, sizeof day);
  supply_lane_name(net, v->lane, lane, sizeof lane);
  switch (v->kind) {
  case ROUTE_V_CAPACITY:
    snprintf(buf, cap, "%s: %s on %s: %.0f orders > capacity %.0f", kind,
             net->plants.code[v->plant], day, v->value, v->limit);
    return;
  case ROUTE_V_LANE_CAP:
    snprintf(buf, cap, "%s: %s on %s: %.2f kg > cap %.2f kg", kind, lane, day, v->value, v->limit);
    return;
  case ROUTE_V_BAND_GAP:
    snprintf(buf, cap, "%s: %s on %s: total %.2f kg lies in no weight band", kind, lane, day,
             v->value);
    return;
  default: break;
  }
  int32_t k = v->order;
  if (a && a->line && a->line[k] > 0)
    snprintf(where, sizeof where, "order %lld (line %ld)", (long long)net->order_id[k], a->line[k]);
  else
    snprintf(where, sizeof where, "order %lld", (long long)net->order_id[k]);
  const char *plant = v->plant >= 0 ? net->plants.code[v->plant] : "?";
  char ship[16] = "", first[16], last[16];
  switch (v->kind) {
  case ROUTE_V_PRODUCT:
    snprintf(buf, cap, "%s: %s: %s does not stock product %s", kind, where, plant,
             net->products.code[net->order_product[k]]);
    break;
  case ROUTE_V_VMI:
    snprintf(buf, cap, "%s: %s: %s serves only its VMI customers, not %s", kind, where, plant,
             net->customers.code[net->order_customer[k]]);
    break;
  case ROUTE_V_PORT:
    snprintf(buf, cap, "%s: %s: %s does not ship from %s", kind, where, plant,
             a ? net->ports.code[a->port[k]] : "?");
    break;
  case ROUTE_V_NO_LANE:
    snprintf(buf, cap, "%s: %s: a %s order needs a lane", kind, where,
             supply_service_name(net->order_service[k]));
    break;
  case ROUTE_V_LANE_ROUTE:
    snprintf(buf, cap, "%s: %s: lane %s does not run from %s to %s", kind, where, lane,
             a ? net->ports.code[a->port[k]] : "?", net->ports.code[net->order_dest_port[k]]);
    break;
  case ROUTE_V_SERVICE:
    snprintf(buf, cap, "%s: %s: a %s order on lane %s", kind, where,
             supply_service_name(net->order_service[k]), lane);
    break;
  case ROUTE_V_TPT:
    snprintf(buf, cap, "%s: %s: lane %s takes %d days, the order allows %d", kind, where, lane,
             (int)net->lane_tpt_days[v->lane], (int)net->hist_tpt_days[k]);
    break;
  case ROUTE_V_DAY:
    if (a) supply_date_format(a->day[k], ship, sizeof ship);
    supply_date_format(m->win_first[k], first, sizeof first);
    supply_date_format(m->win_first[k] + m->win_len[k] - 1, last, sizeof last);
    snprintf(buf, cap, "%s: %s: ships on %s, outside its window %s .. %s", kind, where, ship, first,
             last);
    break;
  default: snprintf(buf, cap, "%s: %s", kind, where); break;
  }
}
