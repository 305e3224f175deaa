/* h5net: what every antroute network file is, whatever its kind: the one check of its header
 * that `solve`, `evaluate`, `inspect` and `report` apply alike, before any kind's reader runs.
 *
 *   /  format = "antroute-network", format_version 1..the newest this build reads for its kind,
 *      kind = one of the kinds below
 *
 * The kinds' own readers (io/tour, io/supply) validate the contents; a file that passes both is
 * one `solve` accepts (and `inspect` says so).
 */
#ifndef AR_H5NET_H
#define AR_H5NET_H

#include <hdf5.h>
#include <mpi.h>
#include <stddef.h>

#include "ar_error.h"

#define H5NET_KIND_TOUR   "tour"
#define H5NET_SUPPLY_KIND "supply-chain"
#define H5NET_ROAD_KIND   "road-graph" /* io/road: a road network (not solved itself) */

/* The newest format version of each kind this build reads and writes. */
enum { H5NET_FORMAT_VERSION = 1, H5NET_SUPPLY_FORMAT_VERSION = 1, H5NET_ROAD_FORMAT_VERSION = 1 };

/* Checks the root attributes of an open network file and returns its kind. AR_ERR_INPUT, one
 * message per defect, naming the file: not an antroute file, not a network file, a missing or
 * unknown kind, a format version outside 1..the kind's newest. */
ar_status h5net_header_check(hid_t file, char *kind, size_t cap);

/* Opens path collectively on comm, checks its header (h5net_header_check) and returns its kind;
 * every rank returns the same status. AR_ERR_IO for a file that cannot be opened. */
ar_status h5net_kind(const char *path, MPI_Comm comm, char *kind, size_t cap);

/* Opens path collectively and checks that it is a network of the given kind; *file stays open
 * on success (close with h5u_close). */
ar_status h5net_open_kind(const char *path, MPI_Comm comm, const char *kind, hid_t *file);

#endif
