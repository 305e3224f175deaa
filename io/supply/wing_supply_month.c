/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_month: one calendar month of order routing as a phase of the solve driver: its
 * scope and problem, its time share, its progress line, and fixing its verified best plan. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "ar_clock.h"
#include "supply_bound.h"
#include "supply_params.h"
#include "wing_gap.h"
#include "wing_supply_bound.h"
#include "wing_supply_ckpt.h"
#include "wing_supply_month.h"

int wing_supply_colony_rounds(const solve_run *run) {
  int64_t colonies = param_int(run->ps, "colonies"), ranks = run->ranks > 0 ? run->ranks : 1,
          threads = run->threads > 0 ? run->threads : 1;
  int64_t mine = (colonies + ranks - 1) / ranks; /* the most a rank holds */
  return mine > threads ? (int)((mine + threads - 1) / threads) : 1;
}

/* Under --time: the month's share of what is left of the budget once the results are written,
 * in proportion to its orders among the months left, so that a month that ran over (or a
 * restart, which starts its own clock) does not push the last month past the budget. Rank 0's
 * clock decides. Collective; AR_ERR_MPI. */
static ar_status month_share(supply_state *s, const solve_run *run, int32_t month,
                             double *seconds) {
  const int32_t n = s->mo.start[month + 1] - s->mo.start[month],
                left_orders = s->mo.start[s->mo.n] - s->mo.start[month];
  double v[2] = {ar_clock_elapsed(), 0.0};
  double left = s->total_seconds - v[0] - s->write_seconds;
  v[1] = left_orders > 0 && left > 0.0 ? left * n / left_orders : 0.0;
  ar_status st = ar_mpi_check(MPI_Bcast(v, 2, MPI_DOUBLE, 0, run->comm),
                              "MPI_Bcast of the month's share of --time");
  s->month_clock = v[0];
  *seconds = v[1] > SUPPLY_MONTH_LEAST_SECONDS ? v[1] : SUPPLY_MONTH_LEAST_SECONDS;
  return st;
}

ar_status wing_supply_month_begin(void *state, const solve_run *run, int32_t month, aco_params *par,
                                  const aco_problem **problem) {
  supply_state *s = state;
  supply_month_result *mr = &s->res.months[month];
  s->month = month;
  s->month_t0 = MPI_Wtime();
  const int32_t n = s->mo.start[month + 1] - s->mo.start[month];
  supply_problem_options ro = supply_problem_options_default();
  ro.rebuild = (int32_t)param_int(run->ps, "rebuild");
  ro.ls_passes = (int32_t)param_int(run->ps, "ls-passes");
  s->month_seconds = 0.0;
  ar_status st = AR_OK;
  if (par->time_limit > 0.0) {
    st = month_share(s, run, month, &s->month_seconds);
    if (st != AR_OK) return st;
    par->time_limit = s->month_seconds;
  }
  memset(&s->rp, 0, sizeof s->rp);
  st = supply_scope_init(&s->sc, &s->m, s->mo.orders + s->mo.start[month], n, &s->res.plan);
  if (st == AR_OK) st = supply_problem_create(&s->sc, &s->res.plan, &ro, &s->rp, &s->problem);
  s->month_made = 1;
  st = ar_agree(run->comm, st);
  if (st != AR_OK) return st;
  *problem = &s->problem;
  mr->min_unserved = s->rp.flow.min_unserved;
  mr->lower_wc = s->rp.lower_wc;
  mr->lower_cost = s->rp.lower_cost;
  st = wing_supply_bound_month(s, run, mr);
  if (st != AR_OK) return st;
  /* A time-limited run may cut the first plans' local searches short (its answer depends on
   * timing anyway) to half of what the bound left; an iteration-limited one never does. */
  if (s->month_seconds > 0.0) {
    double left =
        0.5 * (s->month_seconds - (MPI_Wtime() - s->month_t0)) / wing_supply_colony_rounds(run);
    s->rp.opt.initial_ls_time = left > 1e-3 ? left : 1e-3;
  }
  wing_supply_bound_target(s, run, mr, par);
  if (run->rank == 0 && !run->quiet) {
    char bound[160];
    wing_supply_bound_text(s, run, mr, bound, sizeof bound);
    printf("%04d-%02d: %d orders, %d ship days, %d pheromone columns; unserved at least %lld "
           "(max-flow bound)%s; %s\n",
           mr->year, mr->month, (int)n, (int)s->sc.ndays, (int)s->problem.options,
           (long long)mr->min_unserved, s->cfg.capacity ? "" : " (capacity ignored)", bound);
    fflush(stdout);
  }
  return AR_OK;
}

