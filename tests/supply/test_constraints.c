/* SPDX-License-Identifier: BSD-3-Clause */
/* Each constraint rejected when broken, on a hand-made network; route options and costs of a
 * feasible plan computed by hand. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mini_net.h"
#include "supply_check.h"
#include "test_util.h"

/* P1 (1.0/unit, 2 orders a day) ships from PA; P2 (2.0/unit) from PB; P3 (0.5/unit) from PA and
 * serves only CUST1 (VMI). Lanes to PD: C1 PA DTD AIR 2 days (two bands with a gap between 100
 * and 100.01 kg), C1 PB DTP AIR 3 days (cap 50 kg), C2 PA DTP GROUND 1 day (a 30 USD truck). */
static const mini_tables tables = {
    "P1,1.0\nP2,2.0\nP3,0.5\n",
    "P1,2\nP2,5\nP3,5\n",
    "P1,PA\nP2,PB\nP3,PA\n",
    "C1,PA,PD,0,100,DTD,5,1.0,AIR,2,T\n"
    "C1,PA,PD,100.01,1000,DTD,10,0.5,AIR,2,T\n"
    "C1,PB,PD,0,50,DTP,2,0.1,AIR,3,T\n"
    "C2,PA,PD,0,500,DTP,0,30,GROUND,1,T\n",
    "P1,100\nP1,101\nP2,100\nP2,102\nP3,100\n",
    "P3,CUST1\n",
    /* id, date, port, carrier, tpt, service, ahead, late, customer, product, plant, dest, units,
       weight */
    "1,5/26/13,PA,C1,2,DTD,0,0,CUST1,100,P1,PD,10,20\n"
    "2,5/26/13,PB,C1,3,DTP,1,0,CUST2,100,P2,PD,5,30\n"
    "3,5/26/13,PA,C9,0,CRF,0,0,CUST2,101,P1,PD,1,1\n"
    "4,5/26/13,PB,C1,3,DTP,0,0,CUST2,102,P2,PD,4,25\n"
    "5,5/26/13,PA,C1,2,DTD,0,0,CUST2,100,P1,PD,3,85\n",
};

static int32_t plant(const supply_net *net, const char *c) {
  return supply_names_find(&net->plants, c);
}
static int32_t port(const supply_net *net, const char *c) {
  return supply_names_find(&net->ports, c);
}

/* The lane of (carrier, origin, service, mode). */
static int32_t lane(const supply_net *net, const char *carrier, const char *orig, int svc,
                    int mode) {
  for (int32_t L = 0; L < net->n_lanes; L++)
    if (strcmp(net->carriers.code[net->lane_carrier[L]], carrier) == 0 &&
        net->lane_orig_port[L] == port(net, orig) && net->lane_service[L] == svc &&
        net->lane_mode[L] == mode)
      return L;
  return -1;
}

/* A feasible plan: 1 and 5 -> P1/PA on the DTD lane, 2 -> P2/PB/DTP AIR the day before its
 * date, 4 -> P2/PB/DTP AIR, and the CRF order 3 unserved (P1 already ships 2 orders). */
static void feasible_plan(const supply_net *net, supply_assign *a) {
  int32_t dtd = lane(net, "C1", "PA", SC_SERVICE_DTD, SC_MODE_AIR);
  int32_t dtp = lane(net, "C1", "PB", SC_SERVICE_DTP, SC_MODE_AIR);
  int32_t date = net->order_date[0];
  const char *plants[5] = {"P1", "P2", "P1", "P2", "P1"};
  const char *ports[5] = {"PA", "PB", "PA", "PB", "PA"};
  int32_t lanes[5] = {dtd, dtp, -1, dtp, dtd};
  for (int k = 0; k < 5; k++) {
    a->served[k] = 1;
    a->plant[k] = plant(net, plants[k]);
    a->port[k] = port(net, ports[k]);
    a->lane[k] = lanes[k];
    a->day[k] = date;
  }
  a->day[1] = date - 1;
  a->served[2] = 0;
}

/* Runs the check and returns the number of violations of kind (and of all kinds in *all). */
static int64_t count_kind(const supply_model *m, const supply_assign *a, supply_violation_kind kind,
                          int64_t *all, char *first, unsigned long cap) {
  supply_check_result r;
  if (supply_check(m, a, 0, &r) != AR_OK) return -1;
  *all = r.nv;
  first[0] = '\0';
  for (int64_t i = 0; i < r.nv; i++)
    if (r.v[i].kind == kind) {
      supply_violation_format(m, a, &r.v[i], first, cap);
      break;
    }
  int64_t n = r.count[kind];
  supply_check_free(&r);
  return n;
}

