/* SPDX-License-Identifier: BSD-3-Clause */
/* tsplib_optima: look-up of proven optimal tour lengths in an OPTIMA.tsv table.
 *
 * Format: tab-separated text, a header line "name n edge_weight_type optimal_tour_length", then
 * one line per instance (blank lines and lines starting with '#' are skipped).
 *
 * Failures: AR_ERR_INPUT "PATH:LINE: what is wrong" for a malformed table (wrong header, wrong
 * number of fields, non-numeric n or length); AR_ERR_IO if it cannot be read.
 */
#ifndef AR_TSPLIB_OPTIMA_H
#define AR_TSPLIB_OPTIMA_H

#include <stdint.h>

#include "ar_error.h"

typedef struct {
  int found;                 /* 1 when the name has a line */
  long line;                 /* its line number */
  int64_t n;                 /* the n column */
  char edge_weight_type[32]; /* the edge_weight_type column */
  int64_t optimal_length;    /* the optimal_tour_length column */
} tsplib_optimum;

/* Looks `name` up in the table at path (the whole table is validated). AR_ERR_IO when the table
 * cannot be read, AR_ERR_INPUT naming its file and line; a name not in the table is not a failure
 * (see tsplib_optimum). */
ar_status tsplib_optima_lookup(const char *path, const char *name, tsplib_optimum *out);

#endif
