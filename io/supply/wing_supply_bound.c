/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_bound: the order-routing kind's lower bound per month (supply_mincost_bound), and
 * what solve does with it: the gap in progress lines, month lines and results, and --gap. */
#include <math.h>
#include <stdio.h>

#include "ar_agree.h"
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

ar_status wing_supply_bound_month(supply_state *s, const solve_run *run, supply_month_result *mr) {
  double t0 = MPI_Wtime();
  /* Every rank computes it (deterministic, and cheaper than waiting for a broadcast). */
  ar_status st =
      ar_agree(run->comm, supply_mincost_bound(&s->sc, s->rp.flow.max_served, &mr->lower_bound));
  mr->bound_seconds = MPI_Wtime() - t0;
  return st;
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
