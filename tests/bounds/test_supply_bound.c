/* SPDX-License-Identifier: BSD-3-Clause */
/* The order-routing bounds: the min-cost-flow bound on the real data set (the figure docs/model.md
 * gives, and never above the plans the greedy construction and local search find, under the
 * default readings, with every order on its date, and with capacity ignored), against an
 * exhaustive search of its relaxation on random small networks, and on a generated network's
 * second month, whose lanes and plants carry the first month's fixed orders. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mini_net.h"
#include "supply_bound.h"
#include "supply_import.h"
#include "supply_month.h"
#include "supply_solve.h"
#include "supply_synth.h"
#include "test_util.h"

/* The greedy plan improved by local search: its served cost, and its served count. */
static double plan_cost(const supply_scope *sc, const supply_flow *f, int64_t *served,
                        supply_assign *keep) {
  supply_plan p;
  supply_ls *ls = NULL;
  double cost = NAN;
  if (supply_plan_init(&p, sc) != AR_OK) return cost;
  if (supply_greedy(&p, sc->m->cfg.capacity ? f : NULL) == AR_OK &&
      supply_ls_create(sc, &ls) == AR_OK) {
    supply_ls_params lp = {ROUTE_LS_ALL, 3, 0.0};
    supply_ls_run(ls, &p, &lp);
    CHECK(supply_plan_verify(&p, NULL) == AR_OK || keep);
    cost = p.tot.wc + p.tot.tc;
    *served = p.tot.served;
    if (keep) supply_plan_to_assign(&p, keep);
  }
  supply_ls_free(ls);
  supply_plan_free(&p);
  return cost;
}

/* The bound of a whole network (one scope) under cfg, and a plan's cost beside it. */
static double bound_and_plan(const supply_net *net, const supply_config *cfg, int64_t *max_served,
                             double *plan) {
  supply_model m;
  supply_scope sc;
  supply_flow f;
  double bound = NAN;
  int64_t served = -1;
  CHECK(supply_model_build(net, cfg, &m) == AR_OK);
  CHECK(supply_scope_init(&sc, &m, NULL, net->n_orders, NULL) == AR_OK);
  CHECK(supply_flow_bound(&sc, &f) == AR_OK);
  *max_served = f.max_served;
  CHECK(supply_mincost_bound(&sc, f.max_served, NULL, &bound) == AR_OK);
  /* A deadline already past: given up, no bound, no failure (solve --time). */
  double late = 0.0;
  supply_bound_limits past = {.deadline = 1e-9};
  CHECK(supply_mincost_bound(&sc, f.max_served, &past, &late) == AR_OK);
  if (cfg->capacity) CHECK(!(late > -HUGE_VAL)); /* without: a sort, never given up */
  *plan = plan_cost(&sc, &f, &served, NULL);
  CHECK_EQ_INT(served, f.max_served); /* the plans reach the max-flow bound here */
  if (!(bound <= *plan + 1e-6)) fprintf(stderr, "bound %.4f above the plan's %.4f\n", bound, *plan);
  CHECK(bound <= *plan + 1e-6);
  supply_flow_free(&f);
  supply_scope_free(&sc);
  supply_model_free(&m);
  return bound;
}

static void real_data(void) {
  const char *src = getenv("AR_SOURCE_DIR");
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/inputs/supply_chain", src ? src : ".");
  supply_net net = {0};
  if (supply_import_dir(dir, 0, &net, NULL) != AR_OK) {
    fprintf(stderr, "cannot import %s: %s\n", dir, ar_error_message());
    CHECK(0);
    return;
  }
  supply_config cfg;
  supply_config_default(&cfg);
  int64_t served;
  double plan, bound = bound_and_plan(&net, &cfg, &served, &plan);
  printf("default: %lld served, bound %.4f, plan %.2f\n", (long long)served, bound, plan);
  CHECK_EQ_INT(served, 6496);
  CHECK(fabs(bound - 6242183.70) < 0.005); /* docs/bounds.md */
  cfg.ship_window = 0;
  bound = bound_and_plan(&net, &cfg, &served, &plan);
  printf("no ship window: %lld served, bound %.4f, plan %.2f\n", (long long)served, bound, plan);
  CHECK_EQ_INT(served, 2444);
  cfg.capacity = 0;
  bound = bound_and_plan(&net, &cfg, &served, &plan);
  printf("capacity ignored: %lld served, bound %.4f, plan %.2f\n", (long long)served, bound, plan);
  CHECK(bound >= 15509777.60); /* the per-order bound the min-cost flow improves on */
  supply_net_free(&net);
}

/* --- Random small networks ------------------------------------------------------------------- */

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static int rnd(int below) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (int)(rng % (uint64_t)below);
}

/* The relaxation by brute force: orders to (plant, day) slots within capacity, exactly `served`
 * of them, each at its cost in oc. */
static void brute(const supply_scope *sc, const supply_order_costs *oc, int32_t i, int64_t left,
                  int32_t *used, double cost, double *best) {
  if (left == 0) {
    if (cost < *best) *best = cost;
    return;
  }
  if (i == sc->n || sc->n - i < left) return;
  brute(sc, oc, i + 1, left, used, cost, best); /* unserved */
  const supply_model *m = sc->m;
  int32_t k = sc->orders[i];
  for (int64_t a = oc->start[i]; a < oc->start[i + 1]; a++)
    for (int32_t d = 0; d < m->win_len[k]; d++) {
      int32_t s = oc->plant[a] * sc->ndays + m->win_first[k] - sc->day0 + d;
      if (used[s] >= sc->pd_limit[s]) continue;
      used[s]++;
      brute(sc, oc, i + 1, left - 1, used, cost + oc->cost[a], best);
      used[s]--;
    }
}

