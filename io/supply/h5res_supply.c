/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_supply: write and read the supply-chain results file (see h5res_supply.h). */
#include "h5res_supply.h"

#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "h5field.h"
#include "h5meta.h"
#include "h5res_fields.h"
#include "h5res_hosts.h"
#include "h5res_supply_fields.h"
#include "h5u.h"
#include "supply_bound.h"
#include "supply_params.h"
#include "supply_plan.h"

enum { H5RES_SUPPLY_VERSION = 1 };
static const h5field *const F = h5res_supply_fields;

/* Column of the plan table (allocated here, filled from the results). */
typedef struct {
  int64_t *order_id;
  int32_t *month, *plant, *port, *lane, *carrier, *tpt, *day;
  int8_t *served, *service, *mode, *reason;
  double *wc, *tc, *time, *co2;
} plan_cols;

static void plan_cols_free(plan_cols *c) {
  free(c->order_id);
  free(c->month);
  free(c->plant);
  free(c->port);
  free(c->lane);
  free(c->carrier);
  free(c->tpt);
  free(c->day);
  free(c->served);
  free(c->service);
  free(c->mode);
  free(c->reason);
}

static ar_status plan_cols_fill(const supply_model *m, const supply_result *r, plan_cols *c) {
  const supply_net *net = m->net;
  size_t n = net->n_orders > 0 ? (size_t)net->n_orders : 1;
  memset(c, 0, sizeof *c);
  c->order_id = malloc(n * sizeof *c->order_id);
  c->month = malloc(n * sizeof *c->month);
  c->plant = malloc(n * sizeof *c->plant);
  c->port = malloc(n * sizeof *c->port);
  c->lane = malloc(n * sizeof *c->lane);
  c->carrier = malloc(n * sizeof *c->carrier);
  c->tpt = malloc(n * sizeof *c->tpt);
  c->day = malloc(n * sizeof *c->day);
  c->served = malloc(n);
  c->service = malloc(n);
  c->mode = malloc(n);
  c->reason = malloc(n);
  if (!c->order_id || !c->month || !c->plant || !c->port || !c->lane || !c->carrier || !c->tpt ||
      !c->day || !c->served || !c->service || !c->mode || !c->reason) {
    plan_cols_free(c);
    return ar_fail(AR_ERR_NOMEM, "out of memory writing the plan of %d orders", (int)net->n_orders);
  }
  const supply_assign *a = &r->plan;
  for (int32_t k = 0; k < net->n_orders; k++) {
    int served = a->served[k];
    int32_t L = served && net->order_service[k] != SC_SERVICE_CRF ? a->lane[k] : -1;
    c->order_id[k] = net->order_id[k];
    c->month[k] = r->month_of[k];
    c->served[k] = (int8_t)served;
    c->plant[k] = served ? a->plant[k] : -1;
    c->port[k] = served ? a->port[k] : -1;
    c->lane[k] = L;
    c->carrier[k] = L >= 0 ? net->lane_carrier[L] : -1;
    c->service[k] = L >= 0 ? net->lane_service[L] : net->order_service[k];
    c->mode[k] = L >= 0 ? net->lane_mode[L] : -1;
    c->tpt[k] = L >= 0 ? net->lane_tpt_days[L] : -1;
    c->day[k] = served ? a->day[k] : -1;
    c->reason[k] = r->reason[k];
  }
  c->wc = r->check.order_wc;
  c->tc = r->check.order_tc;
  c->time = r->check.order_time;
  c->co2 = r->check.order_co2;
  return AR_OK;
}

static ar_status write_codes(hid_t file, const supply_net *net) {
  hid_t g = -1;
  hsize_t np = (hsize_t)net->plants.n, nq = (hsize_t)net->ports.n, nc = (hsize_t)net->carriers.n;
  ar_status st = h5u_group_create(file, "codes", &g);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_SUPPLY_CODES_PLANTS], &np, net->plants.code);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_SUPPLY_CODES_PORTS], &nq, net->ports.code);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_SUPPLY_CODES_CARRIERS], &nc, net->carriers.code);
  st = h5u_group_close(g, st);
  return st;
}

