/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_bands: effective weight bands of each lane and what a lane-day costs. */
#include <math.h>
#include <stdio.h>

#include "supply_model.h"

static const double band_eps = 1e-7; /* kg: sums of 2-decimal weights are not exact */

int32_t supply_band_find(const supply_model *m, int32_t lane, double w, int *in_gap) {
  int32_t lo = m->eb_start[lane], hi = m->eb_start[lane + 1]; /* [lo, hi) */
  int32_t b;
  if (m->cfg.band_gap == ROUTE_GAP_CEIL) {
    /* First band with max >= w (bands are sorted by min then max, so maxima ascend too when
     * bands do not nest, as in every table seen). */
    int32_t a = lo, z = hi;
    while (a < z) {
      int32_t mid = a + (z - a) / 2;
      if (m->eb_max[mid] + band_eps >= w)
        z = mid;
      else
        a = mid + 1;
    }
    b = a < hi ? a : hi - 1;
  } else {
    /* Last band with min <= w. */
    int32_t a = lo, z = hi;
    while (a < z) {
      int32_t mid = a + (z - a) / 2;
      if (m->eb_min[mid] <= w + band_eps)
        a = mid + 1;
      else
        z = mid;
    }
    b = a > lo ? a - 1 : lo;
  }
  if (in_gap) *in_gap = !(m->eb_min[b] <= w + band_eps && w <= m->eb_max[b] + band_eps);
  return b;
}

double supply_ground_truck(const supply_model *m, int32_t lane, double w) {
  int32_t b = supply_band_find(m, lane, w, NULL);
  double r = m->eb_rate[b];
  if (m->cfg.ground_min_charge && m->eb_min_cost[b] > r) r = m->eb_min_cost[b];
  return r;
}

double supply_lane_charge_lower(const supply_model *m, int32_t k, int32_t lane) {
  const supply_net *net = m->net;
  if (net->lane_mode[lane] == SC_MODE_GROUND) return 0.0;
  double w = net->order_weight[k];
  if (m->cfg.band_basis == ROUTE_BAND_BY_ORDER)
    return supply_band_charge(m, supply_band_find(m, lane, w, NULL), w);
  /* The lane-day total W is at least w: only bands that some W >= w selects can apply. */
  int32_t first = supply_band_find(m, lane, w, NULL);
  double best = HUGE_VAL;
  for (int32_t b = first; b < m->eb_start[lane + 1]; b++) {
    double c = supply_band_charge(m, b, w);
    if (c < best) best = c;
  }
  return best;
}

void supply_lane_name(const supply_net *net, int32_t lane, char *buf, unsigned long cap) {
  if (lane < 0) {
    snprintf(buf, cap, "(no lane)");
    return;
  }
  snprintf(buf, cap, "%s/%s/%s/%s/%d (to %s)", net->carriers.code[net->lane_carrier[lane]],
           net->ports.code[net->lane_orig_port[lane]], supply_service_name(net->lane_service[lane]),
           supply_mode_name(net->lane_mode[lane]), (int)net->lane_tpt_days[lane],
           net->ports.code[net->lane_dest_port[lane]]);
}
