/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_synth: a seeded generator of large supply-chain networks, grown from the structure of a
 * template network (the real data set read with supply_import, or built-in shapes modelled on it).
 *
 * What is copied from the template: lane shapes (service level, mode, transit days, carrier type
 * and the whole list of weight-band rows, rates jittered per lane), the number of lanes per
 * (origin, destination) port pair, plant costs and relative capacities, and order profiles
 * (service level, units, weight, ship-ahead/late windows). What is grown: P plants, Q ports,
 * products, customers, VMI plants, and months x orders_per_month orders dated uniformly inside
 * their month. Every order has at least one feasible route by construction (a non-VMI plant
 * stocks every product; every plant port has a DTD and a DTP lane to every destination port).
 * docs/formats.md ("Synthetic supply-chain networks") gives the rules and their numbers.
 *
 * The result depends only on the parameters and the template: same seed, same network, byte for
 * byte (a counter-free xoshiro256** stream, no floating-point libm calls in the sampling).
 */
#ifndef AR_SUPPLY_SYNTH_H
#define AR_SUPPLY_SYNTH_H

#include <stdint.h>

#include "ar_error.h"
#include "supply_net.h"

typedef struct {
  int64_t orders_per_month; /* >= 1 */
  int32_t months;           /* >= 1 */
  int32_t plants;           /* >= 1 */
  int32_t ports;            /* >= 1 */
  uint64_t seed;
  const supply_net *template_net; /* NULL: built-in shapes */
} supply_synth_params;

/* Fills net (zeroed by the call) with a generated network, indexed. Fails with AR_ERR_USAGE for
 * parameters out of range (more than SC_ROWS_MAX orders, a template without lanes or orders) and
 * AR_ERR_NOMEM. */
ar_status supply_synth_generate(const supply_synth_params *params, supply_net *net);

#endif
