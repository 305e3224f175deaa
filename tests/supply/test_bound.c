/* SPDX-License-Identifier: BSD-3-Clause */
/* The unserved bound (max flow) on small networks where it is obvious, and the greedy + local
 * search reaching it. */
#include <stdio.h>

#include "mini_net.h"
#include "supply_solve.h"
#include "test_util.h"

/* P1 takes 2 orders a day, P2 1. Orders 1-5 (product 100) only P1 stocks; orders 6-7 (product
 * 200) both plants stock. All CRF, so lanes play no part. */
static const char *orders_one_day = "1,5/26/13,PA,X,0,CRF,0,0,C,100,P1,PD,1,1\n"
                                    "2,5/26/13,PA,X,0,CRF,0,0,C,100,P1,PD,2,1\n"
                                    "3,5/26/13,PA,X,0,CRF,0,0,C,100,P1,PD,3,1\n"
                                    "4,5/26/13,PA,X,0,CRF,0,0,C,100,P1,PD,4,1\n"
                                    "5,5/26/13,PA,X,0,CRF,0,0,C,100,P1,PD,5,1\n"
                                    "6,5/26/13,PA,X,0,CRF,0,0,C,200,P1,PD,6,1\n"
                                    "7,5/26/13,PA,X,0,CRF,0,0,C,200,P1,PD,7,1\n";

/* The same orders, each allowed to ship one day ahead. */
static const char *orders_two_days = "1,5/26/13,PA,X,0,CRF,1,0,C,100,P1,PD,1,1\n"
                                     "2,5/26/13,PA,X,0,CRF,1,0,C,100,P1,PD,2,1\n"
                                     "3,5/26/13,PA,X,0,CRF,1,0,C,100,P1,PD,3,1\n"
                                     "4,5/26/13,PA,X,0,CRF,1,0,C,100,P1,PD,4,1\n"
                                     "5,5/26/13,PA,X,0,CRF,1,0,C,100,P1,PD,5,1\n"
                                     "6,5/26/13,PA,X,0,CRF,1,0,C,200,P1,PD,6,1\n"
                                     "7,5/26/13,PA,X,0,CRF,1,0,C,200,P1,PD,7,1\n";

/* Order 8 (product 300) is stocked by P3, which has no port: it has no route at all. */
static const char *orders_no_route = "8,5/26/13,PA,X,0,CRF,0,0,C,300,P1,PD,1,1\n";

static void run(const char *tag, const char *orders, int64_t expect_unserved,
                int64_t expect_no_route) {
  mini_tables t = {"P1,1.0\nP2,2.0\nP3,1.0\n",
                   "P1,2\nP2,1\nP3,9\n",
                   "P1,PA\nP2,PA\n",
                   "Z,PA,PD,0,10,DTD,1,1,AIR,1,T\n",
                   "P1,100\nP1,200\nP2,200\nP3,300\n",
                   "",
                   orders};
  char dir[4096];
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
  supply_plan p;
  supply_ls *ls = NULL;
  CHECK(supply_model_build(&net, &cfg, &m) == AR_OK);
  CHECK(supply_scope_init(&sc, &m, NULL, net.n_orders, NULL) == AR_OK);
  CHECK(supply_flow_bound(&sc, &f) == AR_OK);
  CHECK_EQ_INT(f.min_unserved, expect_unserved);
  CHECK_EQ_INT(f.no_route, expect_no_route);
  CHECK(supply_plan_init(&p, &sc) == AR_OK);
  CHECK(supply_greedy(&p, &f) == AR_OK);
  CHECK(supply_ls_create(&sc, &ls) == AR_OK);
  supply_ls_params lp = {ROUTE_LS_ALL, 0, 0.0};
  supply_ls_run(ls, &p, &lp);
  CHECK_EQ_INT(p.tot.unserved, expect_unserved);
  /* The cheapest orders are the ones served: on one day P1 serves orders 1 and 2 (units 1, 2)
   * and P2 the cheapest flexible order (6). */
  if (expect_unserved == 4) CHECK(p.opt[0] >= 0 && p.opt[1] >= 0 && p.opt[5] >= 0);
  CHECK(supply_plan_verify(&p, NULL) == AR_OK);
  /* With capacity ignored, everything with a route is served. */
  cfg.capacity = 0;
  supply_model m2;
  supply_scope sc2;
  supply_flow f2;
  CHECK(supply_model_build(&net, &cfg, &m2) == AR_OK);
  CHECK(supply_scope_init(&sc2, &m2, NULL, net.n_orders, NULL) == AR_OK);
  CHECK(supply_flow_bound(&sc2, &f2) == AR_OK);
  CHECK_EQ_INT(f2.min_unserved, expect_no_route);
  supply_flow_free(&f2);
  supply_scope_free(&sc2);
  supply_model_free(&m2);
  supply_ls_free(ls);
  supply_plan_free(&p);
  supply_flow_free(&f);
  supply_scope_free(&sc);
  supply_model_free(&m);
  supply_net_free(&net);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  /* One day: P1 serves 2 of orders 1-5 (3 unserved) and P2 one of orders 6-7: 4 unserved. */
  run("bound1", orders_one_day, 4, 0);
  /* Two days double every capacity: P1 4 of 1-5, P2 both 6 and 7: 1 unserved. */
  run("bound2", orders_two_days, 1, 0);
  /* An order without any route is unserved whatever the capacity. */
  char both[2048];
  snprintf(both, sizeof both, "%s%s", orders_two_days, orders_no_route);
  run("bound3", both, 2, 1);
  return 0;
}