static ar_status write_plan(hid_t file, const supply_model *m, const plan_cols *c) {
  hsize_t d[1] = {(hsize_t)m->net->n_orders};
  hid_t g = -1;
  ar_status st = h5u_group_create(file, "plan", &g);
  /* The columns in the order of their declarations, H5RES_SUPPLY_PLAN_ORDER_ID on. */
  const void *cols[] = {c->order_id, c->month,   c->served, c->plant, c->port, c->lane,
                        c->carrier,  c->service, c->mode,   c->tpt,   c->day,  c->wc,
                        c->tc,       c->time,    c->co2,    c->reason};
  for (int j = 0; st == AR_OK && j < (int)(sizeof cols / sizeof cols[0]); j++)
    st = h5field_write(g, &F[H5RES_SUPPLY_PLAN_ORDER_ID + j], d, cols[j]);
  if (st == AR_OK)
    st = h5field_attr_str(g, &F[H5RES_SUPPLY_PLAN_REASON_CODES],
                          F[H5RES_SUPPLY_PLAN_REASON_CODES].meaning);
  st = h5u_group_close(g, st);
  return st;
}

static ar_status write_unserved(hid_t file, const supply_model *m, const supply_result *r) {
  const supply_net *net = m->net;
  int64_t u = r->check.tot.unserved;
  size_t cap = u > 0 ? (size_t)u : 1;
  int64_t *id = malloc(cap * sizeof *id);
  int32_t *month = malloc(cap * sizeof *month);
  int8_t *reason = malloc(cap);
  ar_status st = AR_OK;
  if (!id || !month || !reason) st = ar_fail(AR_ERR_NOMEM, "out of memory writing /unserved");
  int64_t t = 0;
  for (int32_t k = 0; st == AR_OK && k < net->n_orders && t < u; k++)
    if (!r->plan.served[k]) {
      id[t] = net->order_id[k];
      month[t] = r->month_of[k];
      reason[t] = r->reason[k];
      t++;
    }
  hsize_t d[1] = {(hsize_t)u};
  hid_t g = -1;
  if (st == AR_OK) st = h5u_group_create(file, "unserved", &g);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_SUPPLY_UNSERVED_ORDER_ID], d, id);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_SUPPLY_UNSERVED_MONTH], d, month);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_SUPPLY_UNSERVED_REASON], d, reason);
  st = h5u_group_close(g, st);
  free(id);
  free(month);
  free(reason);
  return st;
}

/* The columns of /months, one entry per month. */
enum { MONTH_I32 = 4, MONTH_I64 = 7, MONTH_F64 = 10 };
typedef struct {
  int32_t *i32[MONTH_I32]; /* year, month, orders, best_colony */
  int64_t *i64[MONTH_I64]; /* min_unserved, served, unserved, iterations, epochs, best_iteration */
  double *f64[MONTH_F64];  /* wc, tc, time, co2, lower_wc, lower_cost, seconds, penalty, cost,
                              lower_served_cost */
} month_cols;

static void month_cols_free(month_cols *c) {
  for (int j = 0; j < MONTH_I32; j++)
    free(c->i32[j]);
  for (int j = 0; j < MONTH_I64; j++)
    free(c->i64[j]);
  for (int j = 0; j < MONTH_F64; j++)
    free(c->f64[j]);
}

static ar_status month_cols_fill(const supply_model *m, const supply_result *r, month_cols *c) {
  size_t cap = r->n_months > 0 ? (size_t)r->n_months : 1;
  int ok = 1;
  for (int j = 0; j < MONTH_I32; j++)
    ok &= (c->i32[j] = malloc(cap * sizeof(int32_t))) != NULL;
  for (int j = 0; j < MONTH_I64; j++)
    ok &= (c->i64[j] = malloc(cap * sizeof(int64_t))) != NULL;
  for (int j = 0; j < MONTH_F64; j++)
    ok &= (c->f64[j] = malloc(cap * sizeof(double))) != NULL;
  if (!ok) return ar_fail(AR_ERR_NOMEM, "out of memory writing /months");
  for (int32_t t = 0; t < r->n_months; t++) {
    const supply_month_result *mr = &r->months[t];
    c->i32[0][t] = mr->year;
    c->i32[1][t] = mr->month;
    c->i32[2][t] = mr->orders;
    c->i32[3][t] = mr->best_colony;
    c->i64[0][t] = mr->min_unserved;
    c->i64[1][t] = mr->tot.served;
    c->i64[2][t] = mr->tot.unserved;
    c->i64[3][t] = mr->iterations;
    c->i64[4][t] = mr->epochs;
    c->i64[5][t] = mr->best_iteration;
    c->i64[6][t] = 0;
    c->f64[0][t] = mr->tot.wc;
    c->f64[1][t] = mr->tot.tc;
    c->f64[2][t] = mr->tot.time;
    c->f64[3][t] = mr->tot.co2;
    c->f64[4][t] = mr->lower_wc;
    c->f64[5][t] = mr->lower_cost;
    c->f64[6][t] = mr->seconds;
    c->f64[7][t] = m->cfg.penalty * (double)mr->tot.unserved;
    c->f64[8][t] = mr->tot.wc + mr->tot.tc + c->f64[7][t];
    c->f64[9][t] = mr->lower_served_cost;
  }
  return AR_OK;
}

