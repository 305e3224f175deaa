/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_equal: compares every column of two supply_net structs. */
#include "supply_equal.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int same_names(const supply_names *a, const supply_names *b, const char *what, char *why,
                      size_t cap) {
  if (a->n != b->n) {
    snprintf(why, cap, "%s: %d vs %d codes", what, a->n, b->n);
    return 0;
  }
  for (int32_t i = 0; i < a->n; i++)
    if (strcmp(a->code[i], b->code[i]) != 0) {
      snprintf(why, cap, "%s[%d]: '%s' vs '%s'", what, i, a->code[i], b->code[i]);
      return 0;
    }
  return 1;
}

static int same_array(const void *a, const void *b, int64_t n, size_t elem, const char *what,
                      char *why, size_t cap) {
  if (n == 0) return 1;
  if (!a || !b || memcmp(a, b, (size_t)n * elem) != 0) {
    snprintf(why, cap, "%s differs", what);
    return 0;
  }
  return 1;
}

int supply_net_equal(const supply_net *a, const supply_net *b, char *why, size_t cap) {
#define NAMES(f)                                                                                   \
  if (!same_names(&a->f, &b->f, #f, why, cap)) return 0
#define COUNT(f)                                                                                   \
  if (a->f != b->f) {                                                                              \
    snprintf(why, cap, "%s: %lld vs %lld", #f, (long long)a->f, (long long)b->f);                  \
    return 0;                                                                                      \
  }
#define ARRAY(f, n)                                                                                \
  if (!same_array(a->f, b->f, (int64_t)(n), sizeof *a->f, #f, why, cap)) return 0
  NAMES(plants);
  NAMES(ports);
  NAMES(carriers);
  NAMES(carrier_types);
  NAMES(customers);
  NAMES(products);
  COUNT(n_plant_ports);
  COUNT(n_stock);
  COUNT(n_vmi);
  COUNT(n_lanes);
  COUNT(n_bands);
  COUNT(n_orders);
  const int32_t np = a->plants.n;
  ARRAY(plant_cost_per_unit, np);
  ARRAY(plant_capacity, np);
  ARRAY(pp_plant, a->n_plant_ports);
  ARRAY(pp_port, a->n_plant_ports);
  ARRAY(plant_port_start, np + 1);
  ARRAY(plant_port, a->n_plant_ports);
  ARRAY(stock_plant, a->n_stock);
  ARRAY(stock_product, a->n_stock);
  ARRAY(product_plant_start, a->products.n + 1);
  ARRAY(product_plant, a->n_stock);
  ARRAY(vmi_plant, a->n_vmi);
  ARRAY(vmi_customer, a->n_vmi);
  ARRAY(plant_vmi_start, np + 1);
  ARRAY(plant_vmi_customer, a->n_vmi);
  ARRAY(lane_carrier, a->n_lanes);
  ARRAY(lane_orig_port, a->n_lanes);
  ARRAY(lane_dest_port, a->n_lanes);
  ARRAY(lane_carrier_type, a->n_lanes);
  ARRAY(lane_service, a->n_lanes);
  ARRAY(lane_mode, a->n_lanes);
  ARRAY(lane_tpt_days, a->n_lanes);
  ARRAY(lane_band_start, a->n_lanes + 1);
  ARRAY(lane_band, a->n_bands);
  ARRAY(lane_max_weight, a->n_lanes);
  ARRAY(band_lane, a->n_bands);
  ARRAY(band_min_weight, a->n_bands);
  ARRAY(band_max_weight, a->n_bands);
  ARRAY(band_min_cost, a->n_bands);
  ARRAY(band_rate, a->n_bands);
  const int32_t no = a->n_orders;
  ARRAY(order_id, no);
  ARRAY(order_date, no);
  ARRAY(order_ship_ahead, no);
  ARRAY(order_ship_late, no);
  ARRAY(order_customer, no);
  ARRAY(order_product, no);
  ARRAY(order_dest_port, no);
  ARRAY(order_service, no);
  ARRAY(order_units, no);
  ARRAY(order_weight, no);
  ARRAY(hist_plant, no);
  ARRAY(hist_port, no);
  ARRAY(hist_carrier, no);
  ARRAY(hist_tpt_days, no);
  ARRAY(hist_lane, no);
#undef NAMES
#undef COUNT
#undef ARRAY
  return 1;
}
