/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_synthetic: `antroute import synthetic --kind supply-chain` (see
 * wing_supply_synthetic.h). */
#include "wing_supply_synthetic.h"

#include <stdio.h>

#include "h5net_supply.h"
#include "supply_import.h"
#include "supply_synth.h"

static const param_def synthetic_params[] = {
    {"orders", 0, PARAM_INT, "10000", NULL, 1, SC_ROWS_MAX, "N", "orders per month", 0},
    {"months", 0, PARAM_INT, "1", NULL, 1, 1200, "M", "months of orders", 0},
    {"plants", 0, PARAM_INT, "19", NULL, 1, 1000000, "P", "plants", 0},
    {"ports", 0, PARAM_INT, "11", NULL, 1, 10000, "Q", "ports (one in ten is a destination port)",
     0},
    {"from", 0, PARAM_STRING, NULL, NULL, 1, 0, "DIR",
     "take lane shapes, costs and order profiles from this CSV directory (e.g. "
     "inputs/supply_chain) instead of the built-in shapes",
     0},
};

static ar_status generate_supply(const param_set *ps) {
  supply_net template_net, net;
  const char *from = param_str(ps, "from");
  ar_status st = from ? supply_import_check_output(from, param_str(ps, "output"), "-o") : AR_OK;
  if (st == AR_OK && from) {
    supply_warnings warnings; /* the template's oddities do not matter here */
    st = supply_import_dir(from, 0, &template_net, &warnings);
  }
  if (st != AR_OK) return st;
  supply_synth_params p = {.orders_per_month = param_int(ps, "orders"),
                           .months = (int32_t)param_int(ps, "months"),
                           .plants = (int32_t)param_int(ps, "plants"),
                           .ports = (int32_t)param_int(ps, "ports"),
                           .seed = (uint64_t)param_int(ps, "seed"),
                           .template_net = from ? &template_net : NULL};
  st = supply_synth_generate(&p, &net);
  if (from) supply_net_free(&template_net);
  if (st != AR_OK) return st;
  const char *out = param_str(ps, "output");
  st = h5net_supply_write(&net, out, ps);
  if (st == AR_OK)
    printf("%s: %d plants, %d ports, %d lanes (%d weight bands), %d products, %d customers, %d "
           "orders over %lld month%s\n",
           out, net.plants.n, net.ports.n, net.n_lanes, net.n_bands, net.products.n,
           net.customers.n, net.n_orders, param_int(ps, "months"),
           param_int(ps, "months") == 1 ? "" : "s");
  supply_net_free(&net);
  return st;
}

const wing_synthetic wing_supply_synthetic = {
    .params = synthetic_params,
    .nparams = (int)(sizeof synthetic_params / sizeof synthetic_params[0]),
    .usage = "[--orders N --months M --plants P --ports Q --from DIR]",
    .description = "Supply chain: grows the real network's structure (lane and band shapes, "
                   "costs, order profiles) to P plants, Q ports and M months of N orders.",
    .is_default = 1,
    .generate = generate_supply,
};