/* The datasets of /months (g), one row per month. */
static ar_status write_month_table(hid_t g, hsize_t months, const month_cols *c) {
  hsize_t d[1] = {months};
  ar_status st = AR_OK;
  /* The columns follow their declarations: int32 from YEAR, int64 from MIN_UNSERVED, float64
   * from WC. */
  for (int j = 0; st == AR_OK && j < MONTH_I32; j++)
    st = h5field_write(g, &F[H5RES_SUPPLY_MONTHS_YEAR + j], d, c->i32[j]);
  for (int j = 0; st == AR_OK && j < MONTH_I64 - 1; j++)
    st = h5field_write(g, &F[H5RES_SUPPLY_MONTHS_MIN_UNSERVED + j], d, c->i64[j]);
  for (int j = 0; st == AR_OK && j < MONTH_F64; j++)
    st = h5field_write(g, &F[H5RES_SUPPLY_MONTHS_WC + j], d, c->f64[j]);
  return st;
}

/* The unit of a goal's value (src/supply/supply_model.h). */
static const char *goal_unit(supply_goal goal) {
  switch (goal) {
  case ROUTE_GOAL_UNSERVED: return "orders";
  case ROUTE_GOAL_COST: return "USD";
  case ROUTE_GOAL_TIME: return "day kg";
  case ROUTE_GOAL_CO2: return "kg CO2e";
  case ROUTE_GOAL_WEIGHTED: return "weighted sum (w_cost USD + w_time day kg + w_co2 kg CO2e)";
  case ROUTE_GOAL_COUNT: break;
  }
  return "1";
}

/* /months/YYYY-MM/trace: the month's convergence. */
static ar_status write_month_trace(hid_t gm, const supply_model *m, const supply_month_result *mr) {
  hid_t gt = -1;
  ar_status st = h5u_group_create(gm, "trace", &gt);
  hsize_t n = (hsize_t)mr->n_trace;
  if (st == AR_OK) st = h5field_write(gt, &F[H5RES_SUPPLY_MONTH_TRACE_TIME], &n, mr->trace_time);
  if (st == AR_OK)
    st = h5field_write(gt, &F[H5RES_SUPPLY_MONTH_TRACE_ITERATION], &n, mr->trace_iteration);
  for (int j = 0; j < 2 && st == AR_OK; j++) {
    /* The meaning names the run's goal. */
    h5field key = F[H5RES_SUPPLY_MONTH_TRACE_KEY0 + j];
    char desc[96];
    snprintf(desc, sizeof desc, "best value of goal %d (%s)", j + 1,
             j < m->cfg.n_keys ? supply_goal_name(m->cfg.key[j]) : "none");
    key.meaning = desc;
    key.unit = j < m->cfg.n_keys ? goal_unit(m->cfg.key[j]) : "1";
    st = h5field_write(gt, &key, &n, mr->trace_key[j]);
  }
  return h5u_group_close(gt, st);
}

