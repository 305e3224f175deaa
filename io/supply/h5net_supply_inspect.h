/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_supply_inspect: the `antroute inspect` summary of a supply-chain network (any network
 * whose root `kind` is not "tour"). Implemented by the supply-chain module; fails like the
 * supply-chain reader (AR_ERR_INPUT naming the file, dataset and row). */
#ifndef AR_H5NET_SUPPLY_INSPECT_H
#define AR_H5NET_SUPPLY_INSPECT_H

#include <hdf5.h>
#include <stdio.h>

#include "ar_error.h"

/* `antroute inspect` of a supply-chain network: validates like the reader (and fails as it does),
 * then prints "key: value" lines. */
ar_status h5net_supply_inspect(hid_t file, FILE *out);

#endif
