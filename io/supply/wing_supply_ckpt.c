/* wing_supply_ckpt: the supply-chain kind's checkpoint part: what a checkpoint holds besides the
 * current month's engine (docs/checkpoint.md): the plan of the finished months (per order), each
 * finished month's figures, and the index of the current month (root attribute supply_month). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "supply_check.h"
#include "wing_supply_ckpt.h"

static const char *const stopped_names[] = {"none", "iterations", "time", "requested", "gap"};
enum { STOPPED_NAMES = 5 };

/* Before a write: the index of the month whose engine the checkpoint holds. */
static ar_status stage(void *owner, ckpt_state *st) {
  (void)st;
  supply_state *s = owner;
  s->month_scalar.i64 = s->month;
  return AR_OK;
}

/* The finished months 0..first-1 from the part's arrays (their convergence traces and timings
 * per rank are not kept: empty trace, zero timings). */
static ar_status restore_months(supply_state *s, int32_t first) {
  for (int32_t t = 0; t < first; t++) {
    supply_month_result *mr = &s->res.months[t];
    const int64_t *mi = s->month_int + (size_t)t * SUPPLY_MONTH_INT;
    const double *mf = s->month_real + (size_t)t * SUPPLY_MONTH_REAL;
    mr->min_unserved = mi[0];
    mr->iterations = mi[1];
    mr->epochs = mi[2];
    mr->best_colony = (int32_t)mi[3];
    mr->best_iteration = mi[4];
    snprintf(mr->stopped_by, sizeof mr->stopped_by, "%s",
             stopped_names[mi[5] >= 0 && mi[5] < STOPPED_NAMES ? mi[5] : 0]);
    mr->lower_wc = mf[0];
    mr->lower_cost = mf[1];
    mr->lower_served_cost = mf[2];
    mr->seconds = mf[3];
    mr->lower_bound = mf[4];
    mr->n_trace = 0;
    mr->trace_time = malloc(sizeof(double));
    mr->trace_iteration = malloc(sizeof(int64_t));
    mr->trace_key[0] = malloc(sizeof(double));
    mr->trace_key[1] = malloc(sizeof(double));
    mr->ranks = s->ranks;
    mr->rank_seconds = calloc(4 * (size_t)s->ranks, sizeof(double));
    if (!mr->trace_time || !mr->trace_iteration || !mr->trace_key[0] || !mr->trace_key[1] ||
        !mr->rank_seconds)
      return ar_fail(AR_ERR_NOMEM, "out of memory restoring month %d", (int)t);
  }
  return AR_OK;
}

/* One order's entry of the plan read: in range, and set only for the finished months. */
static int order_holds(const supply_state *s, int32_t k, int32_t month) {
  const supply_assign *a = &s->res.plan;
  const supply_net *net = &s->net;
  int8_t served = a->served[k], reason = s->res.reason[k];
  if (s->res.month_of[k] >= month) return served == 0 && reason == 0;
  if (served == 0) return reason >= 1 && reason <= ROUTE_REASON_NOT_CHOSEN;
  int64_t first = s->m.win_first[k], last = first + s->m.win_len[k] - 1;
  return served == 1 && reason == 0 && a->plant[k] >= 0 && a->plant[k] < net->plants.n &&
         a->port[k] >= 0 && a->port[k] < net->ports.n && a->lane[k] >= -1 &&
         a->lane[k] < net->n_lanes && a->day[k] >= first && a->day[k] <= last;
}

/* The plan and figures of the finished months, as read, describe a plan this run could have
 * made: every entry in range, nothing set for later months, no constraint broken (the months
 * were checked from scratch before they were fixed), figures in range. Damage otherwise. */
static ar_status months_hold(supply_state *s, int32_t month) {
  for (int32_t k = 0; k < s->net.n_orders; k++)
    if (!order_holds(s, k, month))
      return ar_fail(AR_ERR_INPUT,
                     "checkpoint: the plan of order %lld (month %d of the %d finished) is not one "
                     "this network allows",
                     (long long)s->net.order_id[k], (int)s->res.month_of[k], (int)month);
  for (int32_t t = 0; t < s->res.n_months; t++) {
    const int64_t *mi = s->month_int + (size_t)t * SUPPLY_MONTH_INT;
    const double *mf = s->month_real + (size_t)t * SUPPLY_MONTH_REAL;
    int ok = t < month ? mi[0] >= 0 && mi[0] <= s->res.months[t].orders && mi[1] >= 0 &&
                             mi[2] >= 0 && mi[3] >= -1 && mi[4] >= -1 && mi[5] >= 0 && mi[5] <= 3 &&
                             isfinite(mf[3]) && mf[3] >= 0
                       : !mi[0] && !mi[1] && !mi[2] && !mi[3] && !mi[4] && !mi[5] && !mf[0] &&
                             !mf[1] && !mf[2] && !mf[3];
    if (!ok)
      return ar_fail(AR_ERR_INPUT, "checkpoint: the figures of month %d are out of range", (int)t);
  }
  supply_check_result r = {0};
  ar_status st = supply_check(&s->m, &s->res.plan, 0, &r);
  if (st == AR_OK && r.nv > 0)
    st =
        ar_fail(AR_ERR_INPUT, "checkpoint: the plan of the finished months breaks %lld constraints",
                (long long)r.nv);
  supply_check_free(&r);
  return st;
}