/* /months/YYYY-MM: how the month's search stopped, its trace and its BSP split per rank. */
static ar_status write_month_group(hid_t g, const supply_model *m, const supply_month_result *mr) {
  char name[32];
  snprintf(name, sizeof name, "%04d-%02d", (int)mr->year, (int)mr->month);
  hid_t gm = -1;
  ar_status st = h5u_group_create(g, name, &gm);
  if (st == AR_OK) st = h5field_attr_str(gm, &F[H5RES_SUPPLY_MONTH_STOPPED_BY], mr->stopped_by);
  if (st == AR_OK) st = write_month_trace(gm, m, mr);
  hsize_t dr[2] = {(hsize_t)mr->ranks, 4};
  if (st == AR_OK && mr->ranks > 0)
    st = h5field_write(gm, &F[H5RES_SUPPLY_MONTH_RANK_SECONDS], dr, mr->rank_seconds);
  if (st == AR_OK && mr->ranks > 0)
    st = h5u_dataset_attr_write_str(gm, h5field_leaf(&F[H5RES_SUPPLY_MONTH_RANK_SECONDS]),
                                    h5field_leaf(&h5res_run_fields[H5RES_RUN_RANK_SECONDS_COLUMNS]),
                                    "construct,update,exchange,total");
  return h5u_group_close(gm, st);
}

static ar_status write_months(hid_t file, const supply_model *m, const supply_result *r) {
  month_cols c = {0};
  hid_t g = -1;
  ar_status st = month_cols_fill(m, r, &c);
  if (st == AR_OK) st = h5u_group_create(file, "months", &g);
  if (st == AR_OK) st = write_month_table(g, (hsize_t)r->n_months, &c);
  for (int32_t t = 0; st == AR_OK && t < r->n_months; t++)
    st = write_month_group(g, m, &r->months[t]);
  st = h5u_group_close(g, st);
  month_cols_free(&c);
  return st;
}

static ar_status write_totals(hid_t file, const supply_model *m, const supply_result *r) {
  const supply_totals *t = &r->check.tot;
  int64_t bound = 0;
  for (int32_t i = 0; i < r->n_months; i++)
    bound += r->months[i].min_unserved;
  double penalty = m->cfg.penalty * (double)t->unserved;
  hid_t g = -1;
  ar_status st = h5u_group_create(file, "totals", &g);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_SUPPLY_TOTALS_SERVED], t->served);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_SUPPLY_TOTALS_UNSERVED], t->unserved);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_SUPPLY_TOTALS_MIN_UNSERVED], bound);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_SUPPLY_TOTALS_WC], t->wc);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_SUPPLY_TOTALS_TC], t->tc);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_SUPPLY_TOTALS_PENALTY], penalty);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_SUPPLY_TOTALS_COST], t->wc + t->tc + penalty);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_SUPPLY_TOTALS_TIME], t->time);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_SUPPLY_TOTALS_CO2], t->co2);
  double key[ROUTE_KEYS_MAX];
  supply_objective(&m->cfg, t, key);
  char names[128] = "";
  for (int i = 0; i < m->cfg.n_keys; i++) {
    size_t len = strlen(names);
    snprintf(names + len, sizeof names - len, "%s%s", i ? "," : "",
             supply_goal_name(m->cfg.key[i]));
  }
  if (st == AR_OK) st = h5field_attr_str(g, &F[H5RES_SUPPLY_TOTALS_GOAL_ORDER], names);
  for (int i = 0; i < m->cfg.n_keys && st == AR_OK; i++) {
    char name[32];
    snprintf(name, sizeof name, "goal%d", i + 1);
    st = h5u_attr_write_f64(g, name, key[i]);
    char desc[96];
    snprintf(desc, sizeof desc, "the value of goal %d of goal_order (%s)", i + 1,
             supply_goal_name(m->cfg.key[i]));
    if (st == AR_OK) st = h5field_attr_annotate(g, name, goal_unit(m->cfg.key[i]), desc);
  }
  st = h5u_group_close(g, st);
  return st;
}

/* The gap of a month's served cost to its bound, when its plan serves the most orders possible. */
static double month_gap(const supply_month_result *mr) {
  double served = mr->tot.wc + mr->tot.tc;
  if (!(mr->lower_bound > -HUGE_VAL) || mr->tot.unserved != mr->min_unserved) return NAN;
  if (served == mr->lower_bound) return 0.0; /* nothing served at no cost: at the bound */
  return served > 0 ? 100.0 * (served - mr->lower_bound) / served : NAN;
}

static ar_status bound_method(hid_t loc, const h5field *bound) {
  hid_t d = H5Dopen2(loc, bound->path, H5P_DEFAULT);
  if (d < 0) return ar_fail(AR_ERR_HDF5, "%s: cannot reopen %s", h5u_file_name(loc), bound->path);
  ar_status st = h5field_attr_str(d, &F[H5RES_SUPPLY_BOUND_METHOD], SUPPLY_BOUND_METHOD);
  H5Dclose(d);
  return st;
}

