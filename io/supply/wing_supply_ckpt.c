/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_ckpt: the supply-chain kind's checkpoint part: what a checkpoint holds besides the
 * current month's engine (docs/checkpoint.md): the plan of the finished months (per order), each
 * finished month's figures, and the index of the current month (root attribute supply_month). */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aco_engine.h"
#include "supply_check.h"
#include "wing_supply_ckpt.h"

/* Each month's figures, one dataset /supply/months/NAME [M] per member (zero for the months not
 * finished yet), listed once: the member table and the declaration below are made from this list.
 * stopped_by's description is made from aco_stop_reason_name() at run time. */
#define MONTH_MEMBERS(X)                                                                           \
  X(min_unserved, I64, "max-flow bound on the orders left unserved")                               \
  X(iterations, I64, "engine iterations run for the month")                                        \
  X(epochs, I64, "engine epochs run for the month")                                                \
  X(best_colony, I32, "the colony that found the month's plan")                                    \
  X(best_iteration, I64, "iteration of the month's best (-1: initial)")                            \
  X(stopped_by, I8, "why the month's search stopped")                                              \
  X(lower_wc, F64, "WC lower bound if every order were served")                                    \
  X(lower_cost, F64, "cost lower bound if every order were served")                                \
  X(lower_served_cost, F64, "Lagrangian bound on WC + TC (-inf: none)")                            \
  X(seconds, F64, "wall time of the month")                                                        \
  X(lower_bound, F64, "min-cost-flow bound (docs/bounds.md; -inf: none)")

#define MEMBER(NAME, TYPE, MEANING)                                                                \
  {.name = #NAME,                                                                                  \
   .type = CKPT_MEMBER_##TYPE,                                                                     \
   .offset = offsetof(supply_month_figures, NAME),                                                 \
   .meaning = MEANING},
static const ckpt_member month_members[] = {MONTH_MEMBERS(MEMBER)};

/* The plan of the finished months: one dataset per order column. */
enum { PL_SERVED, PL_PLANT, PL_PORT, PL_LANE, PL_DAY, PL_REASON, PL_MONTH };
#define PLAN(id, key, t, text)                                                                     \
  [id] = {.name = "supply_" key,                                                                   \
          .path = "/supply/" key,                                                                  \
          .type = t,                                                                               \
          .rank = 1,                                                                               \
          .shape = "[N]",                                                                          \
          .meaning = text}
#define FIELD(NAME, TYPE, MEANING)                                                                 \
  {.name = "supply_months_" #NAME,                                                                 \
   .path = "/supply/months/" #NAME,                                                                \
   .type = H5FIELD_##TYPE,                                                                         \
   .rank = 1,                                                                                      \
   .shape = "[M]",                                                                                 \
   .meaning = MEANING},
static const h5field supply_ckpt_decl[] = {
    PLAN(PL_SERVED, "served", H5FIELD_I8,
         "per order: 1 served (finished months; the current month's orders as initialised)"),
    PLAN(PL_PLANT, "plant", H5FIELD_I32, "per order: plant"),
    PLAN(PL_PORT, "port", H5FIELD_I32, "per order: origin port"),
    PLAN(PL_LANE, "lane", H5FIELD_I32, "per order: lane or -1"),
    PLAN(PL_DAY, "day", H5FIELD_I32, "per order: ship day (days since 1970-01-01)"),
    PLAN(PL_REASON, "reason", H5FIELD_I8, "per order: why unserved (0: served)"),
    [PL_MONTH] = {.name = "supply_month",
                  .path = "/supply_month",
                  .type = H5FIELD_I64,
                  .meaning = "the month whose engine the checkpoint holds (0: the first)",
                  .flags = H5FIELD_ATTRIBUTE},
    MONTH_MEMBERS(FIELD)};

_Static_assert((int)PL_MONTH == (int)SUPPLY_PLAN_FIELDS,
               "the plan's fields come first, in the part's order");

const h5field_table wing_supply_ckpt_table =
    H5FIELD_TABLE("supply-chain:checkpoint", "Checkpoint file: supply-chain", supply_ckpt_decl);

_Static_assert(sizeof month_members / sizeof month_members[0] == SUPPLY_MONTH_MEMBERS,
               "SUPPLY_MONTH_MEMBERS counts month_members");
enum { STOPPED_BY_MEMBER = 5 };

/* Before a write: the figures of the finished months, and the index of the month whose engine
 * the checkpoint holds. */
static ar_status stage(void *owner, ckpt_state *st) {
  (void)st;
  supply_state *s = owner;
  s->month_scalar.i64 = s->month;
  ckpt_members_pack(&s->months, s->figures);
  return AR_OK;
}

/* The finished months 0..first-1 from the part's arrays (their convergence traces and timings
 * per rank are not kept: empty trace, zero timings). */