#define EXPECT_ONLY(kind, word)                                                                    \
  do {                                                                                             \
    int64_t all_ = 0;                                                                              \
    char msg_[512];                                                                                \
    int64_t n_ = count_kind(&m, &a, kind, &all_, msg_, sizeof msg_);                               \
    CHECK_EQ_INT(n_, 1);                                                                           \
    CHECK_EQ_INT(all_, 1);                                                                         \
    CHECK(strstr(msg_, word) != NULL);                                                             \
    if (!strstr(msg_, word)) fprintf(stderr, "message: %s\n", msg_);                               \
  } while (0)

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  char dir[4096];
  mini_net_dir("constraints", dir, sizeof dir);
  supply_net net;
  if (mini_net_load(dir, &tables, &net) != 0) {
    CHECK(0);
    return 0;
  }
  supply_config cfg;
  supply_config_default(&cfg);
  supply_model m;
  CHECK(supply_model_build(&net, &cfg, &m) == AR_OK);

  /* Route options: order 1 (DTD, CUST1): P1/PA/DTD, P3/PA/DTD (VMI lists CUST1) = 2; order 2
   * (DTP, CUST2, product 100): P1/PA/GROUND, P2/PB/AIR = 2; order 3 (CRF, product 101): P1/PA;
   * order 4 (DTP, product 102): P2/PB/AIR; order 5 (DTD, CUST2): P1/PA/DTD (P3 is VMI). */
  int64_t expect[5] = {2, 2, 1, 1, 1};
  for (int k = 0; k < 5; k++)
    CHECK_EQ_INT(m.opt_start[k + 1] - m.opt_start[k], expect[k]);
  CHECK_EQ_INT(m.win_len[1], 2);

  supply_assign a;
  CHECK(supply_assign_alloc(&a, net.n_orders) == AR_OK);
  feasible_plan(&net, &a);
  supply_check_result r;
  CHECK(supply_check(&m, &a, 1, &r) == AR_OK);
  CHECK_EQ_INT(r.nv, 0);
  /* By hand: WC 10*1 + 5*2 + 4*2 + 3*1 = 31. DTD lane W = 20 + 85 = 105 kg: band 2 (min 10,
   * rate 0.5): max(10, 10) + max(10, 42.5) = 52.5. DTP lane: order 2 alone the day before:
   * max(2, 3) = 3; order 4: max(2, 2.5) = 2.5. TC = 58. Time 2*105 + 3*55 = 375 day-kg. */
  CHECK(fabs(r.tot.wc - 31.0) < 1e-9);
  CHECK(fabs(r.tot.tc - 58.0) < 1e-9);
  CHECK(fabs(r.tot.time - 375.0) < 1e-9);
  CHECK_EQ_INT(r.tot.unserved, 1);
  supply_check_free(&r);

  supply_assign b;
  CHECK(supply_assign_alloc(&b, net.n_orders) == AR_OK);