static void random_network(int round) {
  char orders[4096] = "", products[512] = "", *o = orders;
  for (int k = 1; k <= 8; k++) {
    const char *svc[3] = {"DTD", "DTP", "CRF"};
    o += sprintf(o, "%d,5/%d/13,PA,Z,1,%s,%d,%d,C%d,%d,P1,PD,%d,%d.%d\n", k, 26 + rnd(2),
                 svc[rnd(3)], rnd(2), rnd(2), rnd(2), 100 + rnd(3), 1 + rnd(40), rnd(30), rnd(100));
  }
  char *p = products;
  for (int pl = 1; pl <= 3; pl++)
    for (int pr = 100; pr < 103; pr++)
      if (pr == 100 + pl - 1 || rnd(2)) p += sprintf(p, "P%d,%d\n", pl, pr);
  char caps[128];
  sprintf(caps, "P1,%d\nP2,%d\nP3,%d\n", 1 + rnd(2), 1 + rnd(2), 1 + rnd(3));
  mini_tables t = {"P1,1.0\nP2,1.5\nP3,0.7\n",
                   caps,
                   "P1,PA\nP2,PA\nP3,PB\n",
                   "Z,PA,PD,0,10,DTD,3,1.5,AIR,1,T\nZ,PA,PD,10.01,1000,DTD,1,0.5,AIR,1,T\n"
                   "Z,PA,PD,0,1000,DTP,2,0.8,AIR,2,T\nY,PB,PD,0,50,DTD,40,40,GROUND,2,T\n"
                   "Y,PB,PD,50.01,2000,DTD,25,25,GROUND,2,T\nY,PB,PD,0,2000,DTP,9,0.4,AIR,1,T\n",
                   products,
                   "",
                   orders};
  char dir[4096], tag[32];
  snprintf(tag, sizeof tag, "bound%d", round);
  mini_net_dir(tag, dir, sizeof dir);
  supply_net net;
  if (mini_net_load(dir, &t, &net) != 0) {
    CHECK(0);
    return;
  }
  supply_config cfg;
  supply_config_default(&cfg);
  supply_model m;
  supply_scope sc;
  supply_flow f;
  supply_order_costs oc;
  CHECK(supply_model_build(&net, &cfg, &m) == AR_OK);
  CHECK(supply_scope_init(&sc, &m, NULL, net.n_orders, NULL) == AR_OK);
  CHECK(supply_flow_bound(&sc, &f) == AR_OK);
  CHECK(supply_order_costs_build(&sc, &oc) == AR_OK);
  double bound = NAN, best = HUGE_VAL, plan;
  int64_t served = -1;
  CHECK(supply_mincost_bound(&sc, f.max_served, NULL, &bound) == AR_OK);
  int32_t *used = calloc((size_t)net.plants.n * sc.ndays, sizeof *used);
  brute(&sc, &oc, 0, f.max_served, used, 0.0, &best);
  free(used);
  if (fabs(bound - best) > 1e-6)
    fprintf(stderr, "round %d: min-cost flow %.9f, exhaustive %.9f\n", round, bound, best);
  CHECK(fabs(bound - best) <= 1e-6);
  plan = plan_cost(&sc, &f, &served, NULL);
  if (served == f.max_served) CHECK(bound <= plan + 1e-9);
  supply_order_costs_free(&oc);
  supply_flow_free(&f);
  supply_scope_free(&sc);
  supply_model_free(&m);
  supply_net_free(&net);
}

/* Month 2 of a generated network, after month 1's plan is fixed. */
static void second_month(void) {
  supply_synth_params sp = {
      .orders_per_month = 400, .months = 2, .plants = 6, .ports = 4, .seed = 5};
  supply_net net;
  CHECK(supply_synth_generate(&sp, &net) == AR_OK);
  supply_config cfg;
  supply_config_default(&cfg);
  supply_model m;
  supply_months mo;
  supply_assign fixed;
  CHECK(supply_model_build(&net, &cfg, &m) == AR_OK);
  CHECK(supply_months_build(&net, &mo) == AR_OK);
  CHECK(supply_assign_alloc(&fixed, net.n_orders) == AR_OK);
  for (int32_t t = 0; t < mo.n; t++) {
    supply_scope sc;
    supply_flow f;
    int32_t n = mo.start[t + 1] - mo.start[t];
    CHECK(supply_scope_init(&sc, &m, mo.orders + mo.start[t], n, &fixed) == AR_OK);
    CHECK(supply_flow_bound(&sc, &f) == AR_OK);
    double bound = NAN;
    int64_t served = -1;
    CHECK(supply_mincost_bound(&sc, f.max_served, NULL, &bound) == AR_OK);
    double plan = plan_cost(&sc, &f, &served, &fixed);
    printf("generated month %d: %lld served, bound %.2f, plan %.2f\n", (int)t, (long long)served,
           bound, plan);
    CHECK(served == f.max_served && bound <= plan + 1e-6);
    supply_flow_free(&f);
    supply_scope_free(&sc);
  }
  supply_assign_free(&fixed);
  supply_months_free(&mo);
  supply_model_free(&m);
  supply_net_free(&net);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  for (int round = 0; round < 40; round++)
    random_network(round);
  second_month();
  real_data();
  return 0;
}
