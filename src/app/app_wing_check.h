/* SPDX-License-Identifier: BSD-3-Clause */
/* app_wing_check: the wing of a file, judged by the registry (app_wings.h) the same way for every
 * command, so that `inspect`, `solve`, `evaluate` and `report` say the same words about a file. */
#ifndef AR_APP_WING_CHECK_H
#define AR_APP_WING_CHECK_H

#include <hdf5.h>
#include <mpi.h>

#include "ar_error.h"
#include "wing.h"

/* The wing of an open network file: its header (h5net_header_read), a registered kind and a
 * format version from 1 to the wing's newest. AR_ERR_INPUT naming the file: not an antroute
 * network file, no kind, an unknown kind (the message lists the registered ones), a version out
 * of range. */
ar_status app_wing_network(hid_t file, const wing **w);

/* The same on a path, opened on comm (collective; every rank returns the same status). AR_ERR_IO
 * for a file that cannot be opened. */
ar_status app_wing_network_path(const char *path, MPI_Comm comm, const wing **w);

/* The wing of an open results file: by its `kind` attribute (kind, "" when absent), else the
 * first wing whose results_marker it holds; NULL when neither names a registered wing. Never
 * fails. */
const wing *app_wing_results(hid_t file, const char *kind);

/* app_wing_results() of the file's `kind` attribute. AR_ERR_INPUT naming the file when no
 * registered wing is found (the message lists them), AR_ERR_HDF5. */
ar_status app_wing_results_check(hid_t file, const wing **w);

/* The wing of the results file at path, opened by the calling process alone: an antroute results
 * file (h5meta_check) of a registered kind (app_wing_results). AR_ERR_IO for a file that cannot
 * be opened, AR_ERR_INPUT naming it when it is not a results file or of no registered kind. */
ar_status app_wing_results_path(const char *path, const wing **w);

#endif
