/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_supply_inspect: a short human summary of a supply-chain network file. */
#include "h5net_supply_inspect.h"

#include <stdlib.h>

#include "h5net_supply.h"
#include "supply_net.h"

ar_status h5net_supply_inspect(hid_t file, FILE *out) {
  supply_net net;
  ar_status st = h5net_supply_read_file(file, &net);
  if (st != AR_OK) return st;

  int ground = 0;
  for (int32_t l = 0; l < net.n_lanes; l++)
    ground += net.lane_mode[l] == SC_MODE_GROUND;
  long long capacity = 0;
  for (int32_t p = 0; p < net.plants.n; p++)
    capacity += net.plant_capacity[p];
  long long per_service[SC_SERVICE_COUNT] = {0}, units = 0;
  double weight = 0;
  int32_t first = 0, last = 0;
  for (int32_t k = 0; k < net.n_orders; k++) {
    per_service[net.order_service[k]]++;
    units += net.order_units[k];
    weight += net.order_weight[k];
    if (k == 0 || net.order_date[k] < first) first = net.order_date[k];
    if (k == 0 || net.order_date[k] > last) last = net.order_date[k];
  }
  int fy, fm, fd, ly, lm, ld;
  supply_date_to_civil(first, &fy, &fm, &fd);
  supply_date_to_civil(last, &ly, &lm, &ld);
  int months = net.n_orders ? (ly - fy) * 12 + (lm - fm) + 1 : 0;

  fprintf(out, "supply-chain network\n");
  fprintf(out, "  plants      %d (daily capacity %lld orders in total), %d plant-port pairs\n",
          net.plants.n, capacity, net.n_plant_ports);
  fprintf(out, "  ports       %d\n", net.ports.n);
  fprintf(out, "  lanes       %d (%d AIR, %d GROUND) with %d weight-band rows, %d carriers\n",
          net.n_lanes, net.n_lanes - ground, ground, net.n_bands, net.carriers.n);
  fprintf(out, "  products    %d, stocked in %d product-plant pairs\n", net.products.n,
          net.n_stock);
  fprintf(out, "  customers   %d, %d VMI plant-customer pairs\n", net.customers.n, net.n_vmi);
  fprintf(out,
          "  orders      %d from %04d-%02d-%02d to %04d-%02d-%02d (%d month%s): %lld DTD, %lld "
          "DTP, %lld CRF; %lld units, %.1f kg\n",
          net.n_orders, fy, fm, fd, ly, lm, ld, months, months == 1 ? "" : "s",
          per_service[SC_SERVICE_DTD], per_service[SC_SERVICE_DTP], per_service[SC_SERVICE_CRF],
          units, weight);
  supply_net_free(&net);
  return AR_OK;
}
