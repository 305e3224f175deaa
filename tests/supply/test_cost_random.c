/* SPDX-License-Identifier: BSD-3-Clause */
/* Cost recomputation on random plans: supply_check and the incremental supply_plan against an
 * independent, deliberately simple O(n^2) implementation written here from the raw rate rows. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "supply_check.h"
#include "supply_import.h"
#include "supply_plan.h"
#include "test_util.h"

static uint64_t rng_state = 12345;
static uint32_t rnd(uint32_t n) {
  rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)((rng_state >> 33) % n);
}

typedef struct {
  int64_t served;
  double wc, tc, time, co2;
} naive_totals;

/* The rate row pricing total weight W on lane L: among the rows of L, those with the largest
 * min weight <= W (none: the smallest min), then the largest max, then the first in the file. */
static int32_t naive_row(const supply_net *net, int32_t L, double W) {
  int32_t best = -1;
  for (int32_t r = 0; r < net->n_bands; r++) {
    if (net->band_lane[r] != L) continue;
    double mn = net->band_min_weight[r], mx = net->band_max_weight[r];
    if (best < 0) {
      best = r;
      continue;
    }
    double bmn = net->band_min_weight[best], bmx = net->band_max_weight[best];
    int fits = mn <= W + 1e-7, bfits = bmn <= W + 1e-7;
    int better;
    if (fits != bfits)
      better = fits;
    else if (fits)
      better = mn > bmn || (mn == bmn && mx > bmx);
    else
      better = mn < bmn || (mn == bmn && mx > bmx);
    if (better) best = r;
  }
  return best;
}

static naive_totals naive_cost(const supply_model *m, const supply_assign *a) {
  const supply_net *net = m->net;
  naive_totals t = {0};
  for (int32_t k = 0; k < net->n_orders; k++) {
    if (!a->served[k]) continue;
    t.served++;
    double w = net->order_weight[k];
    t.wc += net->order_units[k] * net->plant_cost_per_unit[a->plant[k]];
    int32_t L = net->order_service[k] == SC_SERVICE_CRF ? -1 : a->lane[k];
    if (L < 0) continue;
    t.time += net->lane_tpt_days[L] * w;
    double f = net->lane_mode[L] == SC_MODE_AIR ? m->cfg.co2_air : m->cfg.co2_ground;
    t.co2 += f * w / 1000.0 * m->cfg.co2_km;
    double W = 0.0;
    int n = 0;
    for (int32_t j = 0; j < net->n_orders; j++)
      if (a->served[j] && net->order_service[j] != SC_SERVICE_CRF && a->lane[j] == L &&
          a->day[j] == a->day[k]) {
        W += net->order_weight[j];
        n++;
      }
    if (net->lane_mode[L] == SC_MODE_GROUND) {
      int32_t r = naive_row(net, L, W);
      double truck = net->band_rate[r];
      if (m->cfg.ground_min_charge && net->band_min_cost[r] > truck) truck = net->band_min_cost[r];
      t.tc += W > 0 ? truck * w / W : truck / n;
    } else {
      int32_t r = naive_row(net, L, m->cfg.band_basis == ROUTE_BAND_BY_ORDER ? w : W);
      t.tc += fmax(net->band_min_cost[r], net->band_rate[r] * w);
    }
  }
  return t;
}

static int close_to(double a, double b) { return fabs(a - b) <= 1e-6 * fmax(1.0, fabs(b)); }

/* A random plan: most orders on a random route option and day of their window, some unserved,
 * a few shipped outside their window (costs are computed for any plan). */
static void random_plan(const supply_model *m, supply_assign *a) {
  const supply_net *net = m->net;
  for (int32_t k = 0; k < net->n_orders; k++) {
    int64_t nopt = m->opt_start[k + 1] - m->opt_start[k];
    a->served[k] = nopt > 0 && rnd(10) < 7;
    if (!a->served[k]) continue;
    int64_t x = m->opt_start[k] + rnd((uint32_t)nopt);
    a->plant[k] = m->opt_plant[x];
    a->port[k] = m->opt_port[x];
    a->lane[k] = m->opt_lane[x];
    a->day[k] = m->win_first[k] + (int32_t)rnd((uint32_t)m->win_len[k]);
    if (rnd(20) == 0) a->day[k] += m->win_len[k];
  }
}

