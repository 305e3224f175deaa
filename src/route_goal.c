/* route_goal: goal values and the lexicographic objective vector of a plan's totals. */
#include <math.h>

#include "route_model.h"

double route_goal_value(const route_config *cfg, const route_totals *t, route_goal goal) {
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

void route_objective(const route_config *cfg, const route_totals *t, double *key) {
  for (int i = 0; i < cfg->n_keys; i++)
    key[i] = route_goal_value(cfg, t, cfg->key[i]);
}

int route_objective_compare(const route_config *cfg, const double *a, const double *b) {
  for (int i = 0; i < cfg->n_keys; i++) {
    double tol = 1e-12 * fmax(1.0, fmax(fabs(a[i]), fabs(b[i])));
    if (a[i] < b[i] - tol) return -1;
    if (a[i] > b[i] + tol) return 1;
  }
  return 0;
}
