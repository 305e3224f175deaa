/* SPDX-License-Identifier: BSD-3-Clause */
/* h5field: datasets and attributes by their declarations (see h5field.h). */
#include "h5field.h"

#include <stdio.h>
#include <string.h>

#include "h5u.h"

hid_t h5field_native(h5field_type t) {
  switch (t) {
  case H5FIELD_I8: return H5T_NATIVE_INT8;
  case H5FIELD_I32: return H5T_NATIVE_INT32;
  case H5FIELD_I64: return H5T_NATIVE_INT64;
  case H5FIELD_F64: return H5T_NATIVE_DOUBLE;
  case H5FIELD_F32: return H5T_NATIVE_FLOAT;
  case H5FIELD_STR: break;
  }
  return H5T_C_S1;
}

const char *h5field_type_name(h5field_type t) {
  static const char *const names[] = {"int8", "int32", "int64", "float64", "string", "float32"};
  return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "?";
}

const char *h5field_leaf(const h5field *f) {
  const char *slash = strrchr(f->path, '/');
  return slash ? slash + 1 : f->path;
}

const h5field *h5field_find(const h5field_table *t, const char *name) {
  for (int i = 0; i < t->count; i++)
    if (strcmp(t->fields[i].name, name) == 0) return &t->fields[i];
  return NULL;
}

/* The location a field's relative path starts from (the file's root group, or loc for a field
 * under a placeholder), and that path: "best/tour", or the leaf. Close *base with H5Oclose when
 * it is not loc. */
static ar_status field_base(hid_t loc, const h5field *f, hid_t *base, const char **rel) {
  if (f->flags & H5FIELD_PER_GROUP) {
    *base = loc;
    *rel = h5field_leaf(f);
    return AR_OK;
  }
  *base = H5Oopen(loc, "/", H5P_DEFAULT);
  *rel = f->path[0] == '/' ? f->path + 1 : f->path;
  if (*base < 0) return ar_fail(AR_ERR_HDF5, "%s: cannot open the root group", h5u_file_name(loc));
  return AR_OK;
}

static void field_base_close(hid_t loc, hid_t base) {
  if (base >= 0 && base != loc) H5Oclose(base);
}

ar_status h5field_write(hid_t loc, const h5field *f, const hsize_t *dims, const void *data) {
  if (f->flags & H5FIELD_ATTRIBUTE)
    return ar_fail(AR_ERR_INTERNAL, "field %s (%s) is an attribute, not a dataset", f->name,
                   f->path);
  hid_t base = -1;
  const char *rel = NULL;
  ar_status st = field_base(loc, f, &base, &rel);
  if (st != AR_OK) return st;
  int bare = (f->flags & H5FIELD_MEANING_ON_PARENT) != 0;
  const char *desc = bare || (f->flags & H5FIELD_NO_DESCRIPTION) ? NULL : f->meaning;
  if (f->type == H5FIELD_STR)
    st = h5u_write_strings(base, rel, (const char *const *)data, dims[0], desc);
  else
    st = h5u_write(base, rel, h5field_native(f->type), f->rank, dims, data, bare ? NULL : f->unit,
                   desc);
  /* The meaning of a bare dataset is an attribute of its group, named like it. */
  if (st == AR_OK && bare) {
    char parent[H5U_PATH_MAX];
    size_t len = (size_t)(h5field_leaf(f) - rel);
    snprintf(parent, sizeof parent, "%.*s", (int)(len > 0 ? len - 1 : 0), rel);
    hid_t g = H5Oopen(base, len > 0 ? parent : ".", H5P_DEFAULT);
    st = g < 0
             ? ar_fail(AR_ERR_HDF5, "%s: cannot open the group of %s", h5u_file_name(loc), f->path)
             : h5u_attr_write_str(g, h5field_leaf(f), f->meaning);
    /* Its unit beside it, as for a group's attribute (NAME_units). */
    if (st == AR_OK) st = h5field_attr_annotate(g, h5field_leaf(f), f->unit, NULL);
    if (g >= 0) H5Oclose(g);
  }
  field_base_close(loc, base);
  return st;
}

h5field h5field_with_unit(const h5field *f, const char *unit) {
  h5field out = *f;
  if (unit && f->unit && strcmp(f->unit, H5FIELD_UNIT_COST) == 0) out.unit = unit;
  return out;
}

