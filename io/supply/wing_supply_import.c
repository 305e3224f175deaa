/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_import: `antroute import supply-chain DIR -o OUT.h5`, the supply-chain wing's
 * importer. */
#include <stdio.h>

#include "ar_path.h"
#include "cli_parse.h"
#include "h5net_supply.h"
#include "param.h"
#include "supply_import.h"
#include "wing_supply_import.h"

static const param_def import_supply_params[] = {
    {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "OUT.h5", "network file to write (required)",
     PARAM_OUTPUT},
    {"strict", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "refuse what is otherwise accepted with a warning (rows naming an unknown plant in "
     "PlantPorts/ProductsPerPlant/VmiCustomers, repeated rows, orders whose historical route "
     "matches no lane)",
     0},
};

int wing_supply_import_csv_defs(param_def *out, int cap) {
  return cli_copy_defs(import_supply_params,
                       (int)(sizeof import_supply_params / sizeof import_supply_params[0]), out,
                       cap);
}

static const cli_rule import_rules[] = {CLI_RULE_NETWORK_OUTPUT};

static ar_status import_supply(const param_set *ps) {
  const char *dir = ps->positional[0];
  const char *out = param_str(ps, "output");
  ar_path_role params = {ps->param_file, "--params"}, output = {out, "-o"};
  ar_status st = supply_import_check_output(dir, out, "-o");
  if (st == AR_OK) st = ar_outputs_check(&params, 1, &output, 1);
  if (st != AR_OK) return st;
  supply_net net;
  supply_warnings warnings;
  st = supply_import_dir(dir, param_flag(ps, "strict"), &net, &warnings);
  for (int i = 0; i < warnings.count && i < SC_WARNINGS_KEPT; i++)
    fprintf(stderr, "antroute import supply-chain: warning: %s\n", warnings.text[i]);
  if (warnings.count > SC_WARNINGS_KEPT)
    fprintf(stderr, "antroute import supply-chain: ... %d more warnings\n",
            warnings.count - SC_WARNINGS_KEPT);
  if (st != AR_OK) return st;
  st = h5net_supply_write(&net, out, ps);
  if (st == AR_OK)
    printf("%s: %d plants, %d ports, %d lanes (%d weight bands), %d products, %d customers, %d "
           "orders\n",
           out, net.plants.n, net.ports.n, net.n_lanes, net.n_bands, net.products.n,
           net.customers.n, net.n_orders);
  supply_net_free(&net);
  return st;
}

ar_status wing_supply_import_csv(int argc, char **argv) {
  param_set ps = {.command = "import supply-chain",
                  .usage = "antroute import supply-chain DIR -o OUT.h5 [--strict]",
                  .examples = "antroute import supply-chain inputs/supply_chain -o supply.h5\n"
                              "antroute import supply-chain mydata -o s.h5 --strict",
                  .description =
                      "Converts the seven CSV tables of the supply-chain data set (WhCosts, "
                      "WhCapacities, PlantPorts, FreightRates, ProductsPerPlant, VmiCustomers, "
                      "OrderList; see docs/formats.md) in DIR into a network file. Every field "
                      "and reference is checked; the first problem is reported as "
                      "FILE:LINE: column NAME: what is wrong, and no output is written.",
                  CLI_OPTIONS(import_supply_params, 1, 1)};
  return cli_parse_run_rank0(&ps, argc, argv, CLI_RULES(import_rules), import_supply);
}
