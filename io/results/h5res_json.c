/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_json: any kind's results as JSON, fed by the wing's declarations (see h5res_json.h). */
#include "h5res_json.h"

#include <inttypes.h>
#include <math.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "h5u.h"
#include "textout.h"

enum { JSON_STR_CAP = 1 << 16 };
#define JSON_MAX_ELEMS (UINT64_C(1) << 31)

/* A JSON string: quotes and backslashes escaped, control characters as \u00XX. */
static void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c == '\n')
      fputs("\\n", f);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

/* The shortest of 15 or 17 digits that reads back as v (0.1, not 0.10000000000000001). */
static void json_number(FILE *f, double v) {
  if (!isfinite(v)) {
    fputs("null", f);
    return;
  }
  char buf[40];
  snprintf(buf, sizeof buf, "%.15g", v);
  if (strtod(buf, NULL) != v) snprintf(buf, sizeof buf, "%.17g", v);
  fputs(buf, f);
}

typedef struct {
  FILE *f;
  char *buf; /* JSON_STR_CAP bytes for string attributes */
  int count; /* members written so far */
  ar_status st;
} attr_ctx;

/* One scalar attribute as a member "name": value; others (arrays, compounds) are skipped. */
static herr_t attr_member(hid_t loc, const char *name, const H5A_info_t *info, void *data) {
  (void)info;
  attr_ctx *c = data;
  hid_t attr = H5Aopen(loc, name, H5P_DEFAULT);
  hid_t type = attr >= 0 ? H5Aget_type(attr) : -1;
  hid_t space = attr >= 0 ? H5Aget_space(attr) : -1;
  H5T_class_t cls = type >= 0 ? H5Tget_class(type) : H5T_NO_CLASS;
  hssize_t points = space >= 0 ? H5Sget_simple_extent_npoints(space) : -1;
  if (space >= 0) H5Sclose(space);
  if (type >= 0) H5Tclose(type);
  if (attr >= 0) H5Aclose(attr);
  if (attr < 0 || type < 0 || points < 0) {
    c->st = ar_fail(AR_ERR_INPUT, "%s: cannot read attribute %s", h5u_file_name(loc), name);
    return -1;
  }
  if (points != 1 || (cls != H5T_INTEGER && cls != H5T_FLOAT && cls != H5T_STRING)) return 0;
  int64_t i = 0;
  double x = 0;
  ar_status st = cls == H5T_INTEGER ? h5u_attr_read_i64(loc, name, &i)
                 : cls == H5T_FLOAT ? h5u_attr_read_f64(loc, name, &x)
                                    : h5u_attr_read_str(loc, name, c->buf, JSON_STR_CAP);
  if (st != AR_OK) {
    c->st = st;
    return -1;
  }
  fprintf(c->f, "%s\n    ", c->count++ ? "," : "");
  json_string(c->f, name);
  fputs(": ", c->f);
  if (cls == H5T_INTEGER)
    fprintf(c->f, "%" PRId64, i);
  else if (cls == H5T_FLOAT)
    json_number(c->f, x);
  else
    json_string(c->f, c->buf);
  return 0;
}

/* "key": {every scalar attribute of object path}, or {} when it is absent. */
static ar_status json_attrs(FILE *f, hid_t file, const char *key, const char *path, char *buf) {
  fprintf(f, ",\n  \"%s\": {", key);
  attr_ctx c = {f, buf, 0, AR_OK};
  if (strcmp(path, "/") == 0 || h5u_link_exists(file, path)) {
    hid_t obj = H5Oopen(file, path, H5P_DEFAULT);
    if (obj < 0) return ar_fail(AR_ERR_INPUT, "%s: cannot open %s", h5u_file_name(file), path);
    hsize_t idx = 0;
    herr_t rc = H5Aiterate2(obj, H5_INDEX_NAME, H5_ITER_INC, &idx, attr_member, &c);
    H5Oclose(obj);
    if (rc < 0 && c.st == AR_OK)
      c.st =
          ar_fail(AR_ERR_INPUT, "%s: cannot list the attributes of %s", h5u_file_name(file), path);
  }
  fputs(c.count ? "\n  }" : "}", f);
  return c.st;
}

/* The value of attribute fd. */
static ar_status json_attr_field(FILE *f, hid_t file, const h5field *fd, char *buf) {
  int64_t i = 0;
  double x = 0;
  ar_status st = fd->type == H5FIELD_STR   ? h5field_attr_read_str(file, fd, buf, JSON_STR_CAP)
                 : fd->type == H5FIELD_F64 ? h5field_attr_read_f64(file, fd, &x)
                                           : h5field_attr_read_i64(file, fd, &i);
  if (st != AR_OK) return st;
  if (fd->type == H5FIELD_STR)
    json_string(f, buf);
  else if (fd->type == H5FIELD_F64)
    json_number(f, x);
  else
    fprintf(f, "%" PRId64, i);
  return AR_OK;
}

