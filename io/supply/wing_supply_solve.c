/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_solve: order routing on a supply-chain network as a problem kind of the solve driver.
 *
 * Orders are grouped by the month of their date; each month is a phase: solved by all colonies
 * (the engine over ranks and threads on the order-routing problem of src/supply), its best plan
 * checked from scratch and fixed (it loads plants and lanes for the months after it). At the end
 * the whole plan is checked again by the evaluator's code (supply_check) and written: the results
 * file and optionally the plan CSV.
 */
#include "wing_supply_solve.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "h5net_supply.h"
#include "h5res_supply.h"
#include "supply_estimate.h"
#include "supply_params.h"
#include "supply_plan_csv.h"
#include "supply_report.h"
#include "supply_seconds.h"
#include "wing_gap.h"
#include "wing_supply_bound.h"
#include "wing_supply_ckpt.h"
#include "wing_supply_month.h"
#include "wing_supply_params.h"
#include "wing_supply_state.h"

enum { SUPPLY_OWN_PARAMS = 4 };
static const param_def supply_own_params[SUPPLY_OWN_PARAMS] = {
    {"csv", 0, PARAM_STRING, NULL, NULL, 1, 0, "PLAN.csv",
     "also write the plan as CSV (the columns of `antroute export --csv`)", PARAM_OUTPUT},
    {"rebuild", 0, PARAM_INT, "256", NULL, 1, 1e9, "N",
     "orders an ant takes out of the source plan and routes again", PARAM_SEARCH},
    {"ls-passes", 0, PARAM_INT, "3", NULL, 1, 1e6, "N",
     "relocate passes of an ant's local search over the orders it rebuilt", PARAM_SEARCH},
    {"bound-iterations", 0, PARAM_INT, "0", NULL, 0, 1e7, "N",
     "subgradient steps of a Lagrangian lower bound on the served cost under capacity (0: off; "
     "it converges slowly: about 19 % below the best plan after 2000 steps on the real data)",
     0},
};

/* The kind's options: its own, then the model's (shared with `antroute evaluate`). */
static param_def supply_params[SUPPLY_OWN_PARAMS + 64];
static int supply_nparams;

static const solve_default supply_defaults[] = {
    {"ants", "8"}, {"epoch-iterations", "20"}, {"progress", "5"}, {"beta", "2"}};

static const solve_note supply_notes[] = {
    {"time", "what is left of it shared among the months left in proportion to their orders"},
    {"iterations", "N per month"},
    {"gap", "each month's min-cost-flow bound"},
};

static ar_status supply_read(const solve_run *run, hid_t file, supply_state *s) {
  /* The driver checked the header (h5net.h). */
  ar_status st = h5net_supply_read_file(file, &s->net);
  st = ar_agree(run->comm, st);
  if (st != AR_OK) return st;
  st = supply_model_build(&s->net, &s->cfg, &s->m);
  if (st == AR_OK) st = supply_months_build(&s->net, &s->mo);
  if (st == AR_OK) st = supply_result_init(&s->res, s->net.n_orders, &s->mo);
  if (st == AR_OK) st = wing_supply_ckpt_init(s);
  return ar_agree(run->comm, st);
}

static void supply_print_network(const solve_run *run, supply_state *s) {
  supply_option_stats os;
  supply_model_option_stats(&s->m, &os);
  printf("%s: %d orders in %d month%s, %lld (order, route) pairs, %d without a route; goals ",
         run->input, (int)s->net.n_orders, (int)s->mo.n, s->mo.n == 1 ? "" : "s",
         (long long)os.pairs, (int)os.no_route);
  for (int i = 0; i < s->cfg.n_keys; i++)
    printf("%s%s", i ? ", " : "", supply_goal_name(s->cfg.key[i]));
  printf("%s\n", s->cfg.capacity ? "" : "; plant capacity ignored");
  fflush(stdout);
}

static void supply_close(void *state);

static ar_status supply_open(const solve_run *run, hid_t file, void **out) {
  *out = NULL;
  supply_state *s = calloc(1, sizeof *s);
  if (!s) return ar_agree(run->comm, ar_fail(AR_ERR_NOMEM, "out of memory"));
  s->ranks = run->ranks;
  s->total_seconds = run->time;
  ar_status st = wing_supply_config_from_params(run->ps, &s->cfg);
  if (st == AR_OK) st = wing_supply_bound_usable(&s->cfg, run->ps);
  /* Before the first month's bounds (seconds on a large month), not at its engine. */
  if (st == AR_OK) st = aco_engine_check_ranks(run->ranks, (int)param_int(run->ps, "colonies"));
  if (st != AR_OK) ar_error_mark_shared(); /* every rank parsed the same options */
  if (st == AR_OK) st = supply_read(run, file, s);
  if (st != AR_OK) {
    supply_close(s);
    return st;
  }
  if (run->rank == 0 && !run->quiet) supply_print_network(run, s);
  *out = s;
  return AR_OK;
}

