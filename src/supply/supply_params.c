/* supply_params: model options of order routing (see supply_params.h and docs/model.md). */
#include "supply_params.h"

#include <stdlib.h>
#include <string.h>

const param_def supply_param_defs[] = {
    {"ignore-capacity", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "drop the plant daily capacity (the paper's unconstrained form)", PARAM_SEARCH},
    {"no-lane-caps", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL, "drop the lane weight caps",
     PARAM_SEARCH},
    {"no-ship-window", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "ship every order on its order date (no ship-ahead/late window)", PARAM_SEARCH},
    {"band-basis", 0, PARAM_CHOICE, "lane", "lane|order", 1, 0, "BASIS",
     "weight that picks an AIR rate band: the lane-day total or the order's own", PARAM_SEARCH},
    {"dup-rows", 0, PARAM_CHOICE, "first", "first|last|min|max|mean", 1, 0, "READING",
     "which of several FreightRates rows with the same weight band counts", PARAM_SEARCH},
    {"band-gap", 0, PARAM_CHOICE, "floor", "floor|ceil|strict", 1, 0, "READING",
     "band for a weight between bands: the one below, the one above, or flag it", PARAM_SEARCH},
    {"min-cost", 0, PARAM_CHOICE, "band", "band|lane-min|lane-max", 1, 0, "READING",
     "minimum charge of an AIR order: the selected band's, or the lane's lowest/highest",
     PARAM_SEARCH},
    {"ground-min-charge", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "a ground truck costs max(Min_Cost, Rate) instead of Rate", PARAM_SEARCH},
    {"service-match", 0, PARAM_CHOICE, "exact", "exact|dtd-for-dtp|any", 1, 0, "READING",
     "lanes an order may use: its own service level, also DTD lanes for DTP orders, or any",
     PARAM_SEARCH},
    {"no-vmi", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "drop the VMI rule (VMI-listed plants serve only their listed customers)", PARAM_SEARCH},
    {"tpt-limit", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "a lane may not be slower than the order's historical TPT", PARAM_SEARCH},
    {"unserved-penalty", 0, PARAM_REAL, "1000", NULL, 0, 1e15, "USD",
     "cost of leaving one order unserved (part of the cost goal)", PARAM_SEARCH},
    {"co2-air", 0, PARAM_REAL, "0.498", NULL, 0, 1e6, "KG_PER_TKM",
     "AIR emission factor, kg CO2e per tonne-km (GLEC v3.0 freighter > 1500 km)", PARAM_SEARCH},
    {"co2-ground", 0, PARAM_REAL, "0.12366", NULL, 0, 1e6, "KG_PER_TKM",
     "GROUND emission factor, kg CO2e per tonne-km (DEFRA 2012, all HGVs)", PARAM_SEARCH},
    {"co2-km", 0, PARAM_REAL, "2000", NULL, 0, 1e6, "KM",
     "distance proxy of every lane, km (the data has no distances)", PARAM_SEARCH},
    {"weights", 0, PARAM_STRING, "cost=1,time=0,co2=0", NULL, 1, 0, "G=W,...",
     "weights of the 'weighted' goal (goals cost, time, co2)", PARAM_SEARCH},
    {"goal-order", 0, PARAM_STRING, "unserved,weighted", NULL, 1, 0, "G,G,...",
     "goals compared lexicographically, first = most important (unserved, cost, time, co2, "
     "weighted)",
     PARAM_SEARCH},
};
const int supply_param_ndefs = (int)(sizeof supply_param_defs / sizeof supply_param_defs[0]);

