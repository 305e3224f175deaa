/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_inspect: the supply-chain wing's summary of its results for `antroute inspect
 * RESULTS.h5`. */
#ifndef AR_WING_SUPPLY_INSPECT_H
#define AR_WING_SUPPLY_INSPECT_H

#include <hdf5.h>
#include <stdio.h>

#include "ar_error.h"

/* The totals, the bound, the run, and the plan's rows checked against the totals. AR_ERR_INPUT
 * naming the file (a missing attribute or dataset, /plan disagreeing with /totals), AR_ERR_HDF5,
 * AR_ERR_NOMEM. */
ar_status wing_supply_inspect_results(hid_t file, FILE *out);

#endif
