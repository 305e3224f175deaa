/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_goal: goal values and the lexicographic objective vector of a plan's totals. */
#include <math.h>

#include "supply_model.h"

double supply_goal_value(const supply_config *cfg, const supply_totals *t, supply_goal goal) {
  double cost = t->wc + t->tc + cfg->penalty * (double)t->unserved;
  switch (goal) {
  case ROUTE_GOAL_UNSERVED: return (double)t->unserved;
  case ROUTE_GOAL_COST: return cost;
  case ROUTE_GOAL_TIME: return t->time;
  case ROUTE_GOAL_CO2: return t->co2;
  case ROUTE_GOAL_WEIGHTED:
    return cfg->weight_cost * cost + cfg->weight_time * t->time + cfg->weight_co2 * t->co2;
  case ROUTE_GOAL_COUNT: break;
  }
  return 0.0;
}

void supply_objective(const supply_config *cfg, const supply_totals *t, double *key) {
  for (int i = 0; i < cfg->n_keys; i++)
    key[i] = supply_goal_value(cfg, t, cfg->key[i]);
}

int supply_objective_compare(const supply_config *cfg, const double *a, const double *b) {
  for (int i = 0; i < cfg->n_keys; i++) {
    double tol = 1e-12 * fmax(1.0, fmax(fabs(a[i]), fabs(b[i])));
    if (a[i] < b[i] - tol) return -1;
    if (a[i] > b[i] + tol) return 1;
  }
  return 0;
}

int supply_totals_compare(const supply_config *cfg, const supply_totals *a,
                          const supply_totals *b) {
  double ka[ROUTE_KEYS_MAX], kb[ROUTE_KEYS_MAX];
  supply_objective(cfg, a, ka);
  supply_objective(cfg, b, kb);
  return supply_objective_compare(cfg, ka, kb);
}

double supply_scalar(const supply_config *cfg, double wc, double tc, double time, double co2) {
  supply_goal g = ROUTE_GOAL_WEIGHTED;
  for (int i = 0; i < cfg->n_keys; i++)
    if (cfg->key[i] != ROUTE_GOAL_UNSERVED) {
      g = cfg->key[i];
      break;
    }
  supply_totals t = {1, 0, wc, tc, time, co2};
  return supply_goal_value(cfg, &t, g);
}