/* /months/lower_bound and gap_to_bound, and for the whole plan /best/lower_bound and
 * /best/gap_to_bound (the months' bounds add up: each month's plan is fixed before the next). */
static ar_status write_bounds(hid_t file, const supply_result *r) {
  int32_t M = r->n_months;
  double *bound = malloc((M ? (size_t)M : 1) * sizeof *bound);
  double *gap = malloc((M ? (size_t)M : 1) * sizeof *gap);
  if (!bound || !gap) {
    free(bound);
    free(gap);
    return ar_fail(AR_ERR_NOMEM, "out of memory writing the bounds");
  }
  double total = 0.0, served = 0.0;
  int all = 1;
  for (int32_t t = 0; t < M; t++) {
    const supply_month_result *mr = &r->months[t];
    bound[t] = mr->lower_bound;
    gap[t] = month_gap(mr);
    total += mr->lower_bound;
    served += mr->tot.wc + mr->tot.tc;
    all &= !isnan(gap[t]);
  }
  double whole = !all              ? NAN
                 : served == total ? 0.0
                 : served > 0      ? 100.0 * (served - total) / served
                                   : NAN;
  if (!(total > -HUGE_VAL)) total = -HUGE_VAL;
  hsize_t d[1] = {(hsize_t)M};
  hid_t g = H5Gopen2(file, "months", H5P_DEFAULT), b = -1;
  ar_status st =
      g >= 0 ? AR_OK : ar_fail(AR_ERR_HDF5, "%s: cannot open /months", h5u_file_name(file));
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_SUPPLY_MONTHS_LOWER_BOUND], d, bound);
  if (st == AR_OK) st = bound_method(g, &F[H5RES_SUPPLY_MONTHS_LOWER_BOUND]);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_SUPPLY_MONTHS_GAP_TO_BOUND], d, gap);
  if (st == AR_OK) st = h5u_group_create(file, "best", &b);
  if (st == AR_OK) st = h5field_write(b, &F[H5RES_SUPPLY_BEST_LOWER_BOUND], NULL, &total);
  if (st == AR_OK) st = bound_method(b, &F[H5RES_SUPPLY_BEST_LOWER_BOUND]);
  if (st == AR_OK) st = h5field_write(b, &F[H5RES_SUPPLY_BEST_GAP_TO_BOUND], NULL, &whole);
  if (b >= 0) H5Gclose(b);
  if (g >= 0) H5Gclose(g);
  free(bound);
  free(gap);
  return st;
}

/* /run: the totals of the search over the months, and the BSP split per rank summed over them. */
static ar_status write_run(hid_t file, const supply_result *r) {
  int32_t R = r->n_months > 0 ? r->months[0].ranks : 0;
  int64_t iterations = 0, epochs = 0;
  double seconds = 0.0;
  double *sum = calloc((size_t)(R > 0 ? R : 1) * 4, sizeof *sum);
  if (!sum) return ar_fail(AR_ERR_NOMEM, "out of memory writing /run");
  for (int32_t t = 0; t < r->n_months; t++) {
    const supply_month_result *mr = &r->months[t];
    iterations += mr->iterations;
    epochs += mr->epochs;
    seconds += mr->seconds;
    for (int32_t i = 0; mr->rank_seconds && mr->ranks == R && i < 4 * R; i++)
      sum[i] += mr->rank_seconds[i];
  }
  hid_t g = -1;
  ar_status st = h5u_group_create(file, "run", &g);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_SUPPLY_RUN_ITERATIONS], iterations);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_SUPPLY_RUN_EPOCHS], epochs);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_SUPPLY_RUN_SECONDS], seconds);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_SUPPLY_RUN_MONTHS], r->n_months);
  /* The kind-free /run/rank_seconds, without the CPU column, summed over the months. */
  h5field split = h5res_run_fields[H5RES_RUN_RANK_SECONDS];
  split.meaning = "per rank, summed over the months: seconds building ants, updating trails, "
                  "exchanging at epoch ends, and in total";
  hsize_t dr[2] = {(hsize_t)R, 4};
  if (st == AR_OK && R > 0) st = h5field_write(g, &split, dr, sum);
  if (st == AR_OK && R > 0)
    st = h5u_dataset_attr_write_str(g, h5field_leaf(&split),
                                    h5field_leaf(&h5res_run_fields[H5RES_RUN_RANK_SECONDS_COLUMNS]),
                                    "construct,update,exchange,total");
  st = h5u_group_close(g, st);
  free(sum);
  return st;
}

