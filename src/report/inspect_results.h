/* SPDX-License-Identifier: BSD-3-Clause */
/* inspect_results: `antroute inspect RESULTS.h5`: the wing's summary of a results file. */
#ifndef AR_INSPECT_RESULTS_H
#define AR_INSPECT_RESULTS_H

#include <hdf5.h>
#include <stdio.h>

#include "ar_error.h"
#include "wing.h"

/* w: the wing of the results (by their `kind`). A wing without a summary gets the kind-free one
 * (kind, instance, input). AR_ERR_INPUT naming the file and what is missing or wrong,
 * AR_ERR_HDF5, AR_ERR_NOMEM. */
ar_status inspect_results(hid_t file, const wing *w, FILE *out);

#endif
