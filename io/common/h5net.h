/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net: what every antroute network file is, whatever its kind: the header that `solve`,
 * `evaluate`, `inspect` and `report` read alike, before any kind's reader runs.
 *
 *   /  format = "antroute-network", format_version 1..the newest the kind's wing reads,
 *      kind = the name of a wing (io/wing/wing.h)
 *
 * This layer keeps no list of kinds: src/app judges the kind against the wings it knows and the
 * version against the wing's newest (app_wing_check.c). The kinds' own readers (io/tour,
 * io/supply) open their files with h5net_open_kind and validate the contents; a file that
 * passes both is one `solve` accepts (and `inspect` says so).
 */
#ifndef AR_H5NET_H
#define AR_H5NET_H

#include <hdf5.h>
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "ar_error.h"

/* Reads the root attributes of an open network file: its kind (cap bytes) and format version.
 * AR_ERR_INPUT naming the file: not an antroute file, not a network file, no kind attribute. */
ar_status h5net_header_read(hid_t file, char *kind, size_t cap, int64_t *version);

/* AR_ERR_INPUT naming the file when version is outside 1..newest for networks of this kind. */
ar_status h5net_version_check(const char *file, const char *kind, int64_t version, int64_t newest);

/* Opens path collectively on comm, reads its header (h5net_header_read) and returns its kind;
 * every rank returns the same status. AR_ERR_IO for a file that cannot be opened. */
ar_status h5net_kind(const char *path, MPI_Comm comm, char *kind, size_t cap);

/* Opens path collectively and checks that it is a network of the given kind in a version from 1
 * to newest; *file stays open on success (close with h5u_close). AR_ERR_IO, AR_ERR_INPUT. */
ar_status h5net_open_kind(const char *path, MPI_Comm comm, const char *kind, int64_t newest,
                          hid_t *file);

#endif