ar_status h5field_attr_annotate(hid_t loc, const char *name, const char *unit,
                                const char *meaning) {
  H5I_type_t t = H5Iget_type(loc);
  if (t != H5I_GROUP && t != H5I_FILE) return AR_OK; /* a dataset's attribute: metadata already */
  char key[H5U_PATH_MAX];
  ar_status st = AR_OK;
  if (unit) {
    snprintf(key, sizeof key, "%s" H5FIELD_UNITS_SUFFIX, name);
    st = h5u_attr_write_str(loc, key, unit);
  }
  if (st == AR_OK && meaning) {
    snprintf(key, sizeof key, "%s" H5FIELD_DESCRIPTION_SUFFIX, name);
    st = h5u_attr_write_str(loc, key, meaning);
  }
  return st;
}

/* The unit and meaning beside attribute f (strings have no unit). */
static ar_status attr_annotate(hid_t loc, const h5field *f) {
  const char *meaning = f->flags & H5FIELD_NO_DESCRIPTION ? NULL : f->meaning;
  return h5field_attr_annotate(loc, h5field_leaf(f), f->type == H5FIELD_STR ? NULL : f->unit,
                               meaning);
}

static ar_status attr_check(const h5field *f, h5field_type want) {
  int typed = f->type == want || (want == H5FIELD_I64 && f->type != H5FIELD_F64 &&
                                  f->type != H5FIELD_F32 && f->type != H5FIELD_STR);
  if ((f->flags & H5FIELD_ATTRIBUTE) && typed) return AR_OK;
  return ar_fail(AR_ERR_INTERNAL, "field %s (%s) is not a %s attribute", f->name, f->path,
                 h5field_type_name(want));
}

ar_status h5field_attr_i64(hid_t loc, const h5field *f, int64_t value) {
  ar_status st = attr_check(f, H5FIELD_I64);
  if (st == AR_OK) st = h5u_attr_write_i64(loc, h5field_leaf(f), value);
  return st == AR_OK ? attr_annotate(loc, f) : st;
}

ar_status h5field_attr_f64(hid_t loc, const h5field *f, double value) {
  ar_status st = attr_check(f, H5FIELD_F64);
  if (st == AR_OK) st = h5u_attr_write_f64(loc, h5field_leaf(f), value);
  return st == AR_OK ? attr_annotate(loc, f) : st;
}

ar_status h5field_attr_str(hid_t loc, const h5field *f, const char *value) {
  ar_status st = attr_check(f, H5FIELD_STR);
  if (st == AR_OK) st = h5u_attr_write_str(loc, h5field_leaf(f), value);
  return st == AR_OK ? attr_annotate(loc, f) : st;
}

/* Opens the object that holds attribute f: *obj, closed by the caller with H5Oclose. */
static ar_status attr_object(hid_t loc, const h5field *f, hid_t *obj) {
  *obj = -1;
  if (!(f->flags & H5FIELD_ATTRIBUTE))
    return ar_fail(AR_ERR_INTERNAL, "field %s (%s) is a dataset, not an attribute", f->name,
                   f->path);
  hid_t base = -1;
  const char *rel = NULL;
  ar_status st = field_base(loc, f, &base, &rel);
  if (st != AR_OK) return st;
  char path[H5U_PATH_MAX];
  size_t len = (size_t)(h5field_leaf(f) - rel);
  snprintf(path, sizeof path, "%.*s", (int)(len > 0 ? len - 1 : 0), rel);
  int there = len <= 1 || h5u_link_exists(base, path);
  *obj = there ? H5Oopen(base, len > 1 ? path : ".", H5P_DEFAULT) : -1;
  field_base_close(loc, base);
  if (*obj < 0)
    return ar_fail(AR_ERR_INPUT, "%s: %s (the object of attribute %s) is missing",
                   h5u_file_name(loc), len > 1 ? path : "/", h5field_leaf(f));
  return AR_OK;
}

ar_status h5field_attr_read_i64(hid_t loc, const h5field *f, int64_t *value) {
  hid_t obj = -1;
  ar_status st = attr_object(loc, f, &obj);
  if (st == AR_OK) st = h5u_attr_read_i64(obj, h5field_leaf(f), value);
  if (obj >= 0) H5Oclose(obj);
  return st;
}

ar_status h5field_attr_read_f64(hid_t loc, const h5field *f, double *value) {
  hid_t obj = -1;
  ar_status st = attr_object(loc, f, &obj);
  if (st == AR_OK) st = h5u_attr_read_f64(obj, h5field_leaf(f), value);
  if (obj >= 0) H5Oclose(obj);
  return st;
}