#define RESET() feasible_plan(&net, &a)

  /* Plant capacity: the CRF order 3 served at P1 too makes 3 orders > 2. */
  RESET();
  a.served[2] = 1;
  a.plant[2] = plant(&net, "P1");
  a.port[2] = port(&net, "PA");
  a.lane[2] = -1;
  a.day[2] = net.order_date[2];
  EXPECT_ONLY(ROUTE_V_CAPACITY, "P1 on 2013-05-26: 3 orders > capacity 2");
  /* ... not with capacity ignored. */
  supply_config c2 = cfg;
  c2.capacity = 0;
  supply_model m2;
  CHECK(supply_model_build(&net, &c2, &m2) == AR_OK);
  CHECK(supply_check(&m2, &a, 0, &r) == AR_OK);
  CHECK_EQ_INT(r.nv, 0);
  supply_check_free(&r);
  supply_model_free(&m2);

  /* Lane weight cap: order 2 on the order date joins order 4 on the 50 kg lane: 55 kg. */
  RESET();
  a.day[1] = net.order_date[1];
  EXPECT_ONLY(ROUTE_V_LANE_CAP, "55.00 kg > cap 50.00 kg");

  /* Product: order 4 (product 102) from P1. */
  RESET();
  a.plant[3] = plant(&net, "P1");
  a.port[3] = port(&net, "PB");
  {
    int64_t all = 0;
    char msg[512];
    CHECK_EQ_INT(count_kind(&m, &a, ROUTE_V_PRODUCT, &all, msg, sizeof msg), 1);
    CHECK(strstr(msg, "P1 does not stock product 102") != NULL);
    CHECK(strstr(msg, "order 4") != NULL);
  }

  /* VMI: order 5 (CUST2) from P3. */
  RESET();
  a.plant[4] = plant(&net, "P3");
  EXPECT_ONLY(ROUTE_V_VMI, "P3 serves only its VMI customers, not CUST2");

  /* Plant port: order 1 from P1 through PB (with a lane from PA it is a lane-route error too). */
  RESET();
  a.port[0] = port(&net, "PB");
  {
    int64_t all = 0;
    char msg[512];
    CHECK_EQ_INT(count_kind(&m, &a, ROUTE_V_PORT, &all, msg, sizeof msg), 1);
    CHECK(strstr(msg, "P1 does not ship from PB") != NULL);
    CHECK_EQ_INT(count_kind(&m, &a, ROUTE_V_LANE_ROUTE, &all, msg, sizeof msg), 1);
  }

  /* No lane: a DTD order served without one. */
  RESET();
  a.lane[0] = -1;
  EXPECT_ONLY(ROUTE_V_NO_LANE, "a DTD order needs a lane");

  /* Lane route: order 4 (P2, PB) on the PA lane of its service level (GROUND). */
  RESET();
  a.lane[3] = lane(&net, "C2", "PA", SC_SERVICE_DTP, SC_MODE_GROUND);
  EXPECT_ONLY(ROUTE_V_LANE_ROUTE, "does not run from PB to PD");

  /* Service level: DTD order 5 on the DTP ground lane from PA; allowed when any lane may serve. */
  RESET();
  a.lane[4] = lane(&net, "C2", "PA", SC_SERVICE_DTP, SC_MODE_GROUND);
  EXPECT_ONLY(ROUTE_V_SERVICE, "a DTD order on lane C2/PA/DTP/GROUND/1");
  supply_config c3 = cfg;
  c3.service_match = ROUTE_SERVICE_ANY;
  CHECK(supply_model_build(&net, &c3, &m2) == AR_OK);
  CHECK(supply_check(&m2, &a, 0, &r) == AR_OK);
  CHECK_EQ_INT(r.nv, 0);
  supply_check_free(&r);
  supply_model_free(&m2);

  /* Ship day: order 1 one day late (its window is its date only). */
  RESET();
  a.day[0] = net.order_date[0] + 1;
  EXPECT_ONLY(ROUTE_V_DAY, "ships on 2013-05-27, outside its window 2013-05-26 .. 2013-05-26");

  /* Transit time limit (--tpt-limit): order 5's historical TPT is 2; a 3-day lane is refused. */
  RESET();
  supply_config c4 = cfg;
  c4.tpt_limit = 1;
  CHECK(supply_model_build(&net, &c4, &m2) == AR_OK);
  CHECK(supply_check(&m2, &a, 0, &r) == AR_OK);
  CHECK_EQ_INT(r.nv, 0);
  supply_check_free(&r);
  net.hist_tpt_days[1] = 2; /* order 2 on its 3-day lane, had its historical TPT been 2 */
  {
    int64_t all = 0;
    char msg[512];
    CHECK_EQ_INT(count_kind(&m2, &a, ROUTE_V_TPT, &all, msg, sizeof msg), 1);
    CHECK(strstr(msg, "takes 3 days, the order allows 2") != NULL);
  }
  net.hist_tpt_days[1] = 3;
  supply_model_free(&m2);

  /* Band gap (strict): 100.005 kg on the DTD lane lies between 100 and 100.01. */
  RESET();
  net.order_weight[4] = 80.005;
  supply_config c5 = cfg;
  c5.band_gap = ROUTE_GAP_STRICT;
  CHECK(supply_model_build(&net, &c5, &m2) == AR_OK);
  {
    int64_t all = 0;
    char msg[512];
    CHECK_EQ_INT(count_kind(&m2, &a, ROUTE_V_BAND_GAP, &all, msg, sizeof msg), 1);
    CHECK(strstr(msg, "100.01 kg lies in no weight band") || strstr(msg, "100.00 kg lies in no"));
    CHECK_EQ_INT(count_kind(&m, &a, ROUTE_V_BAND_GAP, &all, msg, sizeof msg), 0);
  }
  supply_model_free(&m2);
  net.order_weight[4] = 85;

  /* The historical plan of this network is feasible except that order 3 (CRF) at P1 makes P1
   * ship 3 orders, and order 2 and 4 share the 50 kg lane (55 kg). */
  supply_assign h;
  CHECK(supply_assign_historical(&net, &h) == AR_OK);
  CHECK(supply_check(&m, &h, 0, &r) == AR_OK);
  CHECK_EQ_INT(r.count[ROUTE_V_CAPACITY], 1);
  CHECK_EQ_INT(r.count[ROUTE_V_LANE_CAP], 1);
  CHECK_EQ_INT(r.nv, 2);
  supply_check_free(&r);
  supply_assign_free(&h);

  supply_assign_free(&a);
  supply_assign_free(&b);
  supply_model_free(&m);
  supply_net_free(&net);
  return 0;
}