/* "cost 123.45, time 6.00": the first goal keys of a cost. */
static size_t format_goals(const supply_config *cfg, const aco_cost *c, char *line, size_t cap) {
  size_t len = 0;
  for (int i = 0; i < cfg->n_keys && i < ACO_COST_KEYS && len < cap; i++)
    len += (size_t)snprintf(line + len, cap - len, "%s%s %.2f", i ? ", " : "",
                            supply_goal_name(cfg->key[i]), c->key[i]);
  return len;
}

ar_status wing_supply_month_started(void *state, const solve_run *run, int32_t month,
                                    aco_engine *e) {
  supply_state *s = state;
  const supply_month_result *mr = &s->res.months[month];
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  /* The initial solutions took part of the month's time. */
  if (in.par->time_limit > 0.0) {
    double left = in.par->time_limit - (MPI_Wtime() - s->month_t0);
    /* Rank 0's clock decides, so that every rank runs the same time. */
    ar_status st =
        ar_mpi_check(MPI_Bcast(&left, 1, MPI_DOUBLE, 0, run->comm), "MPI_Bcast of the time left");
    if (st != AR_OK) return st;
    aco_engine_set_time_limit(e, left > 0.01 ? left : 0.01);
  }
  if (run->rank != 0 || run->quiet) return AR_OK;
  char goals[256];
  aco_cost c0 = aco_engine_local_best(e, 0);
  format_goals(&s->cfg, &c0, goals, sizeof goals);
  printf("%04d-%02d: initial plan (greedy + local search) in %.2f s: %s; %s, %d colon%s x %d ants "
         "on %d rank%s x %d thread%s\n",
         mr->year, mr->month, MPI_Wtime() - s->month_t0, goals,
         aco_algorithm_name(in.par->algorithm), in.par->colonies,
         in.par->colonies == 1 ? "y" : "ies", in.par->ants, in.size, in.size == 1 ? "" : "s",
         in.threads, in.threads == 1 ? "" : "s");
  fflush(stdout);
  return AR_OK;
}

void wing_supply_month_progress(void *state, const solve_run *run, int32_t month,
                                const aco_engine *e, int final, char *line, size_t cap) {
  (void)run;
  supply_state *s = state;
  line[0] = '\0';
  if (final) return; /* the month's result lines close it */
  const supply_month_result *mr = &s->res.months[month];
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  size_t len = (size_t)snprintf(line, cap, "%04d-%02d iteration %lld: best ", mr->year, mr->month,
                                (long long)in.iteration);
  if (len < cap) len += format_goals(&s->cfg, &in.best_cost, line + len, cap - len);
  double gap = wing_supply_bound_gap(s, mr, &in.best_cost);
  if (len < cap && !isnan(gap)) snprintf(line + len, cap - len, "; gap to bound %.3f %%", gap);
}

/* The trace of one month: the epoch ends where the best improved. */
static ar_status month_trace(const aco_engine_info *in, supply_month_result *mr) {
  int64_t E = in->epoch, T = 0;
  size_t n = (size_t)(E > 0 ? E : 1);
  mr->trace_time = malloc(n * sizeof(double));
  mr->trace_iteration = malloc(n * sizeof(int64_t));
  mr->trace_key[0] = malloc(n * sizeof(double));
  mr->trace_key[1] = malloc(n * sizeof(double));
  if (!mr->trace_time || !mr->trace_iteration || !mr->trace_key[0] || !mr->trace_key[1])
    return ar_fail(AR_ERR_NOMEM, "out of memory for the convergence trace");
  for (int64_t i = 0; i < E; i++) {
    const aco_epoch_record *r = &in->epochs[i];
    if (i > 0 && aco_cost_compare(&r->best_cost, &in->epochs[i - 1].best_cost) == 0) continue;
    mr->trace_time[T] = r->time;
    mr->trace_iteration[T] = r->iteration;
    mr->trace_key[0][T] = r->best_cost.key[0];
    mr->trace_key[1][T] = ACO_COST_KEYS > 1 ? r->best_cost.key[1] : 0.0;
    T++;
  }
  mr->n_trace = T;
  return AR_OK;
}

