/* SPDX-License-Identifier: BSD-3-Clause */
/* report_read: optional values from a results file, for the report.
 *
 * Results files differ by kind and grow as the solvers do, so the report asks "is it there?"
 * before reading anything. The rread_find_* functions never fail: they return 1 and the value
 * when the object exists with a usable type and HDF5 reads it, 0 otherwise (and leave no error
 * message behind): for the summary a value HDF5 cannot read is one the file lacks.
 * rread_doubles() reads a whole numeric dataset of any number class as float64 and fails with
 * AR_ERR_INPUT naming the file and dataset when its rank is wrong or it is not numeric.
 */
#ifndef AR_REPORT_READ_H
#define AR_REPORT_READ_H

#include <hdf5.h>
#include <stddef.h>
#include <stdint.h>

#include "ar_error.h"
#include "h5field.h"

/* 1 when the link path (relative to loc, any depth) exists. */
int rread_exists(hid_t loc, const char *path);

/* A number stored either as a scalar (or one-element) dataset `obj/name` or as an attribute
 * `name` on object `obj` ("." for loc itself), integers and floats alike. */
int rread_find_number(hid_t loc, const char *obj, const char *name, double *value);

/* The number of a declared field (h5field.h): a scalar dataset at its path, or the attribute its
 * path names (either, as rread_find_number). */
int rread_field_number(hid_t loc, const h5field *f, double *value);

/* A string attribute `name` on object `obj` ("." for loc). */
int rread_find_string(hid_t loc, const char *obj, const char *name, char *buf, size_t cap);

/* The number of elements of dataset `path`, or -1 when it does not exist. */
int64_t rread_count(hid_t loc, const char *path);

/* Reads dataset `path` (expect_rank dimensions, at most max_elems elements) as doubles into a
 * malloc'ed array (NULL when empty); dims receives the shape. AR_ERR_INPUT naming the file and the
 * dataset (missing, wrong rank, too large), AR_ERR_HDF5, AR_ERR_NOMEM. */
ar_status rread_doubles(hid_t loc, const char *path, int expect_rank, hsize_t *dims,
                        uint64_t max_elems, double **data);

/* Reads 1-D dataset `path` of strings (fixed or variable length), or of integer codes decoded
 * through a `codes` (else `description`) attribute listing "0=AIR, 1=GROUND" or
 * "0 served, 1 no route" (a code without a name reads "code N"), into n
 * malloc'ed strings (free with rread_free_names). Fails with AR_ERR_INPUT naming the dataset. */
ar_status rread_strings(hid_t loc, const char *path, uint64_t max_elems, int64_t *n,
                        char ***strings);

/* The names of the members of group `path`, sorted, malloc'ed (free with rread_free_names).
 * Returns 0 names when the group does not exist. */
int rread_member_names(hid_t loc, const char *path, char ***names);
void rread_free_names(char **names, int n);

#endif