int supply_params_merge(param_def *out, int cap, const param_def *own, int nown) {
  if (nown + supply_param_ndefs > cap) return -1;
  for (int i = 0; i < nown; i++)
    out[i] = own[i];
  for (int i = 0; i < supply_param_ndefs; i++)
    out[nown + i] = supply_param_defs[i];
  return nown + supply_param_ndefs;
}

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
      return ar_fail(AR_ERR_USAGE, "--weights: '%.*s' is not GOAL=WEIGHT", (int)(comma - s), s);
    int g = goal_find(s, (size_t)(eq - s));
    if (g != ROUTE_GOAL_COST && g != ROUTE_GOAL_TIME && g != ROUTE_GOAL_CO2)
      return ar_fail(AR_ERR_USAGE, "--weights: '%.*s' is not a goal (cost, time, co2)",
                     (int)(eq - s), s);
    int i = g - ROUTE_GOAL_COST;
    if (seen[i]) return ar_fail(AR_ERR_USAGE, "--weights: %s given twice", goal_names[g]);
    char num[64];
    size_t len = (size_t)(comma - eq - 1);
    if (len == 0 || len >= sizeof num)
      return ar_fail(AR_ERR_USAGE, "--weights: %s has no weight", goal_names[g]);
    memcpy(num, eq + 1, len);
    num[len] = '\0';
    char *end = NULL;
    double v = strtod(num, &end);
    if (end == num || *end != '\0' || !(v >= 0.0) || v > 1e15)
      return ar_fail(AR_ERR_USAGE, "--weights: '%s' is not a weight >= 0 for %s", num,
                     goal_names[g]);
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
      return ar_fail(AR_ERR_USAGE,
                     "--goal-order: '%.*s' is not a goal (unserved, cost, time, co2, weighted)",
                     (int)(comma - s), s);
    for (int i = 0; i < n; i++)
      if (keys[i] == (supply_goal)g)
        return ar_fail(AR_ERR_USAGE, "--goal-order: %s given twice", goal_names[g]);
    if (n == ROUTE_KEYS_MAX)
      return ar_fail(AR_ERR_USAGE, "--goal-order: at most %d goals", ROUTE_KEYS_MAX);
    keys[n++] = (supply_goal)g;
    s = *comma ? comma + 1 : comma;
  }
  if (n == 0) return ar_fail(AR_ERR_USAGE, "--goal-order: no goal given");
  cfg->n_keys = n;
  for (int i = 0; i < n; i++)
    cfg->key[i] = keys[i];
  return AR_OK;
}

static int choice_index(const char *value, const char *const *names, int n) {
  for (int i = 0; i < n; i++)
    if (strcmp(value, names[i]) == 0) return i;
  return 0;
}

ar_status supply_config_from_params(const param_set *ps, supply_config *cfg) {
  static const char *const basis[] = {"lane", "order"};
  static const char *const dup[] = {"first", "last", "min", "max", "mean"};
  static const char *const gap[] = {"floor", "ceil", "strict"};
  static const char *const mincost[] = {"band", "lane-min", "lane-max"};
  static const char *const service[] = {"exact", "dtd-for-dtp", "any"};
  supply_config_default(cfg);
  cfg->capacity = !param_flag(ps, "ignore-capacity");
  cfg->lane_caps = !param_flag(ps, "no-lane-caps");
  cfg->ship_window = !param_flag(ps, "no-ship-window");
  cfg->band_basis = (supply_band_basis)choice_index(param_str(ps, "band-basis"), basis, 2);
  cfg->dup_rows = (supply_dup_rows)choice_index(param_str(ps, "dup-rows"), dup, 5);
  cfg->band_gap = (supply_band_gap)choice_index(param_str(ps, "band-gap"), gap, 3);
  cfg->min_cost = (supply_min_cost)choice_index(param_str(ps, "min-cost"), mincost, 3);
  cfg->ground_min_charge = param_flag(ps, "ground-min-charge");
  cfg->service_match =
      (supply_service_match)choice_index(param_str(ps, "service-match"), service, 3);
  cfg->vmi = !param_flag(ps, "no-vmi");
  cfg->tpt_limit = param_flag(ps, "tpt-limit");
  cfg->penalty = param_real(ps, "unserved-penalty");
  cfg->co2_air = param_real(ps, "co2-air");
  cfg->co2_ground = param_real(ps, "co2-ground");
  cfg->co2_km = param_real(ps, "co2-km");
  ar_status st = supply_parse_weights(param_str(ps, "weights"), cfg);
  if (st == AR_OK) st = supply_parse_goal_order(param_str(ps, "goal-order"), cfg);
  return st;
}
