/* SPDX-License-Identifier: BSD-3-Clause */
/* h5field: a dataset or attribute of an antroute file, declared once (docs/architecture.md,
 * "Field declarations").
 *
 * The module that owns a dataset declares it as a `h5field` (name, path, type, symbolic shape,
 * unit, meaning, flags) in a table (`h5field_table`); its writer writes it by that declaration
 * (h5field_write: the `units` and `description` attributes come from it), its readers read and
 * check it by the same declaration (h5field_read), and `antroute formats` prints the tables as
 * the Markdown of docs/formats.md and as the JSON schema the report script reads. A path string
 * of a file layout therefore appears once, in its declaration.
 *
 * Paths are absolute ("/best/lower_bound"). An attribute is declared with H5FIELD_ATTRIBUTE and
 * the path of its object followed by its name ("/run/seconds": attribute `seconds` of `/run`).
 * A component of a path that stands for many groups is written in capitals ("/months/YYYY-MM/
 * trace/time"); such a field (H5FIELD_PER_GROUP) is written and read by its last component
 * under the group the caller opened.
 *
 * Units: a dataset carries `units` and `description` attributes. An attribute cannot carry
 * attributes, so an attribute NAME of a group (or of the root) is followed by string attributes
 * NAME_units (numbers) and NAME_description beside it (docs/formats.md, "Units"); an attribute
 * of a dataset is itself metadata of that dataset and has neither.
 */
#ifndef AR_H5FIELD_H
#define AR_H5FIELD_H

#include <hdf5.h>
#include <stdint.h>
#include <stdio.h>

#include "ar_error.h"

typedef enum {
  H5FIELD_I8,
  H5FIELD_I32,
  H5FIELD_I64,
  H5FIELD_F64,
  H5FIELD_STR, /* fixed-length strings (a dataset [n]) or one string (an attribute) */
  H5FIELD_F32  /* checkpoints' trails */
} h5field_type;

enum {
  H5FIELD_ATTRIBUTE = 1u << 0, /* an attribute: the last path component of the object's path */
  H5FIELD_OPTIONAL = 1u << 1,  /* may be absent (docs say when it is present) */
  /* No attributes of its own: the meaning is a string attribute of the parent group named like
   * the dataset (/best/tour: `h5dump -y` prints exactly the numbers). */
  H5FIELD_MEANING_ON_PARENT = 1u << 2,
  H5FIELD_PER_GROUP = 1u << 3,     /* the path holds a placeholder component (YYYY-MM) */
  H5FIELD_NO_DESCRIPTION = 1u << 4 /* written without a `description` attribute */
};

/* The unit of a field that holds the network's cost (a tour length, a route's seconds or metres):
 * the writer names the actual unit (h5field_with_unit). */
#define H5FIELD_UNIT_COST "the network's cost unit"
/* The suffixes of the attributes beside a group's attribute NAME. */
#define H5FIELD_UNITS_SUFFIX       "_units"
#define H5FIELD_DESCRIPTION_SUFFIX "_description"

typedef struct {
  const char *name;    /* unique in its table, a C-like identifier: the report script's key */
  const char *path;    /* "/best/tour"; an attribute: "/run/seconds" */
  h5field_type type;   /* the type in the file (and in memory: native of the same size) */
  int rank;            /* 0: scalar; 1 or 2 (3: a checkpoint dataset, declared, not written here) */
  const char *shape;   /* the dimensions' meaning: "[n]", "[E][C]" (NULL for a scalar) */
  const char *unit;    /* the `units` attribute (NULL: none) */
  const char *meaning; /* the `description` attribute, and the docs' meaning */
  const char *doc;     /* more words for the docs only (NULL: none) */
  unsigned flags;
} h5field;

typedef struct {
  const char *id;    /* "tour:results": the docs' marker is <!-- formats:ID --> */
  const char *title; /* "Results file: tour" */
  const h5field *fields;
  int count;
} h5field_table;

#define H5FIELD_TABLE(id, title, array)                                                            \
  { (id), (title), (array), (int)(sizeof(array) / sizeof((array)[0])) }

