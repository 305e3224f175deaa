/* SPDX-License-Identifier: BSD-3-Clause */
/* bench_supply_bounds: the order-routing lower bounds of every month of a supply-chain network,
 * one line each (bench/bounds.sh drives it): orders, the max-flow bound on served orders, the
 * min-cost-flow bound on their cost (supply_mincost_bound), the per-order bound of serving every
 * order (supply_cost_lower_bound), and the wall time of the min-cost flow.
 *
 *   bench_supply_bounds NET.h5 [model options of `antroute evaluate`, e.g. --ignore-capacity]
 *                       [--plan PLAN.csv]
 *
 * With --plan (one-month networks), also where a plan's transport cost exceeds the bound's
 * charges: per lane, the plan's charges beside the least charges of the same orders there.
 */
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "h5net_supply.h"
#include "param.h"
#include "supply_bound.h"
#include "supply_check.h"
#include "supply_lane_bound.h"
#include "supply_month.h"
#include "supply_plan_csv.h"
#include "wing_supply_params.h"

/* Per lane: the plan's transport charges against the least charges of the same orders. */
static ar_status lane_table(const supply_model *m, const supply_scope *sc, const char *path) {
  const supply_net *net = m->net;
  supply_assign a;
  supply_check_result r;
  ar_status st = supply_plan_csv_read(net, path, &a);
  if (st != AR_OK) return st;
  st = supply_check(m, &a, 1, &r);
  supply_lane_reach reach;
  if (st == AR_OK) st = supply_lane_reach_build(sc, &reach);
  if (st != AR_OK) {
    supply_assign_free(&a);
    return st;
  }
  printf("%-44s %6s %10s %12s %12s\n", "lane", "orders", "weight", "plan_tc", "least_tc");
  double all_plan = 0, all_least = 0;
  for (int32_t L = 0; L < net->n_lanes; L++) {
    double plan = 0, least = 0, w = 0;
    int32_t count = 0;
    for (int32_t k = 0; k < net->n_orders; k++) {
      if (!a.served[k] || a.lane[k] != L) continue;
      count++;
      w += net->order_weight[k];
      plan += r.order_tc[k];
      least += supply_lane_reach_charge(&reach, k, L, a.day[k] - sc->day0);
    }
    if (count == 0) continue;
    char name[128];
    supply_lane_name(net, L, name, sizeof name);
    printf("%-44s %6d %10.1f %12.2f %12.2f\n", name, count, w, plan, least);
    all_plan += plan;
    all_least += least;
  }
  printf("%-44s %6s %10s %12.2f %12.2f\n", "all lanes", "", "", all_plan, all_least);
  supply_lane_reach_free(&reach);
  supply_check_free(&r);
  supply_assign_free(&a);
  return AR_OK;
}

static ar_status run(const param_set *ps) {
  supply_config cfg;
  ar_status st = wing_supply_config_from_params(ps, &cfg);
  supply_net net;
  if (st == AR_OK) st = h5net_supply_read(ps->positional[0], MPI_COMM_SELF, &net);
  if (st != AR_OK) return st;
  supply_model m;
  supply_months mo = {0};
  st = supply_model_build(&net, &cfg, &m);
  if (st == AR_OK) st = supply_months_build(&net, &mo);
  printf("%-7s %8s %8s %16s %16s %9s\n", "month", "orders", "served", "mincost_bound",
         "all_served_bound", "seconds");
  for (int32_t t = 0; st == AR_OK && t < mo.n; t++) {
    supply_scope sc;
    supply_flow f;
    int32_t n = mo.start[t + 1] - mo.start[t];
    st = supply_scope_init(&sc, &m, mo.orders + mo.start[t], n, NULL);
    if (st != AR_OK) break;
    st = supply_flow_bound(&sc, &f);
    double bound = -HUGE_VAL, wc = 0, all = 0, start = omp_get_wtime();
    if (st == AR_OK) st = supply_mincost_bound(&sc, f.max_served, NULL, &bound);
    double secs = omp_get_wtime() - start;
    supply_cost_lower_bound(&sc, &wc, &all);
    if (st == AR_OK && param_is_set(ps, "plan") && mo.n == 1)
      st = lane_table(&m, &sc, param_str(ps, "plan"));
    if (st == AR_OK)
      printf("%04d-%02d %8d %8lld %16.4f %16.2f %9.3f\n", mo.year[t], mo.month[t], n,
             (long long)f.max_served, bound, all, secs);
    supply_flow_free(&f);
    supply_scope_free(&sc);
  }
  supply_months_free(&mo);
  supply_model_free(&m);
  supply_net_free(&net);
  return st;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  param_def defs[PARAM_MAX];
  static const param_def own[] = {
      {"plan", 0, PARAM_STRING, NULL, NULL, 1, 0, "PLAN.csv",
       "a plan to compare the bound's transport charges with, lane by lane", 0}};
  int ndefs = wing_supply_params_merge(defs, PARAM_MAX, own, 1);
  param_set ps = {.command = "bench_supply_bounds",
                  .usage = "bench_supply_bounds NET.h5 [model options]",
                  .description = "Lower bounds of every month of a supply-chain network.",
                  .defs = defs,
                  .ndefs = ndefs,
                  .min_positional = 1,
                  .max_positional = 1};
  ar_status st = param_parse(&ps, argc, argv);
  if (st == AR_OK && ps.help_requested) param_print_help(&ps, stdout);
  if (st == AR_OK && !ps.help_requested) st = run(&ps);
  if (st != AR_OK) fprintf(stderr, "bench_supply_bounds: %s\n", ar_error_message());
  param_free(&ps);
  MPI_Finalize();
  return st == AR_OK ? 0 : 1;
}
