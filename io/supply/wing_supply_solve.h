/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_solve: order routing on supply-chain networks as a problem kind of `antroute
 * solve`. */
#ifndef AR_WING_SUPPLY_SOLVE_H
#define AR_WING_SUPPLY_SOLVE_H

#include "wing_solve.h"

/* The supply-chain wing's solve part (wing_solve.h; its option table is assembled at the first
 * call). Never fails. */
const solve_kind *wing_supply_solve_kind(void);

#endif
