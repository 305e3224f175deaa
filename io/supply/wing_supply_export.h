/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_export: the exports of supply-chain results (`antroute export RESULTS.h5 --csv
 * PLAN.csv`: the plan, one row per order in the network's order, with the columns `antroute
 * evaluate` reads; docs/formats.md, "Plan CSV"). */
#ifndef AR_WING_SUPPLY_EXPORT_H
#define AR_WING_SUPPLY_EXPORT_H

#include "wing.h"

/* Ended by an entry whose write is NULL. */
extern const wing_export wing_supply_exports[];

#endif