/* After a read: the month index must be one of this network's; the months before it are done. */
static ar_status restore(void *owner, const ckpt_state *st) {
  (void)st;
  supply_state *s = owner;
  int64_t m = s->month_scalar.i64;
  if (m < 0 || m >= s->res.n_months)
    return ar_fail(AR_ERR_INPUT, "supply_month %lld is not a month of this network (0..%d)",
                   (long long)m, (int)s->res.n_months - 1);
  s->month = (int32_t)m;
  ar_status e = months_hold(s, s->month);
  if (e != AR_OK) return e;
  e = restore_months(s, s->month);
  if (e != AR_OK) return e;
  for (int32_t t = 0; t < s->month; t++)
    wing_supply_ckpt_stage_month(s, t);
  return AR_OK;
}

ar_status wing_supply_ckpt_init(supply_state *s) {
  supply_result *res = &s->res;
  hsize_t N = (hsize_t)res->plan.n, M = (hsize_t)res->n_months;
  s->month_int = calloc((size_t)(M ? M : 1) * SUPPLY_MONTH_INT, sizeof(int64_t));
  s->month_real = calloc((size_t)(M ? M : 1) * SUPPLY_MONTH_REAL, sizeof(double));
  if (!s->month_int || !s->month_real)
    return ar_fail(AR_ERR_NOMEM, "out of memory preparing checkpoints");
  ckpt_field *f = s->fields;
  f[0] = ckpt_field_make("/supply/served", H5T_NATIVE_INT8, 1, N, 0, 0, 0, res->plan.served, NULL,
                         "per order: 1 served (finished months; the current month's orders as "
                         "initialised)");
  f[1] = ckpt_field_make("/supply/plant", H5T_NATIVE_INT32, 1, N, 0, 0, 0, res->plan.plant, NULL,
                         "per order: plant");
  f[2] = ckpt_field_make("/supply/port", H5T_NATIVE_INT32, 1, N, 0, 0, 0, res->plan.port, NULL,
                         "per order: origin port");
  f[3] = ckpt_field_make("/supply/lane", H5T_NATIVE_INT32, 1, N, 0, 0, 0, res->plan.lane, NULL,
                         "per order: lane or -1");
  f[4] = ckpt_field_make("/supply/day", H5T_NATIVE_INT32, 1, N, 0, 0, 0, res->plan.day, NULL,
                         "per order: ship day (days since 1970-01-01)");
  f[5] = ckpt_field_make("/supply/reason", H5T_NATIVE_INT8, 1, N, 0, 0, 0, res->reason, NULL,
                         "per order: why unserved (0: served)");
  f[6] = ckpt_field_make("/supply/month_int", H5T_NATIVE_INT64, 2, M, SUPPLY_MONTH_INT, 0, 0,
                         s->month_int, NULL,
                         "per finished month: min_unserved, iterations, epochs, best_colony, "
                         "best_iteration, stopped_by (0 none, 1 iterations, 2 time, 3 requested, "
                         "4 gap)");
  f[7] = ckpt_field_make("/supply/month_real", H5T_NATIVE_DOUBLE, 2, M, SUPPLY_MONTH_REAL, 0, 0,
                         s->month_real, NULL,
                         "per finished month: lower_wc, lower_cost, lower_served_cost, "
                         "seconds, lower_bound");
  s->month_scalar = (ckpt_scalar){"supply_month", CKPT_SCALAR_I64, 0, 0};
  s->part = (ckpt_part){"supply", s->fields, SUPPLY_CKPT_FIELDS, &s->month_scalar, 1, s, stage,
                        NULL,     restore};
  return AR_OK;
}

void wing_supply_ckpt_free(supply_state *s) {
  free(s->month_int);
  free(s->month_real);
  s->month_int = NULL;
  s->month_real = NULL;
}

void wing_supply_ckpt_stage_month(supply_state *s, int32_t t) {
  const supply_month_result *mr = &s->res.months[t];
  int64_t *mi = s->month_int + (size_t)t * SUPPLY_MONTH_INT;
  double *mf = s->month_real + (size_t)t * SUPPLY_MONTH_REAL;
  mi[0] = mr->min_unserved;
  mi[1] = mr->iterations;
  mi[2] = mr->epochs;
  mi[3] = mr->best_colony;
  mi[4] = mr->best_iteration;
  mi[5] = 0;
  for (int k = 0; k < STOPPED_NAMES; k++)
    if (strcmp(mr->stopped_by, stopped_names[k]) == 0) mi[5] = k;
  mf[0] = mr->lower_wc;
  mf[1] = mr->lower_cost;
  mf[2] = mr->lower_served_cost;
  mf[3] = mr->seconds;
  mf[4] = mr->lower_bound;
}

ckpt_part *wing_supply_ckpt_part(void *state) { return &((supply_state *)state)->part; }

ar_status wing_supply_ckpt_resumed(void *state, const solve_run *run, const char *path,
                                   int32_t *phase) {
  supply_state *s = state;
  *phase = s->month;
  if (run->rank == 0 && !run->quiet && s->month > 0) {
    printf("resumed from %s: months before %04d-%02d restored\n", path, s->mo.year[s->month],
           s->mo.month[s->month]);
    fflush(stdout);
  }
  return AR_OK;
}