static void check_reading(const supply_net *net, const supply_config *cfg, const char *name) {
  supply_model m;
  CHECK(supply_model_build(net, cfg, &m) == AR_OK);
  supply_assign a;
  CHECK(supply_assign_alloc(&a, net->n_orders) == AR_OK);
  for (int rep = 0; rep < 1; rep++) {
    random_plan(&m, &a);
    supply_check_result r;
    CHECK(supply_check(&m, &a, 1, &r) == AR_OK);
    naive_totals t = naive_cost(&m, &a);
    int ok = t.served == r.tot.served && close_to(r.tot.wc, t.wc) && close_to(r.tot.tc, t.tc) &&
             close_to(r.tot.time, t.time) && close_to(r.tot.co2, t.co2);
    CHECK(ok);
    if (!ok)
      fprintf(stderr, "%s: check %.6f %.6f %.6f %.6f, naive %.6f %.6f %.6f %.6f\n", name, r.tot.wc,
              r.tot.tc, r.tot.time, r.tot.co2, t.wc, t.tc, t.time, t.co2);
    /* Per-order parts add up to the totals. */
    double tc = 0.0;
    for (int32_t k = 0; k < net->n_orders; k++)
      tc += r.order_tc[k];
    CHECK(close_to(tc, r.tot.tc));
    supply_check_free(&r);
  }
  supply_assign_free(&a);
  supply_model_free(&m);
}

/* Random adds and removes on an incremental plan: every predicted delta matches the change, and
 * the totals match supply_check from scratch. */
static void check_incremental(const supply_net *net, supply_config cfg, const char *name) {
  cfg.capacity = 0;
  cfg.lane_caps = 0;
  supply_model m;
  supply_scope sc;
  supply_plan p;
  CHECK(supply_model_build(net, &cfg, &m) == AR_OK);
  CHECK(supply_scope_init(&sc, &m, NULL, net->n_orders, NULL) == AR_OK);
  CHECK(supply_plan_init(&p, &sc) == AR_OK);
  supply_assign a;
  CHECK(supply_assign_alloc(&a, net->n_orders) == AR_OK);
  int bad_delta = 0, bad_total = 0;
  for (int op = 0; op < 30000; op++) {
    int32_t i = (int32_t)rnd((uint32_t)sc.n), k = sc.orders[i];
    int32_t nopt = supply_plan_noptions(&p, i);
    supply_totals before = p.tot;
    supply_delta d;
    if (p.opt[i] >= 0) {
      supply_plan_eval_remove(&p, i, &d);
      supply_plan_remove(&p, i);
    } else {
      supply_plan_remove(&p, i);
      if (nopt == 0) continue;
      int32_t o = (int32_t)rnd((uint32_t)nopt);
      int32_t day = m.win_first[k] + (int32_t)rnd((uint32_t)m.win_len[k]);
      CHECK(supply_plan_eval_add(&p, i, o, day, &d));
      supply_plan_add(&p, i, o, day);
    }
    if (!close_to(p.tot.tc - before.tc, d.tc) || !close_to(p.tot.wc - before.wc, d.wc) ||
        !close_to(p.tot.time - before.time, d.time))
      bad_delta++;
    if (op % 5000 == 4999) {
      supply_plan_to_assign(&p, &a);
      supply_check_result r;
      CHECK(supply_check(&m, &a, 0, &r) == AR_OK);
      if (r.tot.served != p.tot.served || !close_to(p.tot.wc, r.tot.wc) ||
          !close_to(p.tot.tc, r.tot.tc) || !close_to(p.tot.time, r.tot.time) ||
          !close_to(p.tot.co2, r.tot.co2)) {
        bad_total++;
        fprintf(stderr, "%s: plan tc %.6f, check %.6f\n", name, p.tot.tc, r.tot.tc);
      }
      if (op == 29999) {
        naive_totals t = naive_cost(&m, &a);
        CHECK(close_to(t.tc, r.tot.tc));
      }
      supply_check_free(&r);
    }
  }
  CHECK_EQ_INT(bad_delta, 0);
  CHECK_EQ_INT(bad_total, 0);
  /* Emptied completely, every lane-day is back to exactly zero. */
  for (int32_t i = 0; i < sc.n; i++)
    supply_plan_remove(&p, i);
  int nonzero = 0;
  for (int64_t t = 0; t < (int64_t)net->n_lanes * sc.ndays; t++)
    nonzero += p.ld_cost[t] != 0.0 || p.ld_w[t] != 0.0 || p.ld_n[t] != 0;
  for (int64_t t = 0; t < sc.n_s; t++)
    nonzero += p.ld_s[t] != 0.0;
  CHECK_EQ_INT(nonzero, 0);
  CHECK(fabs(p.tot.tc) < 1e-6 && p.tot.served == 0);
  supply_assign_free(&a);
  supply_plan_free(&p);
  supply_scope_free(&sc);
  supply_model_free(&m);
}

