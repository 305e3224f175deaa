/* SPDX-License-Identifier: BSD-3-Clause */
/* inspect_network: `antroute inspect NET.h5`: the wing's summary of a network file, read by the
 * same readers as solve and evaluate, so that "valid" means they accept it. */
#ifndef AR_INSPECT_NETWORK_H
#define AR_INSPECT_NETWORK_H

#include <hdf5.h>
#include <stdio.h>

#include "ar_error.h"
#include "wing.h"

/* w: the file's wing (its header already judged). AR_ERR_INPUT naming the file and the dataset
 * when the wing's reader refuses it, AR_ERR_HDF5, AR_ERR_NOMEM. */
ar_status inspect_network(hid_t file, const wing *w, FILE *out);

#endif
