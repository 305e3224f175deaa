/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_report: printing a checked plan. */
#include "supply_report.h"

#include "supply_params.h"

void supply_report_print(FILE *out, const supply_model *m, const supply_assign *a,
                         const supply_check_result *r, int list_max) {
  const supply_config *cfg = &m->cfg;
  const supply_totals *t = &r->tot;
  double penalty = cfg->penalty * (double)t->unserved;
  fprintf(out, "orders: %lld served, %lld unserved\n", (long long)t->served,
          (long long)t->unserved);
  fprintf(out, "cost: %.2f USD = warehouse %.2f + transport %.2f + unserved penalty %.2f\n",
          t->wc + t->tc + penalty, t->wc, t->tc, penalty);
  fprintf(out, "served cost: %.2f USD (warehouse + transport)\n", t->wc + t->tc);
  fprintf(out, "time: %.2f day-kg\n", t->time);
  fprintf(out, "co2: %.2f kg CO2e\n", t->co2);
  double key[ROUTE_KEYS_MAX];
  supply_objective(cfg, t, key);
  fprintf(out, "objective (");
  for (int i = 0; i < cfg->n_keys; i++)
    fprintf(out, "%s%s", i ? ", " : "", supply_goal_name(cfg->key[i]));
  fprintf(out, "): ");
  for (int i = 0; i < cfg->n_keys; i++)
    fprintf(out, "%s%.2f", i ? ", " : "", key[i]);
  fprintf(out, "\nviolations: %lld", (long long)r->nv);
  const char *sep = " (";
  for (int kind = 0; kind < ROUTE_V_KINDS; kind++)
    if (r->count[kind]) {
      fprintf(out, "%s%s %lld", sep, supply_violation_kind_name((supply_violation_kind)kind),
              (long long)r->count[kind]);
      sep = ", ";
    }
  fprintf(out, "%s\n", r->nv ? ")" : "");
  int64_t shown[ROUTE_V_KINDS] = {0};
  for (int64_t i = 0; i < r->nv; i++) {
    const supply_violation *v = &r->v[i];
    if (list_max > 0 && shown[v->kind] >= list_max) continue;
    char line[512];
    supply_violation_format(m, a, v, line, sizeof line);
    fprintf(out, "  %s\n", line);
    shown[v->kind]++;
  }
  for (int kind = 0; kind < ROUTE_V_KINDS; kind++)
    if (r->count[kind] > shown[kind])
      fprintf(out, "  ... %lld more %s violations (%d of each kind listed)\n",
              (long long)(r->count[kind] - shown[kind]),
              supply_violation_kind_name((supply_violation_kind)kind), list_max);
  fprintf(out, "feasible: %s\n", r->nv ? "no" : "yes");
}