/* The month's records: counts, trace, its BSP split per rank (gathered on every rank), time. */
static ar_status month_records(const solve_run *run, const aco_engine *e, supply_month_result *mr,
                               double t0) {
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  mr->iterations = in.iteration;
  mr->epochs = in.epoch;
  mr->best_colony = in.best_colony;
  mr->best_iteration = in.best_iteration;
  snprintf(mr->stopped_by, sizeof mr->stopped_by, "%s", aco_stop_reason_name(in.stop_reason));
  ar_status st = ar_agree(run->comm, month_trace(&in, mr));
  double mine[4] = {in.time_construct, in.time_update, in.time_exchange, aco_engine_elapsed(e)};
  mr->ranks = in.size;
  mr->rank_seconds = malloc(sizeof(double) * 4 * (size_t)in.size);
  if (st == AR_OK)
    st = ar_agree(run->comm,
                  !mr->rank_seconds ? ar_fail(AR_ERR_NOMEM, "out of memory for timings") : AR_OK);
  if (st == AR_OK)
    st =
        ar_mpi_check(MPI_Allgather(mine, 4, MPI_DOUBLE, mr->rank_seconds, 4, MPI_DOUBLE, run->comm),
                     "MPI_Allgather of the month's timings");
  double secs = MPI_Wtime() - t0;
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Bcast(&secs, 1, MPI_DOUBLE, 0, run->comm),
                      "MPI_Bcast of the month's time");
  mr->seconds = secs;
  return st;
}

/* Rank 0: what the month found, and how far its served cost can be from the best possible. */
static void month_print(const supply_month_result *mr, const supply_plan *plan,
                        const aco_engine *e) {
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  double served_cost = plan->tot.wc + plan->tot.tc;
  char found[64], gap[96];
  wing_found_text(found, sizeof found, in.best_iteration, "first plans");
  printf("%04d-%02d: best after %lld iterations in %.1f s (colony %d, %s): "
         "%lld unserved (bound %lld), cost %.2f (warehouse %.2f, transport %.2f)\n",
         mr->year, mr->month, (long long)in.iteration, mr->seconds, (int)in.best_colony, found,
         (long long)plan->tot.unserved, (long long)mr->min_unserved, served_cost, plan->tot.wc,
         plan->tot.tc);
  if (mr->lower_served_cost > -HUGE_VAL) {
    wing_gap_text(gap, sizeof gap, served_cost, mr->lower_served_cost, 3);
    printf("%04d-%02d: Lagrangian lower bound on the cost of serving %lld orders: %.2f (%s)\n",
           mr->year, mr->month, (long long)plan->tot.served, mr->lower_served_cost, gap);
  }
  if (mr->lower_bound > -HUGE_VAL && plan->tot.unserved == mr->min_unserved) {
    wing_gap_text(gap, sizeof gap, served_cost, mr->lower_bound, 3);
    printf("%04d-%02d: lower bound on the cost of serving %lld orders: %.2f (min-cost flow); "
           "%s%s\n",
           mr->year, mr->month, (long long)plan->tot.served, mr->lower_bound, gap,
           in.stop_reason == ACO_STOP_TARGET ? " (stopped by --gap)" : "");
  } else if (mr->lower_bound > -HUGE_VAL)
    printf("%04d-%02d: %lld more unserved than the max-flow bound: no gap to the cost bound\n",
           mr->year, mr->month, (long long)(plan->tot.unserved - mr->min_unserved));
  fflush(stdout);
}

ar_status wing_supply_month_end(void *state, const solve_run *run, int32_t month, aco_engine *e) {
  supply_state *s = state;
  supply_month_result *mr = &s->res.months[month];
  supply_plan plan = {0};
  ar_status st = ar_agree(run->comm, supply_plan_init(&plan, &s->sc));
  if (st == AR_OK) {
    aco_engine_info in;
    aco_engine_get_info(e, &in);
    supply_problem_plan_from(&s->rp, &plan, in.best);
    supply_plan_to_assign(&plan, &s->res.plan);
    for (int32_t i = 0; i < s->sc.n; i++)
      s->res.reason[s->sc.orders[i]] = (int8_t)supply_plan_unserved_reason(&plan, i);
    st = month_records(run, e, mr, s->month_t0);
  }
  if (st == AR_OK && param_int(run->ps, "bound-iterations") > 0)
    st = ar_agree(run->comm,
                  supply_capacity_cost_bound(&s->sc, plan.tot.served, plan.tot.wc + plan.tot.tc,
                                             (int)param_int(run->ps, "bound-iterations"),
                                             &mr->lower_served_cost));
  if (st == AR_OK && run->rank == 0 && !run->quiet) month_print(mr, &plan, e);
  if (st == AR_OK) wing_supply_ckpt_stage_month(s, month);
  supply_plan_free(&plan);
  return st;
}

void wing_supply_month_free(void *state) {
  supply_state *s = state;
  if (!s->month_made) return;
  supply_problem_free(&s->rp);
  supply_scope_free(&s->sc);
  s->month_made = 0;
}