ar_status h5field_attr_read_str(hid_t loc, const h5field *f, char *buf, size_t cap) {
  hid_t obj = -1;
  ar_status st = attr_object(loc, f, &obj);
  if (st == AR_OK) st = h5u_attr_read_str(obj, h5field_leaf(f), buf, cap);
  if (obj >= 0) H5Oclose(obj);
  return st;
}

int h5field_exists(hid_t loc, const h5field *f) {
  hid_t base = -1;
  const char *rel = NULL;
  if (field_base(loc, f, &base, &rel) != AR_OK) {
    ar_error_clear();
    return 0;
  }
  int found = 0;
  if (f->flags & H5FIELD_ATTRIBUTE) {
    char obj[H5U_PATH_MAX];
    size_t len = (size_t)(h5field_leaf(f) - rel);
    snprintf(obj, sizeof obj, "%.*s", (int)(len > 0 ? len - 1 : 0), rel);
    int there = len > 1 ? h5u_link_exists(base, obj) : 1;
    found = there && H5Aexists_by_name(base, len > 1 ? obj : ".", h5field_leaf(f), H5P_DEFAULT) > 0;
  } else {
    found = h5u_link_exists(base, rel);
  }
  field_base_close(loc, base);
  return found;
}

static H5T_class_t field_class(h5field_type t) {
  return t == H5FIELD_F64 || t == H5FIELD_F32 ? H5T_FLOAT
         : t == H5FIELD_STR                   ? H5T_STRING
                                              : H5T_INTEGER;
}

static const char *class_name(H5T_class_t c) {
  return c == H5T_INTEGER  ? "integers"
         : c == H5T_FLOAT  ? "floating-point numbers"
         : c == H5T_STRING ? "strings"
                           : "another type";
}

ar_status h5field_check(hid_t loc, const h5field *f) {
  hid_t base = -1;
  const char *rel = NULL;
  ar_status st = field_base(loc, f, &base, &rel);
  if (st != AR_OK) return st;
  const char *file = h5u_file_name(loc);
  hid_t d = h5u_link_exists(base, rel) ? H5Dopen2(base, rel, H5P_DEFAULT) : -1;
  if (d < 0) {
    field_base_close(loc, base);
    return ar_fail(AR_ERR_INPUT, "%s: dataset %s is missing (or not a dataset)", file, f->path);
  }
  hid_t space = H5Dget_space(d), type = H5Dget_type(d);
  int rank = space >= 0 ? H5Sget_simple_extent_ndims(space) : -1;
  H5T_class_t cls = type >= 0 ? H5Tget_class(type) : H5T_NO_CLASS;
  if (rank != f->rank)
    st = ar_fail(AR_ERR_INPUT, "%s: dataset %s has %d dimensions, its declaration %d %s", file,
                 f->path, rank, f->rank, f->shape ? f->shape : "(a scalar)");
  else if (cls != field_class(f->type))
    st = ar_fail(AR_ERR_INPUT, "%s: dataset %s holds %s, its declaration %s", file, f->path,
                 class_name(cls), h5field_type_name(f->type));
  if (type >= 0) H5Tclose(type);
  if (space >= 0) H5Sclose(space);
  H5Dclose(d);
  field_base_close(loc, base);
  return st;
}

ar_status h5field_read(hid_t loc, const h5field *f, hsize_t *dims, uint64_t max_elems,
                       void **data) {
  *data = NULL;
  if (f->type == H5FIELD_STR)
    return ar_fail(AR_ERR_INTERNAL, "field %s (%s) holds strings", f->name, f->path);
  ar_status st = h5field_check(loc, f);
  hid_t base = -1;
  const char *rel = NULL;
  if (st == AR_OK) st = field_base(loc, f, &base, &rel);
  if (st != AR_OK) return st;
  st = h5u_read(base, rel, h5field_native(f->type), f->rank, dims, max_elems, data);
  field_base_close(loc, base);
  return st;
}

ar_status h5field_read_strings(hid_t loc, const h5field *f, uint64_t max_elems, hsize_t *n,
                               char ***strings) {
  *strings = NULL;
  *n = 0;
  ar_status st = h5field_check(loc, f);
  hid_t base = -1;
  const char *rel = NULL;
  if (st == AR_OK) st = field_base(loc, f, &base, &rel);
  if (st != AR_OK) return st;
  st = h5u_read_strings(base, rel, max_elems, n, strings);
  field_base_close(loc, base);
  return st;
}
