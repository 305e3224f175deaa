/* h5net_supply_inspect: the `antroute inspect` summary of a supply-chain network file. */
#ifndef AR_H5NET_SUPPLY_INSPECT_H
#define AR_H5NET_SUPPLY_INSPECT_H

#include <hdf5.h>
#include <stdio.h>

#include "ar_error.h"

/* Reads and validates the /supply group of an open network file (kind "supply-chain") and prints
 * a short summary to out: table sizes, the order horizon, demand and capacity totals. Fails like
 * h5net_supply_read_file(). */
ar_status h5net_supply_inspect(hid_t file, FILE *out);

#endif
