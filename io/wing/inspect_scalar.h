/* SPDX-License-Identifier: BSD-3-Clause */
/* inspect_scalar: one value of a results file, for the summaries of `antroute inspect`. */
#ifndef AR_INSPECT_SCALAR_H
#define AR_INSPECT_SCALAR_H

#include <hdf5.h>
#include <stdint.h>

#include "ar_error.h"

/* A scalar dataset of a results file as int64 / double; nothing is read once *st is not AR_OK.
 * On failure *st is the status of h5u_read (AR_ERR_INPUT naming the file and dataset, AR_ERR_HDF5,
 * AR_ERR_NOMEM) and the value is 0. */
int64_t inspect_scalar_i64(hid_t file, const char *path, ar_status *st);
double inspect_scalar_f64(hid_t file, const char *path, ar_status *st);

#endif
