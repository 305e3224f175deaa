/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_params: the goals of order routing by name, and their weights and order from text (see
 * supply_params.h and docs/model.md). */
#include "supply_params.h"

#include <stdlib.h>
#include <string.h>

static const char *const goal_names[ROUTE_GOAL_COUNT] = {"unserved", "cost", "time", "co2",
                                                         "weighted"};

const char *supply_goal_name(supply_goal goal) {
  return goal >= 0 && goal < ROUTE_GOAL_COUNT ? goal_names[goal] : "?";
}

static int goal_find(const char *name, size_t len) {
  for (int g = 0; g < ROUTE_GOAL_COUNT; g++)
    if (strlen(goal_names[g]) == len && strncmp(goal_names[g], name, len) == 0) return g;
  return -1;
}

ar_status supply_parse_weights(const char *text, supply_config *cfg) {
  double w[3] = {0.0, 0.0, 0.0};
  int seen[3] = {0, 0, 0};
  const char *s = text;
  while (*s) {
    const char *eq = strchr(s, '='), *comma = strchr(s, ',');
    if (!comma) comma = s + strlen(s);
    if (!eq || eq > comma)
      return ar_fail(AR_ERR_USAGE, "'%.*s' is not GOAL=WEIGHT", (int)(comma - s), s);
    int g = goal_find(s, (size_t)(eq - s));
    if (g != ROUTE_GOAL_COST && g != ROUTE_GOAL_TIME && g != ROUTE_GOAL_CO2)
      return ar_fail(AR_ERR_USAGE, "'%.*s' is not a goal (cost, time, co2)", (int)(eq - s), s);
    int i = g - ROUTE_GOAL_COST;
    if (seen[i]) return ar_fail(AR_ERR_USAGE, "%s given twice", goal_names[g]);
    char num[64];
    size_t len = (size_t)(comma - eq - 1);
    if (len == 0 || len >= sizeof num)
      return ar_fail(AR_ERR_USAGE, "%s has no weight", goal_names[g]);
    memcpy(num, eq + 1, len);
    num[len] = '\0';
    char *end = NULL;
    double v = strtod(num, &end);
    if (end == num || *end != '\0' || !(v >= 0.0) || v > 1e15)
      return ar_fail(AR_ERR_USAGE, "'%s' is not a weight >= 0 for %s", num, goal_names[g]);
    w[i] = v;
    seen[i] = 1;
    s = *comma ? comma + 1 : comma;
  }
  cfg->weight_cost = w[0];
  cfg->weight_time = w[1];
  cfg->weight_co2 = w[2];
  return AR_OK;
}

ar_status supply_parse_goal_order(const char *text, supply_config *cfg) {
  int n = 0;
  const char *s = text;
  supply_goal keys[ROUTE_KEYS_MAX];
  while (*s) {
    const char *comma = strchr(s, ',');
    if (!comma) comma = s + strlen(s);
    int g = goal_find(s, (size_t)(comma - s));
    if (g < 0)
      return ar_fail(AR_ERR_USAGE, "'%.*s' is not a goal (unserved, cost, time, co2, weighted)",
                     (int)(comma - s), s);
    for (int i = 0; i < n; i++)
      if (keys[i] == (supply_goal)g) return ar_fail(AR_ERR_USAGE, "%s given twice", goal_names[g]);
    if (n == ROUTE_KEYS_MAX) return ar_fail(AR_ERR_USAGE, "at most %d goals", ROUTE_KEYS_MAX);
    keys[n++] = (supply_goal)g;
    s = *comma ? comma + 1 : comma;
  }
  if (n == 0) return ar_fail(AR_ERR_USAGE, "no goal given");
  cfg->n_keys = n;
  for (int i = 0; i < n; i++)
    cfg->key[i] = keys[i];
  return AR_OK;
}
