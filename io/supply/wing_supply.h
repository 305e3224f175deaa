/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply: the declaration of the supply-chain kind (order routing), io/wing/wing.h. */
#ifndef AR_WING_SUPPLY_H
#define AR_WING_SUPPLY_H

#include "wing.h"

extern const wing wing_supply;

#endif
