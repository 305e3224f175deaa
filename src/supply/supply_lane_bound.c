/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_lane_bound: least lane charges for lower bounds (see supply_lane_bound.h). */
#include "supply_lane_bound.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

ar_status supply_lane_reach_build(const supply_scope *sc, supply_lane_reach *r) {
  const supply_model *m = sc->m;
  const supply_net *net = m->net;
  int64_t nd = sc->ndays;
  r->sc = sc;
  r->wmax = calloc((size_t)net->n_lanes * (size_t)nd + 1, sizeof *r->wmax);
  int32_t *seen = malloc(((size_t)net->n_lanes + 1) * sizeof *seen);
  if (!r->wmax || !seen) {
    free(seen);
    supply_lane_reach_free(r);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the lanes' heaviest loads");
  }
  for (int32_t L = 0; L < net->n_lanes; L++)
    seen[L] = -1;
  for (int32_t k = 0; k < net->n_orders; k++) {
    int64_t d0 = m->win_first[k] - sc->day0, d1 = d0 + m->win_len[k];
    if (d1 <= 0 || d0 >= nd) continue;
    for (int64_t x = m->opt_start[k]; x < m->opt_start[k + 1]; x++) {
      int32_t L = m->opt_lane[x];
      if (L < 0 || seen[L] == k) continue; /* each lane once per order */
      seen[L] = k;
      for (int64_t d = d0 < 0 ? 0 : d0; d < d1 && d < nd; d++)
        r->wmax[L * nd + d] += net->order_weight[k];
    }
  }
  free(seen);
  for (int32_t L = 0; L < net->n_lanes; L++)
    for (int64_t d = 0; d < nd; d++) {
      double *w = &r->wmax[L * nd + d];
      double most = sc->base_w[L * nd + d] + *w; /* fixed orders counted once more: harmless */
      *w = most < m->lane_cap[L] ? most : m->lane_cap[L];
    }
  return AR_OK;
}

void supply_lane_reach_free(supply_lane_reach *r) {
  free(r->wmax);
  r->wmax = NULL;
}

/* The bands that some total weight in [lo, hi] selects: first .. last. */
static void reachable_bands(const supply_model *m, int32_t L, double lo, double hi, int32_t *first,
                            int32_t *last) {
  *first = supply_band_find(m, L, lo, NULL);
  *last = supply_band_find(m, L, hi > lo ? hi : lo, NULL);
}

static double truck_rate(const supply_model *m, int32_t b) {
  double r = m->eb_rate[b];
  return m->cfg.ground_min_charge && m->eb_min_cost[b] > r ? m->eb_min_cost[b] : r;
}

double supply_lane_reach_charge(const supply_lane_reach *r, int32_t k, int32_t L, int32_t d) {
  const supply_scope *sc = r->sc;
  const supply_model *m = sc->m;
  const supply_net *net = m->net;
  int64_t ld = (int64_t)L * sc->ndays + d;
  double w = net->order_weight[k], lo = w + sc->base_w[ld], hi = r->wmax[ld];
  int32_t first, last;
  reachable_bands(m, L, lo, hi, &first, &last);
  double best = HUGE_VAL;
  if (net->lane_mode[L] == SC_MODE_GROUND) {
    if (sc->base_n[ld] > 0 || w <= 0.0) return 0.0;
    for (int32_t b = first; b <= last; b++)
      if (truck_rate(m, b) < best) best = truck_rate(m, b);
    return best * w / (hi > lo ? hi : lo);
  }
  if (m->cfg.band_basis == ROUTE_BAND_BY_ORDER)
    return supply_band_charge(m, supply_band_find(m, L, w, NULL), w);
  for (int32_t b = first; b <= last; b++) {
    double c = supply_band_charge(m, b, w);
    if (c < best) best = c;
  }
  return best;
}

double supply_lane_reach_rebate(const supply_lane_reach *r) {
  const supply_scope *sc = r->sc;
  const supply_model *m = sc->m;
  const supply_net *net = m->net;
  double rebate = 0.0;
  for (int32_t L = 0; L < net->n_lanes; L++)
    for (int32_t d = 0; d < sc->ndays; d++) {
      int64_t ld = (int64_t)L * sc->ndays + d;
      if (sc->base_n[ld] == 0) continue;
      int ground = net->lane_mode[L] == SC_MODE_GROUND;
      if (!ground && m->cfg.band_basis == ROUTE_BAND_BY_ORDER) continue; /* bands do not move */
      int32_t first, last, nb = m->eb_start[L + 1] - m->eb_start[L];
      reachable_bands(m, L, sc->base_w[ld], r->wmax[ld], &first, &last);
      const double *sums = sc->base_s + sc->s_offset[L] + (int64_t)d * nb;
      double least = HUGE_VAL;
      for (int32_t b = first; b <= last; b++) {
        double c = ground ? truck_rate(m, b) : sums[b - m->eb_start[L]];
        if (c < least) least = c;
      }
      if (sc->base_cost[ld] > least) rebate += sc->base_cost[ld] - least;
    }
  return rebate;
}
