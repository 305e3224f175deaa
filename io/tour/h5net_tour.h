/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_tour: the tour part of the antroute network file (HDF5), written by `import tsplib` and
 * read by `solve` on every rank. Layout (docs/formats.md, "Network file: tours"):
 *
 *   /                 h5meta attributes (format "antroute-network", format_version 1, ...),
 *                     kind = "tour", name, source (input path), comment
 *   /tour             attributes n (int64), metric (TSPLIB spelling), directed (int64 0/1),
 *                     optimum (int64, -1 if unknown), distance_units
 *   /tour/coords      float64 [n][2] (x, y; GEO: TSPLIB DDD.MM latitude, longitude), absent for
 *                     EXPLICIT
 *   /tour/weights     int32 [n][n], row = from, column = to; EXPLICIT only
 *   /tour/known_tour  int32 [n], 0-based node order (optional), attributes length (int64) and
 *                     source (string)
 *   /tour/lower_bound int64 [1], a proven lower bound on every tour (optional, t->lower),
 *                     attributes method (string), ascent_steps, exact_checks, sparse_edges (int64),
 *                     seconds (float64)
 *
 * Failures: AR_ERR_INPUT with "FILE: dataset /tour/... row R: what is wrong" for bad contents
 * (wrong shape or type, missing dataset or attribute, NaN or out-of-range coordinates, negative
 * weights, a known tour that is not a permutation or whose stored length is wrong, a lower bound
 * above the optimum or the known tour); AR_ERR_IO for
 * a file that cannot be opened or written; AR_ERR_HDF5 / AR_ERR_MPI for library failures.
 */
#ifndef AR_H5NET_TOUR_H
#define AR_H5NET_TOUR_H

#include <hdf5.h>
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#include "ar_error.h"
#include "h5net.h"
#include "h5net_tour_fields.h"
#include "param.h"
#include "tour_net.h"

/* The newest version of the format this module writes and reads (the kind's name and the unit of
 * distances are in h5net_tour_fields.h, beside the declarations that use them). */
enum { H5NET_TOUR_VERSION = 1 };

/* Writes t to path atomically (path.tmp, renamed when complete; an existing file survives any
 * failure). One process writes (MPI_COMM_SELF). The root `source` attribute is ps's first
 * positional argument (the input file of the command) when there is one, else "". ps may be
 * NULL (no `parameters` attribute). */
ar_status h5net_tour_write(const tour_net *t, const char *path, const param_set *ps);

/* Same, with the provenance given explicitly: source is the input the instance came from,
 * tour_source the file the known tour came from (either may be NULL for ""). AR_ERR_USAGE/AR_ERR_IO
 * for the output path, AR_ERR_IO/AR_ERR_HDF5 naming the file and the dataset. */
ar_status h5net_tour_write_from(const tour_net *t, const char *path, const param_set *ps,
                                const char *source, const char *tour_source);

/* Reads and validates a tour network. Every rank of comm calls it; the file is read
 * collectively through MPI-IO and every rank gets the whole instance. On failure *t is empty and
 * every rank returns an error (the same message where the ranks agree). Free with
 * tour_net_free(). */
ar_status h5net_tour_read(const char *path, MPI_Comm comm, tour_net *t);

/* Same, from a file that is already open whose header the caller checked (its kind may be that
 * of a wing whose networks hold the /tour layout, such as io/road's stops files); collective on
 * the file's communicator. AR_ERR_INPUT naming the file and the dataset that is missing, misshapen
 * or out of range; AR_ERR_NOMEM. */
ar_status h5net_tour_read_file(hid_t file, tour_net *t);

/* A short human summary of a tour network (for `antroute inspect`); validates like the reader.
 * Fails as h5net_tour_read_file. */
ar_status h5net_tour_inspect(hid_t file, FILE *out);

#endif
