/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_evaluate: `antroute evaluate NETWORK.h5 PLAN.csv | --historical` of supply-chain
 * networks: a plan's cost per goal and every constraint it breaks, recomputed from scratch. */
#ifndef AR_WING_SUPPLY_EVALUATE_H
#define AR_WING_SUPPLY_EVALUATE_H

#include "wing.h"

extern const wing_evaluate wing_supply_evaluate;

#endif
