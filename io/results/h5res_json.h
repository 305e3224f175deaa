/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_json: a results file of any kind as one JSON object (`antroute export RESULTS.h5 --json
 * FILE.json`; docs/formats.md, "JSON export"). Kind-free: a wing names its cost and its answer
 * by their declarations (h5field.h), this module writes them with
 *
 *   "results", "kind"      the results file and its kind
 *   "cost", "cost_unit"    the best cost and its unit
 *   "answer"               each declared field present in the file, by its declared name
 *                          (scalars, and one-dimensional datasets as arrays)
 *   "units"                the declared unit of each answer field that has one
 *   "run"                  every scalar attribute of /run (parameters resolved, totals)
 *   "file"                 every scalar attribute of the root (format, versions, input, ...)
 *
 * Numbers that are not finite are written as null. Runs on one rank (MPI_COMM_SELF). */
#ifndef AR_H5RES_JSON_H
#define AR_H5RES_JSON_H

#include "ar_error.h"
#include "h5field.h"

typedef struct {
  const char *kind;             /* the wing's name */
  const h5field *cost;          /* the best cost: a scalar dataset or attribute */
  const char *cost_unit;        /* its unit; NULL: the declaration's */
  const h5field *const *answer; /* the answer and its companions, ended by NULL */
} h5res_json_spec;

/* Writes the JSON of results to path (textout.h: PATH.tmp, then a rename). AR_ERR_INPUT naming
 * the file when it is not readable HDF5 or lacks the cost; AR_ERR_IO, AR_ERR_USAGE (the output
 * rule), AR_ERR_NOMEM. Optional answer fields that are absent are left out. */
ar_status h5res_json_export(const char *results, const char *path, const h5res_json_spec *spec);

#endif