ar_status h5res_supply_write(hid_t file, const supply_model *m, const supply_result *r,
                             const param_set *ps, const h5res_supply_info *info) {
  int ranks = 1;
  const char *base = strrchr(info->input, '/');
  ar_status st = ar_mpi_check(MPI_Comm_size(MPI_COMM_WORLD, &ranks), "MPI_Comm_size");
  if (st == AR_OK) st = h5meta_write(file, H5META_RESULTS, H5RES_SUPPLY_VERSION, ps);
  const h5field *R = h5res_run_fields;
  if (st == AR_OK) st = h5field_attr_str(file, &R[H5RES_KIND], "supply-chain");
  if (st == AR_OK) st = h5field_attr_str(file, &R[H5RES_INPUT], info->input);
  if (st == AR_OK) st = h5field_attr_str(file, &R[H5RES_INSTANCE], base ? base + 1 : info->input);
  plan_cols c;
  if (st == AR_OK) st = plan_cols_fill(m, r, &c);
  if (st == AR_OK) {
    st = write_codes(file, m->net);
    if (st == AR_OK) st = write_plan(file, m, &c);
    plan_cols_free(&c);
  }
  if (st == AR_OK) st = write_unserved(file, m, r);
  if (st == AR_OK) st = write_months(file, m, r);
  if (st == AR_OK) st = write_bounds(file, r);
  if (st == AR_OK) st = write_totals(file, m, r);
  if (st == AR_OK) st = write_run(file, r);
  hid_t g = -1;
  if (st == AR_OK) st = h5u_group_create(file, "layout", &g);
  if (st == AR_OK) st = h5field_attr_i64(g, &R[H5RES_LAYOUT_RANKS], ranks);
  if (st == AR_OK) st = h5field_attr_i64(g, &R[H5RES_LAYOUT_THREADS], info->threads);
  if (st == AR_OK) st = h5field_attr_i64(g, &R[H5RES_LAYOUT_COLONIES], info->colonies);
  if (st == AR_OK) st = h5res_write_rank_hosts(g, MPI_COMM_WORLD);
  st = h5u_group_close(g, st);
  return st;
}

/* --- Reading the plan back -------------------------------------------------------------------- */

void h5res_supply_plan_free(h5res_supply_plan *p) {
  free(p->order_id);
  free(p->served);
  free(p->service);
  free(p->mode);
  free(p->plant);
  free(p->port);
  free(p->carrier);
  free(p->tpt_days);
  free(p->ship_day);
  if (p->plants) h5u_free_strings(p->plants, p->n_plants);
  if (p->ports) h5u_free_strings(p->ports, p->n_ports);
  if (p->carriers) h5u_free_strings(p->carriers, p->n_carriers);
  memset(p, 0, sizeof *p);
}

static ar_status read_column(hid_t file, int field, int64_t *n, void **data) {
  hsize_t d[2];
  const char *path = F[field].path;
  ar_status st = h5field_read(file, &F[field], d, 200000000ULL, data);
  if (st != AR_OK) return st;
  if (*n < 0) *n = (int64_t)d[0];
  if ((int64_t)d[0] != *n)
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s has %llu rows, %s has %lld", h5u_file_name(file),
                   path, (unsigned long long)d[0], F[H5RES_SUPPLY_PLAN_ORDER_ID].path,
                   (long long)*n);
  return AR_OK;
}

static ar_status check_index(hid_t file, const char *path, const int32_t *v, int64_t n, int32_t lo,
                             int64_t count, const int8_t *served, int need) {
  for (int64_t i = 0; i < n; i++) {
    int ok = v[i] >= lo && v[i] < count;
    if (need && served[i] && v[i] < 0) ok = 0;
    if (!ok)
      return ar_fail(AR_ERR_INPUT, "%s: dataset %s row %lld: %d is not a valid index (%lld codes)",
                     h5u_file_name(file), path, (long long)i, (int)v[i], (long long)count);
  }
  return AR_OK;
}

