/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_supply_fields: a supply-chain network file, declared once (see h5net_supply_fields.h). */
#include "h5net_supply_fields.h"

#include <stddef.h>

#define AS_FIELD(g, c, t, m, u, d, k)                                                              \
  {.name = #g "_" #c,                                                                              \
   .path = "/supply/" #g "/" #c,                                                                   \
   .type = H5FIELD_##t,                                                                            \
   .rank = 1,                                                                                      \
   .shape = "[" #g "]",                                                                            \
   .unit = u,                                                                                      \
   .meaning = d,                                                                                   \
   .doc = k},

const h5field h5net_supply_fields[H5NET_SUPPLY_FIELDS] = {H5NET_SUPPLY_COLUMNS(AS_FIELD)};

const h5field_table h5net_supply_table =
    H5FIELD_TABLE("supply-chain:network", "Network file: supply chain", h5net_supply_fields);
