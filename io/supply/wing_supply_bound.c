/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_bound: the order-routing kind's lower bound per month (supply_mincost_bound), and
 * what solve does with it: the gap in progress lines, month lines and results, and --gap. */
#include <math.h>
#include <stdio.h>

#include "ar_agree.h"
#include "ar_clock.h"
#include "progress.h"
#include "supply_bound.h"
#include "wing_gap.h"
#include "wing_supply_bound.h"

ar_status wing_supply_bound_usable(const supply_config *cfg, const param_set *ps) {
  if (!param_is_set(ps, "gap") || !isnan(wing_supply_bound_served_cost(cfg, 0.0, 0.0)))
    return AR_OK;
  return ar_fail(AR_ERR_USAGE, "--gap needs the goal order unserved,cost (or unserved,weighted "
                               "with cost alone): the bound is on the cost");
}

double wing_supply_bound_served_cost(const supply_config *cfg, double unserved, double second) {
  if (cfg->n_keys < 2 || cfg->key[0] != ROUTE_GOAL_UNSERVED) return NAN;
  double penalty = cfg->penalty * unserved;
  if (cfg->key[1] == ROUTE_GOAL_COST) return second - penalty;
  if (cfg->key[1] == ROUTE_GOAL_WEIGHTED && cfg->weight_time == 0.0 && cfg->weight_co2 == 0.0 &&
      cfg->weight_cost > 0.0)
    return second / cfg->weight_cost - penalty;
  return NAN;
}

/* The second (ar_clock_elapsed()) at which the month's bound is given up: with --gap the end of
 * the budget (the search's target needs it), else when half the month's share is spent; 0: no
 * budget, no limit. */
static double bound_deadline(const supply_state *s, const solve_run *run) {
  if (s->month_seconds <= 0.0) return 0.0;
  if (param_is_set(run->ps, "gap")) return s->total_seconds - s->write_seconds;
  return s->month_clock + SUPPLY_BOUND_SHARE * s->month_seconds;
}

/* Rank 0's progress lines while a month's bound runs: "2013-05: min-cost-flow bound, 38 %, 4.1
 * s, ETA 6.7 s", the first after --progress seconds (0: one per report). */
typedef struct {
  progress_out out;
  const supply_month_result *mr;
  double t0;
} bound_lines;

static void bound_line(void *arg, int64_t placed, int64_t served) {
  bound_lines *b = arg;
  double now = ar_clock_elapsed();
  if (!progress_due(&b->out, now)) return;
  double took = now - b->t0, share = served > 0 ? (double)placed / (double)served : 1.0;
  char line[128];
  snprintf(line, sizeof line, "%04d-%02d: min-cost-flow bound, %d %%, %.1f s, ETA %.1f s",
           (int)b->mr->year, (int)b->mr->month, (int)(100.0 * share), took,
           share > 0.0 ? took / share - took : 0.0);
  progress_show(&b->out, now, line);
}

ar_status wing_supply_bound_month(supply_state *s, const solve_run *run, supply_month_result *mr) {
  mr->lower_bound = -HUGE_VAL;
  mr->bound_seconds = 0.0;
  if (s->bound_given_up) return AR_OK;
  double t0 = MPI_Wtime();
  bound_lines lines = {.mr = mr, .t0 = ar_clock_elapsed()};
  progress_init(&lines.out, param_real(run->ps, "progress"), run->quiet || run->rank != 0);
  lines.out.last = lines.t0; /* a bound of less than --progress seconds prints none */
  supply_bound_limits lim = {.deadline = bound_deadline(s, run),
                             .work = lines.out.quiet ? NULL : bound_line,
                             .work_arg = &lines};
  /* Every rank computes it (deterministic, and cheaper than waiting for a broadcast); a rank
   * whose clock ran out first drops it for all. */
  ar_status st = ar_agree(
      run->comm, supply_mincost_bound(&s->sc, s->rp.flow.max_served, &lim, &mr->lower_bound));
  progress_end(&lines.out);
  int have = mr->lower_bound > -HUGE_VAL, all = 0;
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Allreduce(&have, &all, 1, MPI_INT, MPI_MIN, run->comm),
                      "MPI_Allreduce of the month's bound");
  if (st != AR_OK) return st;
  if (!all) {
    mr->lower_bound = -HUGE_VAL;
    s->bound_given_up = s->month + 1;
  }
  mr->bound_seconds = MPI_Wtime() - t0;
  return AR_OK;
}

void wing_supply_bound_text(const supply_state *s, const solve_run *run,
                            const supply_month_result *mr, char *buf, size_t cap) {
  if (mr->lower_bound > -HUGE_VAL) {
    snprintf(buf, cap, "serving %lld costs at least %.2f (min-cost flow, %.2f s)",
             (long long)s->rp.flow.max_served, mr->lower_bound, mr->bound_seconds);
  } else if (s->bound_given_up == s->month + 1) {
    snprintf(buf, cap,
             "min-cost-flow bound left out: unfinished after %.2f s, %s of --time (the months "
             "after it leave theirs out)",
             mr->bound_seconds,
             param_is_set(run->ps, "gap") ? "the end" : "half of the month's share");
  } else {
    const supply_month_result *first = &s->res.months[s->bound_given_up - 1];
    snprintf(buf, cap, "min-cost-flow bound left out (%04d-%02d's did not fit in --time)",
             (int)first->year, (int)first->month);
  }
}

void wing_supply_bound_target(const supply_state *s, const solve_run *run,
                              const supply_month_result *mr, aco_params *par) {
  if (!param_is_set(run->ps, "gap") || !(mr->lower_bound > -HUGE_VAL)) return;
  const supply_config *cfg = &s->cfg;
  double served = wing_gap_target(mr->lower_bound, param_real(run->ps, "gap"));
  double unserved = (double)mr->min_unserved;
  par->has_target = 1;
  par->target = aco_cost_worst();
  par->target.key[0] = unserved;
  par->target.key[1] = served + cfg->penalty * unserved;
  if (cfg->key[1] == ROUTE_GOAL_WEIGHTED) par->target.key[1] *= cfg->weight_cost;
}

double wing_supply_bound_gap(const supply_state *s, const supply_month_result *mr,
                             const aco_cost *best) {
  if (!(mr->lower_bound > -HUGE_VAL) || best->key[0] != (double)mr->min_unserved) return NAN;
  return wing_gap_percent(wing_supply_bound_served_cost(&s->cfg, best->key[0], best->key[1]),
                          mr->lower_bound);
}