ar_status h5res_supply_read_plan(const char *path, h5res_supply_plan *p) {
  memset(p, 0, sizeof *p);
  hid_t file;
  ar_status st = h5u_open_read(path, MPI_COMM_SELF, &file);
  if (st != AR_OK) return st;
  char kind[64] = "", format[64] = "";
  int64_t version = 0;
  st = h5meta_check(file, H5META_RESULTS, H5RES_SUPPLY_VERSION, format, sizeof format, &version);
  if (st == AR_OK && (h5u_attr_read_str(file, "kind", kind, sizeof kind) != AR_OK ||
                      strcmp(kind, "supply-chain") != 0))
    st = ar_fail(AR_ERR_INPUT, "%s: not the results of a supply-chain network (kind '%s')", path,
                 kind);
  int64_t n = -1;
  /* The columns export needs, each with its destination. */
  const struct {
    int field;
    void **data;
  } cols[] = {{H5RES_SUPPLY_PLAN_ORDER_ID, (void **)&p->order_id},
              {H5RES_SUPPLY_PLAN_SERVED, (void **)&p->served},
              {H5RES_SUPPLY_PLAN_SERVICE, (void **)&p->service},
              {H5RES_SUPPLY_PLAN_MODE, (void **)&p->mode},
              {H5RES_SUPPLY_PLAN_PLANT, (void **)&p->plant},
              {H5RES_SUPPLY_PLAN_PORT, (void **)&p->port},
              {H5RES_SUPPLY_PLAN_CARRIER, (void **)&p->carrier},
              {H5RES_SUPPLY_PLAN_TPT_DAYS, (void **)&p->tpt_days},
              {H5RES_SUPPLY_PLAN_SHIP_DAY, (void **)&p->ship_day}};
  for (size_t j = 0; st == AR_OK && j < sizeof cols / sizeof cols[0]; j++)
    st = read_column(file, cols[j].field, &n, cols[j].data);
  if (st == AR_OK)
    st = h5field_read_strings(file, &F[H5RES_SUPPLY_CODES_PLANTS], 1000000, &p->n_plants,
                              &p->plants);
  if (st == AR_OK)
    st = h5field_read_strings(file, &F[H5RES_SUPPLY_CODES_PORTS], 1000000, &p->n_ports, &p->ports);
  if (st == AR_OK)
    st = h5field_read_strings(file, &F[H5RES_SUPPLY_CODES_CARRIERS], 1000000, &p->n_carriers,
                              &p->carriers);
  p->n = n < 0 ? 0 : n;
  for (int64_t i = 0; st == AR_OK && i < p->n; i++) {
    if (p->served[i] != 0 && p->served[i] != 1)
      st = ar_fail(AR_ERR_INPUT, "%s: dataset %s row %lld: %d is not 0 or 1", path,
                   F[H5RES_SUPPLY_PLAN_SERVED].path, (long long)i, (int)p->served[i]);
    else if (p->service[i] < 0 || p->service[i] >= SC_SERVICE_COUNT)
      st = ar_fail(AR_ERR_INPUT, "%s: dataset %s row %lld: %d is not a service level", path,
                   F[H5RES_SUPPLY_PLAN_SERVICE].path, (long long)i, (int)p->service[i]);
    else if (p->mode[i] < -1 || p->mode[i] >= SC_MODE_COUNT)
      st = ar_fail(AR_ERR_INPUT, "%s: dataset %s row %lld: %d is not a mode", path,
                   F[H5RES_SUPPLY_PLAN_MODE].path, (long long)i, (int)p->mode[i]);
  }
  if (st == AR_OK)
    st = check_index(file, F[H5RES_SUPPLY_PLAN_PLANT].path, p->plant, p->n, -1,
                     (int64_t)p->n_plants, p->served, 1);
  if (st == AR_OK)
    st = check_index(file, F[H5RES_SUPPLY_PLAN_PORT].path, p->port, p->n, -1, (int64_t)p->n_ports,
                     p->served, 1);
  if (st == AR_OK)
    st = check_index(file, F[H5RES_SUPPLY_PLAN_CARRIER].path, p->carrier, p->n, -1,
                     (int64_t)p->n_carriers, p->served, 0);
  h5u_close(file);
  if (st != AR_OK) h5res_supply_plan_free(p);
  return st;
}
