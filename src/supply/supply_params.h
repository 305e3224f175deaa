/* supply_params: the model options shared by every command that evaluates or solves order routing
 * (`evaluate`, `solve` on a supply-chain network): the readings of OBJECTIVE.md's ambiguities,
 * the capacity policy, the penalty, the CO2 factors and the goals. See docs/model.md.
 */
#ifndef AR_SUPPLY_PARAMS_H
#define AR_SUPPLY_PARAMS_H

#include "param.h"
#include "supply_model.h"

/* The model's parameter definitions. */
extern const param_def supply_param_defs[];
extern const int supply_param_ndefs;

/* Copies own[0..nown) then the model's definitions into out (cap entries); returns the count, or
 * -1 when they do not fit. */
int supply_params_merge(param_def *out, int cap, const param_def *own, int nown);

/* Fills cfg from parsed parameters (which must include supply_param_defs). Fails with
 * AR_ERR_USAGE naming the option: "--weights: 'speed' is not a goal (cost, time, co2)". */
ar_status supply_config_from_params(const param_set *ps, supply_config *cfg);

/* Parses "cost=1,time=0.5,co2=0" into the weights of cfg. */
ar_status supply_parse_weights(const char *text, supply_config *cfg);

/* Parses "unserved,cost,co2,time" (goal names: unserved, cost, time, co2, weighted) into the key
 * order of cfg. */
ar_status supply_parse_goal_order(const char *text, supply_config *cfg);

/* "unserved", "cost", ... */
const char *supply_goal_name(supply_goal goal);

#endif