/* The time plan of --time (solve_budget.h): every month's first plans are needed, checking and
 * writing too; the months' min-cost-flow bounds are optional and timed month by month instead
 * (wing_supply_bound.h). */
static void supply_time_estimate(void *state, const solve_run *run, solve_time_estimate *out) {
  supply_state *s = state;
  supply_option_stats os;
  supply_model_option_stats(&s->m, &os);
  supply_seconds sec;
  supply_seconds_estimate(s->net.n_orders, os.pairs, wing_supply_colony_rounds(run), &sec);
  memset(out, 0, sizeof *out);
  out->step[out->nsteps] = sec.first_plans;
  out->step_what[out->nsteps++] = "the months' first plans";
  out->write = sec.write;
  s->write_seconds = sec.write;
}

/* The biggest month: one month's engine and problem live at a time. */
static void supply_memory(void *state, const solve_run *run, const aco_params *par,
                          wing_memory_parts *parts) {
  supply_state *s = state;
  uint64_t biggest = 0;
  for (int32_t t = 0; t < s->mo.n; t++) {
    const int32_t *orders = s->mo.orders + s->mo.start[t];
    int32_t n = s->mo.start[t + 1] - s->mo.start[t];
    aco_problem shape;
    supply_problem_shape(&s->m, orders, n, &shape);
    supply_estimate e;
    supply_problem_estimate(&s->m, orders, n, run->threads, &e);
    wing_memory_parts month = {.n = 0};
    wing_memory_add_engine(&month, &shape, par, run->ranks, run->rank);
    wing_memory_add(&month, e.scope, "use nodes with more memory",
                    "%04d-%02d: %d orders over %d ship days", (int)s->mo.year[t],
                    (int)s->mo.month[t], (int)n, (int)e.days);
    wing_memory_add(&month, e.scratch, "lower OMP_NUM_THREADS", "scratch of %d thread%s",
                    run->threads, run->threads == 1 ? "" : "s");
    if (wing_memory_total(&month) >= biggest) {
      biggest = wing_memory_total(&month);
      *parts = month;
    }
  }
}

static int32_t supply_phases(void *state) { return ((supply_state *)state)->mo.n; }

static void supply_phase_label(void *state, int32_t month, char *buf, size_t cap) {
  const supply_state *s = state;
  snprintf(buf, cap, "month %04d-%02d", s->mo.year[month], s->mo.month[month]);
}

/* Month totals from the final check's per-order parts. */
static void month_totals(supply_state *s) {
  supply_result *res = &s->res;
  for (int32_t t = 0; t < res->n_months; t++)
    memset(&res->months[t].tot, 0, sizeof res->months[t].tot);
  for (int32_t k = 0; k < s->net.n_orders; k++) {
    supply_totals *tt = &res->months[res->month_of[k]].tot;
    if (!res->plan.served[k]) {
      tt->unserved++;
      continue;
    }
    tt->served++;
    tt->wc += res->check.order_wc[k];
    tt->tc += res->check.order_tc[k];
    tt->time += res->check.order_time[k];
    tt->co2 += res->check.order_co2[k];
  }
}

/* The whole plan, checked by the evaluator's code before anything is written. */
static ar_status supply_finish(void *state, const solve_run *run) {
  supply_state *s = state;
  ar_status st = ar_agree(run->comm, supply_check(&s->m, &s->res.plan, 1, &s->res.check));
  if (st == AR_OK && s->res.check.nv > 0) {
    char line[512];
    supply_violation_format(&s->m, &s->res.plan, &s->res.check.v[0], line, sizeof line);
    st = ar_fail(AR_ERR_INTERNAL, "self-check: the final plan breaks %lld constraints, e.g. %s",
                 (long long)s->res.check.nv, line);
    ar_error_mark_shared();
  }
  if (st == AR_OK) month_totals(s);
  return st;
}

