/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_params: the model options of order routing (see wing_supply_params.h). */
#include "wing_supply_params.h"

#include <string.h>

#include "supply_params.h"

/* Declared once, with designated initialisers; the defaults are these (docs/model.md). */
static const param_def model_params[] = {
    {.name = "ignore-capacity",
     .type = PARAM_FLAG,
     .min = 1,
     .max = 0,
     .help = "drop the plant daily capacity (the paper's unconstrained form)",
     .flags = PARAM_SEARCH},
    {.name = "no-lane-caps",
     .type = PARAM_FLAG,
     .min = 1,
     .max = 0,
     .help = "drop the lane weight caps",
     .flags = PARAM_SEARCH},
    {.name = "no-ship-window",
     .type = PARAM_FLAG,
     .min = 1,
     .max = 0,
     .help = "ship every order on its order date (no ship-ahead/late window)",
     .flags = PARAM_SEARCH},
    {.name = "band-basis",
     .type = PARAM_CHOICE,
     .default_value = "lane",
     .choices = "lane|order",
     .min = 1,
     .max = 0,
     .arg_name = "BASIS",
     .help = "weight that picks an AIR rate band: the lane-day total or the order's own",
     .flags = PARAM_SEARCH},
    {.name = "dup-rows",
     .type = PARAM_CHOICE,
     .default_value = "first",
     .choices = "first|last|min|max|mean",
     .min = 1,
     .max = 0,
     .arg_name = "READING",
     .help = "which of several FreightRates rows with the same weight band counts",
     .flags = PARAM_SEARCH},
    {.name = "band-gap",
     .type = PARAM_CHOICE,
     .default_value = "floor",
     .choices = "floor|ceil|strict",
     .min = 1,
     .max = 0,
     .arg_name = "READING",
     .help = "band for a weight between bands: the one below, the one above, or flag it",
     .flags = PARAM_SEARCH},
    {.name = "min-cost",
     .type = PARAM_CHOICE,
     .default_value = "band",
     .choices = "band|lane-min|lane-max",
     .min = 1,
     .max = 0,
     .arg_name = "READING",
     .help = "minimum charge of an AIR order: the selected band's, or the lane's lowest/highest",
     .flags = PARAM_SEARCH},
    {.name = "ground-min-charge",
     .type = PARAM_FLAG,
     .min = 1,
     .max = 0,
     .help = "a ground truck costs max(Min_Cost, Rate) instead of Rate",
     .flags = PARAM_SEARCH},
    {.name = "service-match",
     .type = PARAM_CHOICE,
     .default_value = "exact",
     .choices = "exact|dtd-for-dtp|any",
     .min = 1,
     .max = 0,
     .arg_name = "READING",
     .help = "lanes an order may use: its own service level, also DTD lanes for DTP orders, or any",
     .flags = PARAM_SEARCH},
    {.name = "no-vmi",
     .type = PARAM_FLAG,
     .min = 1,
     .max = 0,
     .help = "drop the VMI rule (VMI-listed plants serve only their listed customers)",
     .flags = PARAM_SEARCH},
    {.name = "tpt-limit",
     .type = PARAM_FLAG,
     .min = 1,
     .max = 0,
     .help = "a lane may not be slower than the order's historical TPT",
     .flags = PARAM_SEARCH},
    {.name = "unserved-penalty",
     .type = PARAM_REAL,
     .default_value = "1000",
     .min = 0,
     .max = 1e15,
     .arg_name = "USD",
     .help = "cost of leaving one order unserved (part of the cost goal)",
     .flags = PARAM_SEARCH},
    {.name = "co2-air",
     .type = PARAM_REAL,
     .default_value = "0.498",
     .min = 0,
     .max = 1e6,
     .arg_name = "KG_PER_TKM",
     .help = "AIR emission factor, kg CO2e per tonne-km (GLEC v3.0 freighter > 1500 km)",
     .flags = PARAM_SEARCH},
    {.name = "co2-ground",
     .type = PARAM_REAL,
     .default_value = "0.12366",
     .min = 0,
     .max = 1e6,
     .arg_name = "KG_PER_TKM",
     .help = "GROUND emission factor, kg CO2e per tonne-km (DEFRA 2012, all HGVs)",
     .flags = PARAM_SEARCH},
    {.name = "co2-km",
     .type = PARAM_REAL,
     .default_value = "2000",
     .min = 0,
     .max = 1e6,
     .arg_name = "KM",
     .help = "distance proxy of every lane, km (the data has no distances)",
     .flags = PARAM_SEARCH},
    {.name = "weights",
     .type = PARAM_STRING,
     .default_value = "cost=1,time=0,co2=0",
     .min = 1,
     .max = 0,
     .arg_name = "G=W,...",
     .help = "weights of the 'weighted' goal (goals cost, time, co2)",
     .flags = PARAM_SEARCH},
    {.name = "goal-order",
     .type = PARAM_STRING,
     .default_value = "unserved,weighted",
     .min = 1,
     .max = 0,
     .arg_name = "G,G,...",
     .help = "goals compared lexicographically, first = most important (unserved, cost, time, co2, "
             "weighted)",
     .flags = PARAM_SEARCH},
};
enum { MODEL_PARAMS = sizeof model_params / sizeof model_params[0] };

int wing_supply_params_merge(param_def *out, int cap, const param_def *own, int nown) {
  if (nown + MODEL_PARAMS > cap) return -1;
  for (int i = 0; i < nown; i++)
    out[i] = own[i];
  for (int i = 0; i < MODEL_PARAMS; i++)
    out[nown + i] = model_params[i];
  return nown + MODEL_PARAMS;
}

static int choice_index(const char *value, const char *const *names, int n) {
  for (int i = 0; i < n; i++)
    if (strcmp(value, names[i]) == 0) return i;
  return 0;
}

ar_status wing_supply_config_from_params(const param_set *ps, supply_config *cfg) {
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
  /* The model's parsers speak of goals and weights; the option they came from is named here. */
  ar_status st = supply_parse_weights(param_str(ps, "weights"), cfg);
  if (st != AR_OK) {
    ar_error_prefix("--weights");
    return st;
  }
  st = supply_parse_goal_order(param_str(ps, "goal-order"), cfg);
  if (st != AR_OK) ar_error_prefix("--goal-order");
  return st;
}