/* Half the orders fixed (an earlier month), the other half in the scope: the plan's totals are
 * the difference, and supply_plan_verify agrees. */
static void check_fixed_scope(const supply_net *net) {
  supply_config cfg;
  supply_config_default(&cfg);
  cfg.capacity = 0;
  cfg.lane_caps = 0;
  supply_model m;
  CHECK(supply_model_build(net, &cfg, &m) == AR_OK);
  supply_assign fixed;
  CHECK(supply_assign_alloc(&fixed, net->n_orders) == AR_OK);
  random_plan(&m, &fixed);
  for (int32_t k = 0; k < net->n_orders; k++) /* keep fixed orders inside their windows */
    if (fixed.served[k] && (fixed.day[k] >= m.win_first[k] + m.win_len[k])) fixed.served[k] = 0;
  int32_t *orders = malloc((size_t)net->n_orders * sizeof *orders), n = 0;
  for (int32_t k = 0; k < net->n_orders; k += 2)
    orders[n++] = k;
  supply_scope sc;
  supply_plan p;
  CHECK(supply_scope_init(&sc, &m, orders, n, &fixed) == AR_OK);
  CHECK(supply_plan_init(&p, &sc) == AR_OK);
  for (int32_t i = 0; i < n; i++) {
    int32_t k = sc.orders[i], nopt = supply_plan_noptions(&p, i);
    if (nopt == 0 || rnd(4) == 0) {
      supply_plan_unserve(&p, i);
      continue;
    }
    supply_plan_add(&p, i, (int32_t)rnd((uint32_t)nopt),
                    m.win_first[k] + (int32_t)rnd((uint32_t)m.win_len[k]));
  }
  ar_status st = supply_plan_verify(&p, &fixed);
  CHECK(st == AR_OK);
  if (st != AR_OK) fprintf(stderr, "%s\n", ar_error_message());
  /* A wrong total is caught. */
  p.tot.tc += 1.0;
  CHECK(supply_plan_verify(&p, &fixed) == AR_ERR_INTERNAL);
  CHECK(strstr(ar_error_message(), "differ") != NULL);
  supply_plan_free(&p);
  supply_scope_free(&sc);
  free(orders);
  supply_assign_free(&fixed);
  supply_model_free(&m);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  const char *src = getenv("AR_SOURCE_DIR");
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/inputs/supply_chain", src ? src : ".");
  supply_net net;
  if (supply_import_dir(dir, 0, &net, NULL) != AR_OK) {
    fprintf(stderr, "%s\n", ar_error_message());
    CHECK(0);
    return 0;
  }
  supply_config cfg;
  supply_config_default(&cfg);
  check_reading(&net, &cfg, "default");
  supply_config c2 = cfg;
  c2.band_basis = ROUTE_BAND_BY_ORDER;
  check_reading(&net, &c2, "band basis order");
  supply_config c3 = cfg;
  c3.ground_min_charge = 1;
  check_reading(&net, &c3, "ground minimum charge");
  check_incremental(&net, cfg, "incremental, default");
  check_incremental(&net, c2, "incremental, band basis order");
  check_fixed_scope(&net);
  supply_net_free(&net);
  return 0;
}