static double element(h5field_type t, const void *data, hsize_t k) {
  switch (t) {
  case H5FIELD_I8: return ((const int8_t *)data)[k];
  case H5FIELD_I32: return ((const int32_t *)data)[k];
  case H5FIELD_I64: return (double)((const int64_t *)data)[k];
  default: return ((const double *)data)[k];
  }
}

/* The value of dataset fd: a number, or an array for rank 1. */
static ar_status json_dataset_field(FILE *f, hid_t file, const h5field *fd) {
  hsize_t dims[2] = {0, 0}, n = 0;
  if (fd->type == H5FIELD_STR) {
    char **s = NULL;
    ar_status st = h5field_read_strings(file, fd, JSON_MAX_ELEMS, &n, &s);
    if (st != AR_OK) return st;
    fputc('[', f);
    for (hsize_t k = 0; k < n; k++) {
      if (k) fputs(", ", f);
      json_string(f, s[k]);
    }
    fputc(']', f);
    h5u_free_strings(s, n);
    return AR_OK;
  }
  void *data = NULL;
  ar_status st = h5field_read(file, fd, dims, JSON_MAX_ELEMS, &data);
  if (st != AR_OK) return st;
  n = fd->rank == 0 ? 1 : dims[0];
  if (fd->rank > 0) fputc('[', f);
  for (hsize_t k = 0; k < n && data; k++) {
    if (k) fputs(", ", f);
    if (fd->type == H5FIELD_I64) /* exactly, beyond 2^53 too */
      fprintf(f, "%" PRId64, ((const int64_t *)data)[k]);
    else
      json_number(f, element(fd->type, data, k));
  }
  if (fd->rank > 0) fputc(']', f);
  free(data);
  return AR_OK;
}

static ar_status json_field(FILE *f, hid_t file, const h5field *fd, char *buf) {
  return (fd->flags & H5FIELD_ATTRIBUTE) ? json_attr_field(f, file, fd, buf)
                                         : json_dataset_field(f, file, fd);
}

/* "answer" and "units": the declared fields present in the file. */
static ar_status json_answer(FILE *f, hid_t file, const h5res_json_spec *spec, char *buf) {
  ar_status st = AR_OK;
  int n = 0;
  fputs(",\n  \"answer\": {", f);
  for (const h5field *const *a = spec->answer; st == AR_OK && a && *a; a++) {
    if ((*a)->rank > 1 || ((*a)->flags & H5FIELD_PER_GROUP) || !h5field_exists(file, *a)) continue;
    fprintf(f, "%s\n    \"%s\": ", n++ ? "," : "", (*a)->name);
    st = json_field(f, file, *a, buf);
  }
  fputs(n ? "\n  }" : "}", f);
  n = 0;
  fputs(",\n  \"units\": {", f);
  for (const h5field *const *a = spec->answer; st == AR_OK && a && *a; a++) {
    if (!(*a)->unit || !h5field_exists(file, *a)) continue;
    fprintf(f, "%s\n    \"%s\": ", n++ ? "," : "", (*a)->name);
    json_string(f, (*a)->unit);
  }
  fputs(n ? "\n  }" : "}", f);
  return st;
}

static ar_status json_write(FILE *f, hid_t file, const char *results, const h5res_json_spec *spec,
                            char *buf) {
  if (!h5field_exists(file, spec->cost))
    return ar_fail(AR_ERR_INPUT, "%s: has no %s (no best %s answer to export)", results,
                   spec->cost->path, spec->kind);
  fputs("{\n  \"results\": ", f);
  json_string(f, results);
  fputs(",\n  \"kind\": ", f);
  json_string(f, spec->kind);
  fputs(",\n  \"cost\": ", f);
  ar_status st = json_field(f, file, spec->cost, buf);
  const char *unit = spec->cost_unit ? spec->cost_unit : spec->cost->unit;
  fputs(",\n  \"cost_unit\": ", f);
  if (unit)
    json_string(f, unit);
  else
    fputs("null", f);
  if (st == AR_OK) st = json_answer(f, file, spec, buf);
  if (st == AR_OK) st = json_attrs(f, file, "run", "/run", buf);
  if (st == AR_OK) st = json_attrs(f, file, "file", "/", buf);
  fputs("\n}\n", f);
  return st;
}

ar_status h5res_json_export(const char *results, const char *path, const h5res_json_spec *spec) {
  hid_t file = -1;
  ar_status st = h5u_open_read(results, MPI_COMM_SELF, &file);
  if (st != AR_OK) return st;
  char *buf = malloc(JSON_STR_CAP);
  textout out = {0};
  if (!buf) st = ar_fail(AR_ERR_NOMEM, "out of memory");
  if (st == AR_OK) st = textout_open(&out, path);
  if (st == AR_OK) st = json_write(out.f, file, results, spec, buf);
  st = textout_close(&out, st);
  free(buf);
  h5u_close(file);
  return st;
}
