/* SPDX-License-Identifier: BSD-3-Clause */
/* tsplib_parse: TSPLIB 95 instances (.tsp, .atsp) and tours (.opt.tour) into a tour_net.
 *
 * Supported: TYPE TSP and ATSP; EDGE_WEIGHT_TYPE EUC_2D, CEIL_2D, ATT, GEO and EXPLICIT with
 * EDGE_WEIGHT_FORMAT FULL_MATRIX, UPPER_ROW, LOWER_ROW, UPPER_DIAG_ROW, LOWER_DIAG_ROW (and their
 * column-wise twins UPPER_COL, LOWER_COL, UPPER_DIAG_COL, LOWER_DIAG_COL). Explicit weights are
 * expanded to the full n x n int32 matrix; ATSP sets `directed`. TSPLIB's own spelling is kept
 * (see docs/formats.md, "TSPLIB input").
 *
 * The parsers work on a memory buffer that need not be NUL-terminated (the fuzz target feeds
 * them raw bytes) and depend on nothing but ar_error and tour_net (no MPI, no HDF5).
 *
 * Failures: AR_ERR_INPUT with a message "PATH:LINE: what is wrong" for malformed data (truncated
 * file, missing section, DIMENSION that disagrees with the data or is larger than the file could
 * hold, non-numeric fields, NaN/inf/negative or out-of-range values, duplicate or unknown node
 * ids, unknown type, metric or format); AR_ERR_NOMEM when an allocation fails; AR_ERR_IO when a
 * file cannot be read. On failure the output is left empty (nothing to free).
 */
#ifndef AR_TSPLIB_PARSE_H
#define AR_TSPLIB_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "ar_error.h"
#include "tour_net.h"

/* Largest absolute coordinate accepted: distances stay below 2^32 and tour lengths of
 * TOUR_MAX_N nodes fit in int64. */
#define TSPLIB_COORD_MAX 1.0e9

/* Parses an instance held in buf[0..len); `path` names it in messages. On success *t holds the
 * instance (name and comment from NAME/COMMENT, optimum -1, known_tour NULL); free it with
 * tour_net_free(). AR_ERR_INPUT naming path and the line, AR_ERR_NOMEM. */
ar_status tsplib_parse_instance(const char *buf, size_t len, const char *path, tour_net *t);

/* Parses a tour file (TYPE TOUR, TOUR_SECTION of 1-based node ids ended by -1) for an instance of
 * n nodes. On success *tour is a malloc'ed 0-based permutation of 0..n-1 (caller frees).
 * AR_ERR_INPUT naming path and the line (not a permutation of n nodes), AR_ERR_NOMEM. */
ar_status tsplib_parse_tour(const char *buf, size_t len, const char *path, int32_t n,
                            int32_t **tour);

/* Reads a whole file into a malloc'ed buffer (NUL-terminated for convenience; *len excludes the
 * NUL). AR_ERR_IO if it cannot be opened or read, AR_ERR_NOMEM if it does not fit in memory. */
ar_status tsplib_read_file(const char *path, char **buf, size_t *len);

/* File wrappers: tsplib_read_file() then the matching parser. They fail as those do (AR_ERR_IO for
 * an unreadable file). */
ar_status tsplib_load_instance(const char *path, tour_net *t);
ar_status tsplib_load_tour(const char *path, int32_t n, int32_t **tour);

#endif