static ar_status supply_write(void *state, const solve_run *run, hid_t file,
                              const aco_engine *last) {
  (void)last;
  supply_state *s = state;
  h5res_supply_info info = {run->input, omp_get_max_threads(),
                            (int32_t)param_int(run->ps, "colonies")};
  return ar_agree(run->comm, h5res_supply_write(file, &s->m, &s->res, run->ps, &info));
}

static ar_status supply_write_extra(void *state, const solve_run *run) {
  supply_state *s = state;
  if (!param_is_set(run->ps, "csv")) return AR_OK;
  ar_status st = run->rank == 0 ? supply_plan_csv_write(&s->net, &s->res.plan,
                                                        param_str(run->ps, "csv"), !run->own_plan)
                                : AR_OK;
  return ar_agree(run->comm, st);
}

static void supply_summary(void *state, const solve_run *run, const aco_engine *last, FILE *out) {
  (void)last;
  supply_state *s = state;
  int64_t bound = 0;
  for (int32_t t = 0; t < s->mo.n; t++)
    bound += s->res.months[t].min_unserved;
  int csv = param_is_set(run->ps, "csv");
  fprintf(out, "plan of %d orders -> %s%s%s\n", (int)s->net.n_orders, run->output,
          csv ? " and " : "", csv ? param_str(run->ps, "csv") : "");
  fprintf(out, "unserved bound (max flow): %lld%s\n", (long long)bound,
          s->res.check.tot.unserved == bound ? " (reached)" : "");
  double lower = 0.0, served = s->res.check.tot.wc + s->res.check.tot.tc;
  for (int32_t t = 0; t < s->mo.n; t++)
    lower += s->res.months[t].lower_bound;
  char gap[96];
  wing_gap_text(gap, sizeof gap, served, lower, 3);
  if (lower > -HUGE_VAL && s->res.check.tot.unserved == bound)
    fprintf(out, "cost bound (min-cost flow, months added up): %.2f; %s\n", lower, gap);
  else if (s->bound_given_up) {
    const supply_month_result *first = &s->res.months[s->bound_given_up - 1];
    fprintf(out,
            "cost bound (min-cost flow): left out from %04d-%02d on, where it did not fit in "
            "--time %g (a longer --time, or --iterations alone, computes it)\n",
            (int)first->year, (int)first->month, s->total_seconds);
  }
  supply_report_print(out, &s->m, &s->res.plan, &s->res.check, 20);
}

static void supply_close(void *state) {
  supply_state *s = state;
  if (!s) return;
  wing_supply_month_free(s);
  wing_supply_ckpt_free(s);
  supply_result_free(&s->res);
  supply_months_free(&s->mo);
  supply_model_free(&s->m);
  supply_net_free(&s->net);
  free(s);
}

/* The table of options: filled once, before the driver reads it. */
static const param_def *supply_param_table(void) {
  if (supply_nparams == 0)
    supply_nparams = wing_supply_params_merge(supply_params,
                                              (int)(sizeof supply_params / sizeof supply_params[0]),
                                              supply_own_params, SUPPLY_OWN_PARAMS);
  return supply_params;
}

const solve_kind *wing_supply_solve_kind(void) {
  static solve_kind kind = {
      .defaults = supply_defaults,
      .ndefaults = (int)(sizeof supply_defaults / sizeof supply_defaults[0]),
      .notes = supply_notes,
      .nnotes = (int)(sizeof supply_notes / sizeof supply_notes[0]),
      .description =
          "Supply-chain networks: every order routed month by month (docs/model.md: per order a "
          "plant, origin port, lane and ship day; fewest unserved orders first, then cost, see "
          "--goal-order), each month's best plan checked from scratch and fixed before the next "
          "month.",
      .open = supply_open,
      .memory = supply_memory,
      .time_estimate = supply_time_estimate,
      .phases = supply_phases,
      .phase_label = supply_phase_label,
      .ckpt_part = wing_supply_ckpt_part,
      .resumed = wing_supply_ckpt_resumed,
      .phase_begin = wing_supply_month_begin,
      .phase_started = wing_supply_month_started,
      .progress = wing_supply_month_progress,
      .phase_end = wing_supply_month_end,
      .phase_free = wing_supply_month_free,
      .finish = supply_finish,
      .write = supply_write,
      .write_extra = supply_write_extra,
      .summary = supply_summary,
      .close = supply_close,
  };
  kind.params = supply_param_table();
  kind.nparams = supply_nparams;
  return &kind;
}
