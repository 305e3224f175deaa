/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_params: the goals of order routing by name, and the weighted goal's weights and the goal
 * order parsed from text (docs/model.md). The command-line options that carry them are declared
 * in io/supply/wing_supply_params.h: no option text lives in the domain layer.
 */
#ifndef AR_SUPPLY_PARAMS_H
#define AR_SUPPLY_PARAMS_H

#include "ar_error.h"
#include "supply_model.h"

/* Parses "cost=1,time=0.5,co2=0" into the weights of cfg. AR_ERR_USAGE naming what is wrong:
 * "'speed' is not a goal (cost, time, co2)" (the caller names the option it came from). */
ar_status supply_parse_weights(const char *text, supply_config *cfg);

/* Parses "unserved,cost,co2,time" (goal names: unserved, cost, time, co2, weighted) into the key
 * order of cfg. AR_ERR_USAGE naming the goal that is unknown or given twice. */
ar_status supply_parse_goal_order(const char *text, supply_config *cfg);

/* "unserved", "cost", ... ("?" for a value out of range). Cannot fail. */
const char *supply_goal_name(supply_goal goal);

#endif
