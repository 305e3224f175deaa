/* cmd_import_synthetic: `antroute import synthetic --kind supply-chain|tour ...`, seeded
 * generators of large networks for scale tests and benchmarks (docs/formats.md). */
#include <stdio.h>
#include <string.h>

#include "ar_path.h"
#include "cli.h"
#include "cli_parse.h"
#include "cmd_import_road.h"
#include "h5net_supply.h"
#include "h5net_tour.h"
#include "import_bound.h"
#include "param.h"
#include "supply_import.h"
#include "supply_synth.h"
#include "tour_synth.h"

static const param_def synthetic_params[] = {
    {"kind", 0, PARAM_CHOICE, "supply-chain", "supply-chain|tour|road", 1, 0, "KIND",
     "which kind of network to generate", 0},
    {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "OUT.h5", "network file to write (required)",
     0},
    {"seed", 0, PARAM_INT, "1", NULL, 0, 9007199254740991.0, "S",
     "random seed: the same seed gives the same file contents", 0},
    {"orders", 0, PARAM_INT, "10000", NULL, 1, SC_ROWS_MAX, "N", "supply-chain: orders per month",
     0},
    {"months", 0, PARAM_INT, "1", NULL, 1, 1200, "M", "supply-chain: months of orders", 0},
    {"plants", 0, PARAM_INT, "19", NULL, 1, 1000000, "P", "supply-chain: plants", 0},
    {"ports", 0, PARAM_INT, "11", NULL, 1, 10000, "Q",
     "supply-chain: ports (one in ten is a destination port)", 0},
    {"from", 0, PARAM_STRING, NULL, NULL, 1, 0, "DIR",
     "supply-chain: take lane shapes, costs and order profiles from this CSV directory (e.g. "
     "inputs/supply_chain) instead of the built-in shapes",
     0},
    {"nodes", 0, PARAM_INT, "100000", NULL, 3, 20000000, "N", "tour, road: nodes", 0},
    {"distribution", 0, PARAM_CHOICE, "uniform", "uniform|clustered", 1, 0, "D",
     "tour: node placement", 0},
    IMPORT_BOUND_PARAM,
};

static ar_status generate_supply(const param_set *ps) {
  supply_net template_net, net;
  const char *from = param_str(ps, "from");
  ar_status st = AR_OK;
  if (from) {
    supply_warnings warnings; /* the template's oddities do not matter here */
    st = supply_import_dir(from, 0, &template_net, &warnings);
    if (st != AR_OK) return st;
  }
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

static ar_status generate_tour(const param_set *ps) {
  tour_net t;
  int clustered = strcmp(param_str(ps, "distribution"), "clustered") == 0;
  ar_status st =
      tour_synth_generate((int32_t)param_int(ps, "nodes"), (uint64_t)param_int(ps, "seed"),
                          clustered ? TOUR_SYNTH_CLUSTERED : TOUR_SYNTH_UNIFORM, &t);
  if (st != AR_OK) return st;
  const char *out = param_str(ps, "output");
  st = import_bound_compute(ps, &t);
  if (st == AR_OK) st = h5net_tour_write_from(&t, out, ps, t.comment, NULL);
  if (st == AR_OK) {
    char bound[128];
    import_bound_describe(&t, bound, sizeof bound);
    printf("%s: %s, %d nodes (EUC_2D)%s\n", out, t.name, t.n, bound);
  }
  tour_net_free(&t);
  return st;
}

static const cli_rule import_rules[] = {CLI_RULE_NETWORK_OUTPUT};

static ar_status generate(const param_set *ps) {
  ar_path_role params = {ps->param_file, "--params"}, output = {param_str(ps, "output"), "-o"};
  ar_status st = ar_outputs_check(&params, 1, &output, 1);
  if (st == AR_OK && param_str(ps, "from"))
    st = supply_import_check_output(param_str(ps, "from"), output.path, "-o");
  if (st != AR_OK) return st;
  if (strcmp(param_str(ps, "kind"), "tour") == 0) return generate_tour(ps);
  if (strcmp(param_str(ps, "kind"), "road") == 0) return cmd_import_synthetic_road(ps);
  return generate_supply(ps);
}

ar_status cmd_import_synthetic(int argc, char **argv) {
  param_set ps = {
      .command = "import synthetic",
      .usage = "antroute import synthetic --kind supply-chain [--orders N --months M --plants P "
               "--ports Q --from DIR] --seed S -o OUT.h5\n"
               "       antroute import synthetic --kind tour --nodes N "
               "[--distribution uniform|clustered] [--no-bound] --seed S -o OUT.h5\n"
               "       antroute import synthetic --kind road --nodes N --seed S -o OUT.h5",
      .description = "Generates a large network for scale tests and benchmarks. Supply chain: "
                     "grows the real network's structure (lane and band shapes, costs, order "
                     "profiles) to P plants, Q ports and M months of N orders. The same "
                     "parameters and seed always give the same data.",
      CLI_OPTIONS(synthetic_params, 0, 0)};
  return cli_parse_run_rank0(&ps, argc, argv, CLI_RULES(import_rules), generate);
}
