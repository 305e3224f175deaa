/* SPDX-License-Identifier: BSD-3-Clause */
/* h5meta: the root attributes every antroute file carries, so that h5dump and h5py users (and
 * `antroute inspect`) can tell what a file is, which version wrote it and with what parameters.
 *
 *   format          "antroute-network" | "antroute-results" | "antroute-checkpoint"
 *   format_version  integer, bumped on incompatible changes of that format
 *   tool_version    "antroute X.Y.Z"
 *   created         UTC time, ISO 8601
 *   parameters      the parameters used, as a parameter file (INI text; `--params` reads it back
 *                   and repeats the answer): never the run's own paths (PARAM_OUTPUT)
 *   paths           those paths ("output = r.h5" lines), when the run had any
 */
#ifndef AR_H5META_H
#define AR_H5META_H

#include <hdf5.h>

#include "ar_error.h"
#include "param.h"

#define H5META_NETWORK    "antroute-network"
#define H5META_RESULTS    "antroute-results"
#define H5META_CHECKPOINT "antroute-checkpoint"

/* Writes the root attributes; ps may be NULL (no parameters attribute). AR_ERR_HDF5 naming the file
 * and the attribute, AR_ERR_NOMEM, AR_ERR_MPI. */
ar_status h5meta_write(hid_t file, const char *format, int64_t format_version, const param_set *ps);

/* Reads `format` and `format_version` (AR_ERR_INPUT when either is missing or not of its type),
 * without judging them. */
ar_status h5meta_read(hid_t file, char *format, size_t format_cap, int64_t *version);

/* Reads `format` and `format_version`; fails with a clear message when the file is not an
 * antroute file, is another kind than `expect` (unless expect is NULL), or is newer than
 * max_version. */
ar_status h5meta_check(hid_t file, const char *expect, int64_t max_version, char *format,
                       size_t format_cap, int64_t *version);

#endif
