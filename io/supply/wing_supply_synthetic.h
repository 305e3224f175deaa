/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_synthetic: the supply-chain wing's part of `antroute import synthetic --kind
 * supply-chain` (io/supply/supply_synth.h), the default kind of that command. */
#ifndef AR_WING_SUPPLY_SYNTHETIC_H
#define AR_WING_SUPPLY_SYNTHETIC_H

#include "wing.h"

extern const wing_synthetic wing_supply_synthetic;

#endif
