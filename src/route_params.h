/* route_params: the model options shared by every command that evaluates or solves order routing
 * (`evaluate`, `solve` on a supply-chain network): the readings of OBJECTIVE.md's ambiguities,
 * the capacity policy, the penalty, the CO2 factors and the goals. See docs/model.md.
 */
#ifndef AR_ROUTE_PARAMS_H
#define AR_ROUTE_PARAMS_H

#include "param.h"
#include "route_model.h"

/* The model's parameter definitions. */
extern const param_def route_param_defs[];
extern const int route_param_ndefs;

/* Copies own[0..nown) then the model's definitions into out (cap entries); returns the count, or
 * -1 when they do not fit. */
int route_params_merge(param_def *out, int cap, const param_def *own, int nown);

/* Fills cfg from parsed parameters (which must include route_param_defs). Fails with
 * AR_ERR_USAGE naming the option: "--weights: 'speed' is not a goal (cost, time, co2)". */
ar_status route_config_from_params(const param_set *ps, route_config *cfg);

/* Parses "cost=1,time=0.5,co2=0" into the weights of cfg. */
ar_status route_parse_weights(const char *text, route_config *cfg);

/* Parses "unserved,cost,co2,time" (goal names: unserved, cost, time, co2, weighted) into the key
 * order of cfg. */
ar_status route_parse_goal_order(const char *text, route_config *cfg);

/* "unserved", "cost", ... */
const char *route_goal_name(route_goal goal);

#endif
