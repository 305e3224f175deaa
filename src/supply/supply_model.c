/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_model: effective bands, lane constants, ship windows and route options per order. */
#include "supply_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void supply_config_default(supply_config *cfg) {
  memset(cfg, 0, sizeof *cfg);
  cfg->band_basis = ROUTE_BAND_BY_LANE;
  cfg->dup_rows = ROUTE_DUP_FIRST;
  cfg->band_gap = ROUTE_GAP_FLOOR;
  cfg->min_cost = ROUTE_MINCOST_BAND;
  cfg->service_match = ROUTE_SERVICE_EXACT;
  cfg->vmi = 1;
  cfg->capacity = 1;
  cfg->lane_caps = 1;
  cfg->ship_window = 1;
  cfg->penalty = 1000.0;
  /* GLEC Framework v3.0 (2023), Table 1, air freighter > 1,500 km, TTW; DEFRA/DECC 2012
   * conversion factors, Annex 7 Table 7e, all HGVs UK average, direct. See docs/model.md. */
  cfg->co2_air = 0.498;
  cfg->co2_ground = 0.12366;
  cfg->co2_km = 2000.0;
  cfg->n_keys = 2;
  cfg->key[0] = ROUTE_GOAL_UNSERVED;
  cfg->key[1] = ROUTE_GOAL_WEIGHTED;
  cfg->weight_cost = 1.0;
}

static void *alloc_array(int64_t n, size_t size) { return calloc(n > 0 ? (size_t)n : 1, size); }

static ar_status build_bands(supply_model *m) {
  const supply_net *net = m->net;
  m->eb_start = alloc_array(net->n_lanes + 1, sizeof(int32_t));
  m->eb_min = alloc_array(net->n_bands, sizeof(double));
  m->eb_max = alloc_array(net->n_bands, sizeof(double));
  m->eb_min_cost = alloc_array(net->n_bands, sizeof(double));
  m->eb_rate = alloc_array(net->n_bands, sizeof(double));
  m->lane_cap = alloc_array(net->n_lanes, sizeof(double));
  m->lane_co2_per_kg = alloc_array(net->n_lanes, sizeof(double));
  if (!m->eb_start || !m->eb_min || !m->eb_max || !m->eb_min_cost || !m->eb_rate || !m->lane_cap ||
      !m->lane_co2_per_kg)
    return ar_fail(AR_ERR_NOMEM, "out of memory for %d weight bands", (int)net->n_bands);
  int32_t n = 0;
  for (int32_t L = 0; L < net->n_lanes; L++) {
    m->eb_start[L] = n;
    int32_t i = net->lane_band_start[L], end = net->lane_band_start[L + 1];
    while (i < end) {
      /* A run of rows with the same (min, max): duplicates, adjacent, in file order. */
      int32_t r0 = net->lane_band[i], j = i + 1;
      while (j < end && net->band_min_weight[net->lane_band[j]] == net->band_min_weight[r0] &&
             net->band_max_weight[net->lane_band[j]] == net->band_max_weight[r0])
        j++;
      double mc = net->band_min_cost[r0], rate = net->band_rate[r0];
      for (int32_t t = i + 1; t < j; t++) {
        int32_t r = net->lane_band[t];
        switch (m->cfg.dup_rows) {
        case ROUTE_DUP_FIRST: break;
        case ROUTE_DUP_LAST:
          mc = net->band_min_cost[r];
          rate = net->band_rate[r];
          break;
        case ROUTE_DUP_MIN:
          mc = fmin(mc, net->band_min_cost[r]);
          rate = fmin(rate, net->band_rate[r]);
          break;
        case ROUTE_DUP_MAX:
          mc = fmax(mc, net->band_min_cost[r]);
          rate = fmax(rate, net->band_rate[r]);
          break;
        case ROUTE_DUP_MEAN:
          mc += net->band_min_cost[r];
          rate += net->band_rate[r];
          break;
        }
      }
      if (m->cfg.dup_rows == ROUTE_DUP_MEAN) {
        mc /= (double)(j - i);
        rate /= (double)(j - i);
      }
      m->eb_min[n] = net->band_min_weight[r0];
      m->eb_max[n] = net->band_max_weight[r0];
      m->eb_min_cost[n] = mc;
      m->eb_rate[n] = rate;
      n++;
      i = j;
    }
    int32_t nb = n - m->eb_start[L];
    if (nb > m->max_bands) m->max_bands = nb;
    if (m->cfg.min_cost != ROUTE_MINCOST_BAND && nb > 0) {
      double v = m->eb_min_cost[m->eb_start[L]];
      for (int32_t b = m->eb_start[L]; b < n; b++)
        v = m->cfg.min_cost == ROUTE_MINCOST_LANE_MIN ? fmin(v, m->eb_min_cost[b])
                                                      : fmax(v, m->eb_min_cost[b]);
      for (int32_t b = m->eb_start[L]; b < n; b++)
        m->eb_min_cost[b] = v;
    }
    m->lane_cap[L] = m->cfg.lane_caps ? net->lane_max_weight[L] : HUGE_VAL;
    double factor = net->lane_mode[L] == SC_MODE_AIR ? m->cfg.co2_air : m->cfg.co2_ground;
    m->lane_co2_per_kg[L] = factor / 1000.0 * m->cfg.co2_km;
  }
  m->eb_start[net->n_lanes] = n;
  m->n_eb = n;
  return AR_OK;
}

