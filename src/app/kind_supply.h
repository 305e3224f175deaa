/* kind_supply: order routing on supply-chain networks as a problem kind of `antroute solve`. */
#ifndef AR_KIND_SUPPLY_H
#define AR_KIND_SUPPLY_H

#include "solve_kind.h"

const solve_kind *kind_supply_get(void);

#endif
