/* cmd_solve_supply: `antroute solve NETWORK.h5` for supply-chain networks (order routing), month
 * by month: bound, construction, local search, a from-scratch check, then the month's plan is
 * fixed before the next month starts. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_rank0.h"
#include "h5net_supply.h"
#include "param.h"
#include "route_month.h"
#include "route_params.h"
#include "route_plan_csv.h"
#include "route_report.h"
#include "route_solve.h"

static const param_def solve_supply_own_params[] = {
    {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "RESULTS.h5", "the results file to write", 0},
    {"csv", 0, PARAM_STRING, NULL, NULL, 1, 0, "PLAN.csv", "also write the plan as CSV", 0},
    {"time", 't', PARAM_REAL, "60", NULL, 0, 1e9, "SECONDS",
     "search time in total, shared by the months in proportion to their orders", 0},
    {"seed", 's', PARAM_INT, "1", NULL, 0, 9.2e18, "N", "random seed", PARAM_SEARCH},
    {"quiet", 'q', PARAM_FLAG, NULL, NULL, 1, 0, NULL, "no progress lines", 0},
};

typedef struct {
  param_set *ps;
} solve_ctx;

static ar_status solve_month(const route_model *m, const route_months *mo, int32_t month,
                             route_assign *global, double seconds, int quiet) {
  const sc_net *net = m->net;
  route_scope sc;
  int32_t n = mo->start[month + 1] - mo->start[month];
  ar_status st = route_scope_init(&sc, m, mo->orders + mo->start[month], n, global);
  if (st != AR_OK) return st;
  route_flow flow = {0};
  route_plan plan = {0};
  route_ls *ls = NULL;
  double t0 = MPI_Wtime();
  st = route_flow_bound(&sc, &flow);
  if (st == AR_OK) st = route_plan_init(&plan, &sc);
  if (st == AR_OK) st = route_ls_create(&sc, &ls);
  if (st == AR_OK) st = route_greedy(&plan, &flow);
  double wc_lb, cost_lb;
  route_cost_lower_bound(&sc, &wc_lb, &cost_lb);
  if (st == AR_OK && !quiet)
    printf("month %04d-%02d: %d orders; at least %lld unserved (max-flow bound, %d classes); "
           "greedy: %lld unserved, cost %.2f (WC %.2f, TC %.2f) in %.2f s\n",
           mo->year[month], mo->month[month], (int)n, (long long)flow.min_unserved,
           (int)flow.n_classes, (long long)plan.tot.unserved, plan.tot.wc + plan.tot.tc,
           plan.tot.wc, plan.tot.tc, MPI_Wtime() - t0);
  if (st == AR_OK) {
    route_ls_params lp = {ROUTE_LS_ALL, 0, seconds};
    int64_t moves = route_ls_run(ls, &plan, &lp);
    if (!quiet)
      printf("month %04d-%02d: local search: %lld moves, %lld unserved, cost %.2f (WC %.2f, TC "
             "%.2f) at %.2f s; lower bounds if all served: WC %.2f, cost %.2f\n",
             mo->year[month], mo->month[month], (long long)moves, (long long)plan.tot.unserved,
             plan.tot.wc + plan.tot.tc, plan.tot.wc, plan.tot.tc, MPI_Wtime() - t0, wc_lb, cost_lb);
  }
  if (st == AR_OK) st = route_plan_verify(&plan, global);
  if (st == AR_OK) route_plan_to_assign(&plan, global);
  (void)net;
  route_ls_free(ls);
  route_plan_free(&plan);
  route_flow_free(&flow);
  route_scope_free(&sc);
  return st;
}

static ar_status solve_supply_work(void *arg) {
  solve_ctx *ctx = arg;
  param_set *ps = ctx->ps;
  const char *net_path = ps->positional[0];
  int quiet = param_flag(ps, "quiet");
  route_config cfg;
  ar_status st = route_config_from_params(ps, &cfg);
  if (st != AR_OK) return st;
  sc_net net = {0};
  st = h5net_supply_read(net_path, MPI_COMM_SELF, &net);
  if (st != AR_OK) return st;
  route_model m;
  route_months mo = {0};
  route_assign global = {0};
  st = route_model_build(&net, &cfg, &m);
  if (st == AR_OK) st = route_months_build(&net, &mo);
  if (st == AR_OK) st = route_assign_alloc(&global, net.n_orders);
  double total = param_real(ps, "time");
  for (int32_t month = 0; st == AR_OK && month < mo.n; month++) {
    double share =
        net.n_orders ? total * (mo.start[month + 1] - mo.start[month]) / net.n_orders : 0.0;
    st = solve_month(&m, &mo, month, &global, share, quiet);
  }
  route_check_result r = {0};
  if (st == AR_OK) st = route_check(&m, &global, 0, &r);
  if (st == AR_OK) {
    printf("network: %s (%d orders in %d month%s)\n", net_path, (int)net.n_orders, (int)mo.n,
           mo.n == 1 ? "" : "s");
    route_report_print(stdout, &m, &global, &r, 20);
    if (param_is_set(ps, "csv")) st = route_plan_csv_write(&net, &global, param_str(ps, "csv"));
  }
  route_check_free(&r);
  route_assign_free(&global);
  route_months_free(&mo);
  route_model_free(&m);
  sc_net_free(&net);
  return st;
}

ar_status cmd_solve_supply(int argc, char **argv) {
  param_def defs[PARAM_MAX];
  int ndefs =
      route_params_merge(defs, PARAM_MAX, solve_supply_own_params,
                         (int)(sizeof solve_supply_own_params / sizeof solve_supply_own_params[0]));
  if (ndefs < 0) return ar_fail(AR_ERR_INTERNAL, "too many parameters for solve");
  param_set ps = {.command = "solve",
                  .usage = "antroute solve NETWORK.h5 -o RESULTS.h5 [options]",
                  .description = "Routes the orders of a supply-chain network month by month "
                                 "(docs/model.md): fewest unserved orders first, then cost.",
                  .defs = defs,
                  .ndefs = ndefs,
                  .min_positional = 1,
                  .max_positional = 1};
  ar_status st = param_parse(&ps, argc, argv);
  if (st == AR_OK && ps.help_requested) {
    param_print_help(&ps, stdout);
  } else if (st == AR_OK) {
    solve_ctx ctx = {&ps};
    st = cli_rank0_run(solve_supply_work, &ctx);
  }
  param_free(&ps);
  return st;
}