/* The native HDF5 type of t (H5T_NATIVE_INT8 ...); for H5FIELD_STR, H5T_C_S1. */
hid_t h5field_native(h5field_type t);

/* "int32", "float64", "string": the docs' spelling. */
const char *h5field_type_name(h5field_type t);

/* The last path component: "tour" of "/best/tour". */
const char *h5field_leaf(const h5field *f);

/* The field of that name in t, or NULL. */
const h5field *h5field_find(const h5field_table *t, const char *name);

/* A copy of f whose unit is `unit` when f's is H5FIELD_UNIT_COST and unit is not NULL (else f
 * unchanged). Cannot fail. */
h5field h5field_with_unit(const h5field *f, const char *unit);

/* Writes the string attributes NAME_units (when unit is not NULL) and NAME_description (when
 * meaning is not NULL) on loc when loc is a group or a file (its root); nothing on a dataset.
 * For attributes written without a declaration of their own (goal1, goal2, ...). Failures as
 * h5u_attr_write_str. */
ar_status h5field_attr_annotate(hid_t loc, const char *name, const char *unit, const char *meaning);

/* Writes dataset f (not an attribute) collectively, as h5u_write: dims has f->rank entries; only
 * ranks with data != NULL write. The path is absolute from loc's file, or (H5FIELD_PER_GROUP)
 * its last component under loc; its group must exist. For H5FIELD_STR, data is an array of
 * dims[0] strings (h5u_write_strings). AR_ERR_INTERNAL naming the field when it is an attribute;
 * else as h5u_write: AR_ERR_IO/AR_ERR_HDF5 naming the file and dataset, AR_ERR_MPI. */
ar_status h5field_write(hid_t loc, const h5field *f, const hsize_t *dims, const void *data);

/* Writes attribute f (H5FIELD_ATTRIBUTE) on loc, which must be the object its path names (or,
 * with H5FIELD_PER_GROUP, the group opened for it), and on a group its NAME_units (numbers with
 * a unit) and NAME_description (h5field_attr_annotate). AR_ERR_INTERNAL naming the field when the
 * type does not match the call; else as h5u_attr_write_*. */
ar_status h5field_attr_i64(hid_t loc, const h5field *f, int64_t value);
ar_status h5field_attr_f64(hid_t loc, const h5field *f, double value);
ar_status h5field_attr_str(hid_t loc, const h5field *f, const char *value);

/* Reads attribute f (H5FIELD_ATTRIBUTE) of the object its path names in loc's file (under loc for
 * H5FIELD_PER_GROUP). AR_ERR_INPUT naming the file and the object when the object or attribute
 * is missing or of another type (as h5u_attr_read_*); AR_ERR_INTERNAL when f is a dataset. */
ar_status h5field_attr_read_i64(hid_t loc, const h5field *f, int64_t *value);
ar_status h5field_attr_read_f64(hid_t loc, const h5field *f, double *value);
ar_status h5field_attr_read_str(hid_t loc, const h5field *f, char *buf, size_t cap);

/* Whether the dataset or attribute f exists in loc's file (under loc for H5FIELD_PER_GROUP). */
int h5field_exists(hid_t loc, const h5field *f);

/* Checks dataset f: it exists, has f->rank dimensions and numbers of f's class (integer, float
 * or string). AR_ERR_INPUT naming the file and the dataset and what it holds instead. */
ar_status h5field_check(hid_t loc, const h5field *f);

/* Checks f (h5field_check) and reads all of it into *data (malloc'ed, the caller frees; NULL
 * when empty), converted to f's native type, after h5u_read's checks (at most max_elems
 * elements, storage that holds them). dims receives the shape (f->rank entries, at least one).
 * Not for strings (h5field_read_strings). Failures as h5field_check and h5u_read. */
ar_status h5field_read(hid_t loc, const h5field *f, hsize_t *dims, uint64_t max_elems, void **data);

/* Reads string dataset f (rank 1) as h5u_read_strings. Failures as h5field_check. */
ar_status h5field_read_strings(hid_t loc, const h5field *f, uint64_t max_elems, hsize_t *n,
                               char ***strings);

#endif
