/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_evaluate: `antroute evaluate NETWORK.h5 PLAN.csv | --historical`: a plan's cost per
 * goal and every constraint it breaks, recomputed from scratch (supply_check). */
#include <mpi.h>
#include <stdio.h>

#include "ar_path.h"
#include "h5net_supply.h"
#include "param.h"
#include "supply_check.h"
#include "supply_plan_csv.h"
#include "supply_report.h"
#include "wing_supply_evaluate.h"
#include "wing_supply_params.h"

static const param_def evaluate_own_params[] = {
    {"historical", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "evaluate the historical routing stored in the network (OrderList) instead of a CSV plan", 0},
    {"write-plan", 'w', PARAM_STRING, NULL, NULL, 1, 0, "PLAN.csv",
     "also write the plan evaluated as a plan CSV (e.g. the historical one)", 0},
    {"list", 0, PARAM_INT, "50", NULL, 0, 1e9, "N",
     "print at most N violations of each kind (0: all)", 0},
};

/* Two forms: NETWORK.h5 PLAN.csv, or NETWORK.h5 --historical. */
static const cli_rule evaluate_rules[] = {
    {CLI_ONE_OF, "#2", "historical", "give either PLAN.csv or --historical, not both",
     "missing PLAN.csv (or --historical)"},
};

static ar_status evaluate_work(const param_set *ps) {
  const char *net_path = ps->positional[0];
  int historical = param_flag(ps, "historical");
  const char *plan_path = ps->npositional > 1 ? ps->positional[1] : NULL;
  ar_path_role inputs[] = {
      {net_path, "the network file"}, {plan_path, "the plan"}, {ps->param_file, "--params"}};
  ar_path_role output = {param_str(ps, "write-plan"), "--write-plan"};
  ar_status st = ar_outputs_check(inputs, 3, &output, 1);
  if (st != AR_OK) return st;
  supply_config cfg;
  st = wing_supply_config_from_params(ps, &cfg);
  if (st != AR_OK) return st;
  supply_net net = {0};
  st = h5net_supply_read(net_path, MPI_COMM_SELF, &net);
  if (st != AR_OK) return st;
  supply_model m;
  supply_assign a = {0};
  supply_check_result r = {0};
  st = supply_model_build(&net, &cfg, &m);
  if (st == AR_OK)
    st =
        historical ? supply_assign_historical(&net, &a) : supply_plan_csv_read(&net, plan_path, &a);
  if (st == AR_OK) st = supply_check(&m, &a, 0, &r);
  if (st == AR_OK) {
    printf("network: %s (%d orders, %d plants, %d lanes)\n", net_path, (int)net.n_orders,
           (int)net.plants.n, (int)net.n_lanes);
    supply_option_stats os;
    supply_model_option_stats(&m, &os);
    printf("routes: %lld (order, route) pairs; per order DTD %d..%d, DTP %d..%d, CRF %d..%d; "
           "%d orders without a route\n",
           (long long)os.pairs, os.min[SC_SERVICE_DTD], os.max[SC_SERVICE_DTD],
           os.min[SC_SERVICE_DTP], os.max[SC_SERVICE_DTP], os.min[SC_SERVICE_CRF],
           os.max[SC_SERVICE_CRF], os.no_route);
    printf("plan: %s\n", historical ? "historical routing (OrderList)" : plan_path);
    supply_report_print(stdout, &m, &a, &r, (int)param_int(ps, "list"));
    if (param_is_set(ps, "write-plan")) {
      st = supply_plan_csv_write(&net, &a, param_str(ps, "write-plan"), 1);
      if (st == AR_OK) printf("plan written: %s\n", param_str(ps, "write-plan"));
    }
    if (st == AR_OK && r.nv > 0)
      st = ar_fail(AR_ERR_INFEASIBLE, "%s: the plan breaks %lld constraints (listed above)",
                   historical ? net_path : plan_path, (long long)r.nv);
  }
  supply_check_free(&r);
  supply_assign_free(&a);
  supply_model_free(&m);
  supply_net_free(&net);
  return st;
}

static int evaluate_params(param_def *defs, int cap) {
  return wing_supply_params_merge(
      defs, cap, evaluate_own_params,
      (int)(sizeof evaluate_own_params / sizeof evaluate_own_params[0]));
}

const wing_evaluate wing_supply_evaluate = {
    .usage = "antroute evaluate NETWORK.h5 PLAN.csv [options]\n"
             "       antroute evaluate NETWORK.h5 --historical [--write-plan PLAN.csv] [options]",
    .description =
        "Recomputes a plan's cost (warehouse, transport, unserved penalty), transit time and CO2 "
        "from scratch and checks every constraint: plant daily capacity, lane weight caps, "
        "products, VMI, plant ports, lanes, service levels and ship-day windows "
        "(docs/model.md). Exit status 0: feasible; 6: valid plan that breaks constraints (each "
        "one listed); 3: malformed plan (FILE:LINE: message).",
    .params = evaluate_params,
    .rules = evaluate_rules,
    .nrules = (int)(sizeof evaluate_rules / sizeof evaluate_rules[0]),
    .max_positional = 2,
    .run = evaluate_work,
};