static ar_status restore_months(supply_state *s, int32_t first) {
  for (int32_t t = 0; t < first; t++) {
    supply_month_result *mr = &s->res.months[t];
    const supply_month_figures *fg = &s->figures[t];
    mr->min_unserved = fg->min_unserved;
    mr->iterations = fg->iterations;
    mr->epochs = fg->epochs;
    mr->best_colony = fg->best_colony;
    mr->best_iteration = fg->best_iteration;
    snprintf(mr->stopped_by, sizeof mr->stopped_by, "%s",
             aco_stop_reason_name((aco_stop_reason)fg->stopped_by));
    mr->lower_wc = fg->lower_wc;
    mr->lower_cost = fg->lower_cost;
    mr->lower_served_cost = fg->lower_served_cost;
    mr->seconds = fg->seconds;
    mr->lower_bound = fg->lower_bound;
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

/* A finished month's figures in range; a later month's all zero. */
static int figures_hold(const supply_state *s, int32_t t, int32_t month) {
  const supply_month_figures *f = &s->figures[t];
  if (t < month)
    return f->min_unserved >= 0 && f->min_unserved <= s->res.months[t].orders &&
           f->iterations >= 0 && f->epochs >= 0 && f->best_colony >= -1 &&
           f->best_iteration >= -1 && f->stopped_by >= 0 && f->stopped_by < ACO_STOP_REASONS &&
           isfinite(f->seconds) && f->seconds >= 0;
  return !f->min_unserved && !f->iterations && !f->epochs && !f->best_colony &&
         !f->best_iteration && !f->stopped_by && !f->lower_wc && !f->lower_cost &&
         !f->lower_served_cost && !f->seconds;
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
  for (int32_t t = 0; t < s->res.n_months; t++)
    if (!figures_hold(s, t, month))
      return ar_fail(AR_ERR_INPUT, "checkpoint: the figures of month %d are out of range", (int)t);
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
  ckpt_members_unpack(&s->months, s->figures);
  ar_status e = months_hold(s, s->month);
  if (e != AR_OK) return e;
  return restore_months(s, s->month);
}

/* "why the month's search stopped: 0 none, 1 iterations, ..." from the one table of names. */
static void stop_meaning(supply_state *s) {
  size_t cap = sizeof s->stop_meaning;
  int n = snprintf(s->stop_meaning, cap, "why the month's search stopped:");
  for (int k = 0; k < ACO_STOP_REASONS && n > 0 && (size_t)n < cap; k++)
    n += snprintf(s->stop_meaning + n, cap - (size_t)n, "%s %d %s", k ? "," : "", k,
                  aco_stop_reason_name((aco_stop_reason)k));
}

ar_status wing_supply_ckpt_init(supply_state *s) {
  supply_result *res = &s->res;
  hsize_t N = (hsize_t)res->plan.n, M = (hsize_t)res->n_months;
  s->figures = calloc((size_t)(M ? M : 1), sizeof *s->figures);
  if (!s->figures) return ar_fail(AR_ERR_NOMEM, "out of memory preparing checkpoints");
  ckpt_field *f = s->fields;
  const h5field *D = supply_ckpt_decl;
  void *data[SUPPLY_PLAN_FIELDS] = {res->plan.served, res->plan.plant, res->plan.port,
                                    res->plan.lane,   res->plan.day,   res->reason};
  for (int i = 0; i < SUPPLY_PLAN_FIELDS; i++)
    f[i] = ckpt_field_make(D[i].path, h5field_native(D[i].type), 1, N, 0, 0, 0, data[i], NULL,
                           D[i].meaning);
  ar_status st =
      ckpt_members_init(&s->months, "/supply/months", month_members, SUPPLY_MONTH_MEMBERS,
                        sizeof(supply_month_figures), 0, f + SUPPLY_PLAN_FIELDS, (size_t)M, M);
  if (st != AR_OK) return st;
  stop_meaning(s);
  f[SUPPLY_PLAN_FIELDS + STOPPED_BY_MEMBER].description = s->stop_meaning;
  s->month_scalar = (ckpt_scalar){supply_ckpt_decl[PL_MONTH].name, CKPT_SCALAR_I64, 0, 0};
  s->part = (ckpt_part){"supply", s->fields, SUPPLY_CKPT_FIELDS, &s->month_scalar, 1, s, stage,
                        NULL,     restore};
  return AR_OK;
}

void wing_supply_ckpt_free(supply_state *s) {
  ckpt_members_free(&s->months);
  free(s->figures);
  s->figures = NULL;
}

void wing_supply_ckpt_stage_month(supply_state *s, int32_t t) {
  const supply_month_result *mr = &s->res.months[t];
  supply_month_figures *fg = &s->figures[t];
  fg->min_unserved = mr->min_unserved;
  fg->iterations = mr->iterations;
  fg->epochs = mr->epochs;
  fg->best_colony = mr->best_colony;
  fg->best_iteration = mr->best_iteration;
  fg->stopped_by = ACO_STOP_NONE;
  for (int k = 0; k < ACO_STOP_REASONS; k++)
    if (strcmp(mr->stopped_by, aco_stop_reason_name((aco_stop_reason)k)) == 0)
      fg->stopped_by = (int8_t)k;
  fg->lower_wc = mr->lower_wc;
  fg->lower_cost = mr->lower_cost;
  fg->lower_served_cost = mr->lower_served_cost;
  fg->seconds = mr->seconds;
  fg->lower_bound = mr->lower_bound;
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