static int plant_serves_customer(const supply_net *net, int vmi, int32_t plant, int32_t customer) {
  if (!vmi) return 1;
  int32_t lo = net->plant_vmi_start[plant], hi = net->plant_vmi_start[plant + 1];
  if (lo == hi) return 1; /* not VMI-listed: serves anyone */
  while (lo < hi) {
    int32_t mid = lo + (hi - lo) / 2;
    if (net->plant_vmi_customer[mid] < customer)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < net->plant_vmi_start[plant + 1] && net->plant_vmi_customer[lo] == customer;
}

static int lane_serves(const supply_model *m, int32_t k, int32_t lane) {
  const supply_net *net = m->net;
  int svc = net->order_service[k], ls = net->lane_service[lane];
  if (net->lane_dest_port[lane] != net->order_dest_port[k]) return 0;
  switch (m->cfg.service_match) {
  case ROUTE_SERVICE_EXACT:
    if (ls != svc) return 0;
    break;
  case ROUTE_SERVICE_DTD_FOR_DTP:
    if (!(ls == svc || (svc == SC_SERVICE_DTP && ls == SC_SERVICE_DTD))) return 0;
    break;
  case ROUTE_SERVICE_ANY: break;
  }
  if (m->cfg.tpt_limit && net->lane_tpt_days[lane] > net->hist_tpt_days[k]) return 0;
  return 1;
}

/* Lanes by origin port (CSR), ascending lane index. */
typedef struct {
  int32_t *start, *lane;
} port_lanes;

static ar_status port_lanes_build(const supply_net *net, port_lanes *pl) {
  pl->start = alloc_array(net->ports.n + 1, sizeof(int32_t));
  pl->lane = alloc_array(net->n_lanes, sizeof(int32_t));
  if (!pl->start || !pl->lane) return ar_fail(AR_ERR_NOMEM, "out of memory indexing lanes");
  for (int32_t L = 0; L < net->n_lanes; L++)
    pl->start[net->lane_orig_port[L] + 1]++;
  for (int32_t p = 0; p < net->ports.n; p++)
    pl->start[p + 1] += pl->start[p];
  int32_t *fill = alloc_array(net->ports.n, sizeof(int32_t));
  if (!fill) return ar_fail(AR_ERR_NOMEM, "out of memory indexing lanes");
  for (int32_t L = 0; L < net->n_lanes; L++) {
    int32_t p = net->lane_orig_port[L];
    pl->lane[pl->start[p] + fill[p]++] = L;
  }
  free(fill);
  return AR_OK;
}

/* Visits order k's options in (plant, port, lane) order: counts them, or stores them at out. */
static int64_t order_options(const supply_model *m, const port_lanes *pl, int32_t k, int64_t out) {
  const supply_net *net = m->net;
  int64_t n = 0;
  int32_t q = net->order_product[k];
  for (int32_t s = net->product_plant_start[q]; s < net->product_plant_start[q + 1]; s++) {
    int32_t plant = net->product_plant[s];
    if (!plant_serves_customer(net, m->cfg.vmi, plant, net->order_customer[k])) continue;
    for (int32_t pp = net->plant_port_start[plant]; pp < net->plant_port_start[plant + 1]; pp++) {
      int32_t port = net->plant_port[pp];
      if (net->order_service[k] == SC_SERVICE_CRF) {
        if (out >= 0) {
          m->opt_plant[out + n] = plant;
          m->opt_port[out + n] = port;
          m->opt_lane[out + n] = -1;
        }
        n++;
        continue;
      }
      for (int32_t i = pl->start[port]; i < pl->start[port + 1]; i++) {
        int32_t lane = pl->lane[i];
        if (!lane_serves(m, k, lane)) continue;
        if (out >= 0) {
          m->opt_plant[out + n] = plant;
          m->opt_port[out + n] = port;
          m->opt_lane[out + n] = lane;
        }
        n++;
      }
    }
  }
  return n;
}

static ar_status build_options(supply_model *m) {
  const supply_net *net = m->net;
  port_lanes pl = {0};
  ar_status st = port_lanes_build(net, &pl);
  m->opt_start = alloc_array(net->n_orders + 1, sizeof(int64_t));
  if (st == AR_OK && !m->opt_start) st = ar_fail(AR_ERR_NOMEM, "out of memory for options");
  for (int32_t k = 0; st == AR_OK && k < net->n_orders; k++) {
    int64_t n = order_options(m, &pl, k, -1);
    if (n > m->max_options) m->max_options = (int32_t)n;
    m->opt_start[k + 1] = m->opt_start[k] + n;
  }
  if (st == AR_OK) {
    int64_t total = m->opt_start[net->n_orders];
    m->opt_plant = alloc_array(total, sizeof(int32_t));
    m->opt_port = alloc_array(total, sizeof(int32_t));
    m->opt_lane = alloc_array(total, sizeof(int32_t));
    if (!m->opt_plant || !m->opt_port || !m->opt_lane)
      st = ar_fail(AR_ERR_NOMEM, "out of memory for %lld route options", (long long)total);
  }
  for (int32_t k = 0; st == AR_OK && k < net->n_orders; k++)
    order_options(m, &pl, k, m->opt_start[k]);
  free(pl.start);
  free(pl.lane);
  return st;
}

static ar_status build_windows(supply_model *m) {
  const supply_net *net = m->net;
  m->win_first = alloc_array(net->n_orders, sizeof(int32_t));
  m->win_len = alloc_array(net->n_orders, sizeof(int32_t));
  if (!m->win_first || !m->win_len) return ar_fail(AR_ERR_NOMEM, "out of memory for windows");
  m->day_min = INT32_MAX;
  m->day_max = INT32_MIN;
  for (int32_t k = 0; k < net->n_orders; k++) {
    int32_t first = net->order_date[k], len = 1;
    if (m->cfg.ship_window) {
      first -= net->order_ship_ahead[k];
      len += net->order_ship_ahead[k] + net->order_ship_late[k];
    }
    m->win_first[k] = first;
    m->win_len[k] = len;
    if (len > m->max_window) m->max_window = len;
    if (first < m->day_min) m->day_min = first;
    if (first + len - 1 > m->day_max) m->day_max = first + len - 1;
  }
  if (net->n_orders == 0) m->day_min = m->day_max = 0;
  return AR_OK;
}

ar_status supply_model_build(const supply_net *net, const supply_config *cfg, supply_model *m) {
  memset(m, 0, sizeof *m);
  m->net = net;
  m->cfg = *cfg;
  if (cfg->n_keys < 1 || cfg->n_keys > ROUTE_KEYS_MAX)
    return ar_fail(AR_ERR_USAGE, "the goal order needs 1 to %d goals", ROUTE_KEYS_MAX);
  ar_status st = build_bands(m);
  if (st == AR_OK) st = build_options(m);
  if (st == AR_OK) st = build_windows(m);
  if (st != AR_OK) supply_model_free(m);
  return st;
}

void supply_model_free(supply_model *m) {
  free(m->eb_start);
  free(m->eb_min);
  free(m->eb_max);
  free(m->eb_min_cost);
  free(m->eb_rate);
  free(m->lane_cap);
  free(m->lane_co2_per_kg);
  free(m->opt_start);
  free(m->opt_plant);
  free(m->opt_port);
  free(m->opt_lane);
  free(m->win_first);
  free(m->win_len);
  memset(m, 0, sizeof *m);
}

static int compare_int32(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

void supply_model_option_stats(const supply_model *m, supply_option_stats *s) {
  const supply_net *net = m->net;
  memset(s, 0, sizeof *s);
  int32_t *counts = alloc_array(net->n_orders, sizeof(int32_t));
  for (int g = 0; g <= SC_SERVICE_COUNT; g++) {
    int32_t n = 0;
    for (int32_t k = 0; k < net->n_orders; k++) {
      if (g < SC_SERVICE_COUNT && net->order_service[k] != g) continue;
      int32_t c = (int32_t)(m->opt_start[k + 1] - m->opt_start[k]);
      if (counts) counts[n] = c;
      n++;
      if (g == SC_SERVICE_COUNT) {
        s->pairs += c;
        if (c == 0) s->no_route++;
      }
    }
    s->orders[g] = n;
    if (!counts || n == 0) continue;
    qsort(counts, (size_t)n, sizeof *counts, compare_int32);
    s->min[g] = counts[0];
    s->max[g] = counts[n - 1];
    s->median[g] = n % 2 ? counts[n / 2] : 0.5 * (counts[n / 2 - 1] + counts[n / 2]);
  }
  free(counts);
}
