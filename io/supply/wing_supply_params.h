/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_params: the model options shared by every command that evaluates or solves order
 * routing (`evaluate`, `solve` on a supply-chain network): the readings of OBJECTIVE.md's
 * ambiguities, the capacity policy, the penalty, the CO2 factors and the goals (docs/model.md).
 * Their one table lives here, beside the commands that offer them, not in the domain layer.
 */
#ifndef AR_WING_SUPPLY_PARAMS_H
#define AR_WING_SUPPLY_PARAMS_H

#include "param.h"
#include "supply_model.h"

/* Copies own[0..nown) then the model's options into out (cap entries); returns the count, or -1
 * when they do not fit. Cannot fail otherwise. */
int wing_supply_params_merge(param_def *out, int cap, const param_def *own, int nown);

/* Fills cfg from parsed parameters (whose table was made by wing_supply_params_merge). Fails with
 * AR_ERR_USAGE naming the option: "--weights: 'speed' is not a goal (cost, time, co2)". */
ar_status wing_supply_config_from_params(const param_set *ps, supply_config *cfg);

#endif
