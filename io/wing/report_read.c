/* SPDX-License-Identifier: BSD-3-Clause */
/* report_read: optional values from a results file (see report_read.h). */
#include "report_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "h5u.h"

int rread_exists(hid_t loc, const char *path) {
  if (strcmp(path, ".") == 0) return 1;
  return h5u_link_exists(loc, path);
}

static int is_number_class(hid_t type) {
  H5T_class_t cls = H5Tget_class(type);
  return cls == H5T_INTEGER || cls == H5T_FLOAT;
}

static int scalar_dataset(hid_t loc, const char *path, double *value) {
  hid_t dset = H5Dopen2(loc, path, H5P_DEFAULT);
  if (dset < 0) return 0;
  int found = 0;
  hid_t type = H5Dget_type(dset), space = H5Dget_space(dset);
  if (type >= 0 && space >= 0 && is_number_class(type) && H5Sget_simple_extent_npoints(space) == 1)
    found = H5Dread(dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, value) >= 0;
  if (type >= 0) H5Tclose(type);
  if (space >= 0) H5Sclose(space);
  H5Dclose(dset);
  return found;
}

int rread_find_number(hid_t loc, const char *obj, const char *name, double *value) {
  char path[512];
  if (strcmp(obj, ".") == 0)
    snprintf(path, sizeof path, "%s", name);
  else
    snprintf(path, sizeof path, "%s/%s", obj, name);
  if (!rread_exists(loc, obj)) return 0;
  if (h5u_link_exists(loc, path)) {
    H5O_info_t info;
    if (H5Oget_info_by_name2(loc, path, &info, H5O_INFO_BASIC, H5P_DEFAULT) >= 0 &&
        info.type == H5O_TYPE_DATASET)
      return scalar_dataset(loc, path, value);
  }
  if (H5Aexists_by_name(loc, obj, name, H5P_DEFAULT) <= 0) return 0;
  hid_t attr = H5Aopen_by_name(loc, obj, name, H5P_DEFAULT, H5P_DEFAULT);
  if (attr < 0) return 0;
  int found = 0;
  hid_t type = H5Aget_type(attr), space = H5Aget_space(attr);
  if (type >= 0 && space >= 0 && is_number_class(type) && H5Sget_simple_extent_npoints(space) == 1)
    found = H5Aread(attr, H5T_NATIVE_DOUBLE, value) >= 0;
  if (type >= 0) H5Tclose(type);
  if (space >= 0) H5Sclose(space);
  H5Aclose(attr);
  return found;
}

int rread_field_number(hid_t loc, const h5field *f, double *value) {
  const char *leaf = h5field_leaf(f);
  size_t len = (size_t)(leaf - f->path);
  char obj[512] = ".";
  if (len > 1) snprintf(obj, sizeof obj, "%.*s", (int)len - 1, f->path);
  return rread_find_number(loc, obj, leaf, value);
}

int rread_find_string(hid_t loc, const char *obj, const char *name, char *buf, size_t cap) {
  if (!rread_exists(loc, obj)) return 0;
  if (H5Aexists_by_name(loc, obj, name, H5P_DEFAULT) <= 0) return 0;
  hid_t o = H5Oopen(loc, obj, H5P_DEFAULT);
  if (o < 0) return 0;
  int found = h5u_attr_read_str(o, name, buf, cap) == AR_OK;
  H5Oclose(o);
  if (!found) ar_error_clear();
  return found;
}

int64_t rread_count(hid_t loc, const char *path) {
  if (!h5u_link_exists(loc, path)) return -1;
  hid_t dset = H5Dopen2(loc, path, H5P_DEFAULT);
  if (dset < 0) return -1;
  hid_t space = H5Dget_space(dset);
  int64_t n = space >= 0 ? (int64_t)H5Sget_simple_extent_npoints(space) : -1;
  if (space >= 0) H5Sclose(space);
  H5Dclose(dset);
  return n;
}

ar_status rread_doubles(hid_t loc, const char *path, int expect_rank, hsize_t *dims,
                        uint64_t max_elems, double **data) {
  *data = NULL;
  const char *file = h5u_file_name(loc);
  hid_t dset = H5Dopen2(loc, path, H5P_DEFAULT);
  if (dset < 0) return ar_fail(AR_ERR_INPUT, "%s: dataset %s is missing", file, path);
  hid_t type = H5Dget_type(dset), space = H5Dget_space(dset);
  ar_status st = AR_OK;
  int rank = space >= 0 ? H5Sget_simple_extent_ndims(space) : -1;
  if (type < 0 || space < 0) {
    st = ar_fail(AR_ERR_INPUT, "%s: cannot read the type of dataset %s", file, path);
  } else if (!is_number_class(type)) {
    st = ar_fail(AR_ERR_INPUT, "%s: dataset %s does not hold numbers", file, path);
  } else if (rank != expect_rank) {
    st = ar_fail(AR_ERR_INPUT, "%s: dataset %s has %d dimensions, expected %d", file, path, rank,
                 expect_rank);
  } else if (H5Sget_simple_extent_dims(space, dims, NULL) < 0) {
    st = ar_fail(AR_ERR_HDF5, "%s: cannot read the dimensions of dataset %s", file, path);
  } else {
    uint64_t total = 1;
    for (int i = 0; i < rank; i++)
      total *= dims[i];
    if (total > max_elems) {
      st = ar_fail(AR_ERR_INPUT, "%s: dataset %s has %llu elements, more than the %llu expected",
                   file, path, (unsigned long long)total, (unsigned long long)max_elems);
    } else if (total > 0 && (st = h5u_dataset_check_storage(dset, path)) == AR_OK) {
      *data = malloc(total * sizeof(double));
      if (!*data)
        st = ar_fail(AR_ERR_NOMEM, "%s: out of memory reading %s", file, path);
      else if (H5Dread(dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, *data) < 0)
        st = ar_fail(AR_ERR_INPUT, "%s: cannot read dataset %s (%s)", file, path,
                     h5u_error_detail());
    }
  }
  if (st != AR_OK) {
    free(*data);
    *data = NULL;
  }
  if (type >= 0) H5Tclose(type);
  if (space >= 0) H5Sclose(space);
  H5Dclose(dset);
  return st;
}

typedef struct {
  char **names;
  int n, cap;
} name_list;

static herr_t collect_name(hid_t group, const char *name, const H5L_info_t *info, void *data) {
  (void)group;
  (void)info;
  name_list *l = data;
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 16;
    char **grown = realloc(l->names, (size_t)cap * sizeof *grown);
    if (!grown) return -1;
    l->names = grown;
    l->cap = cap;
  }
  l->names[l->n] = strdup(name);
  if (!l->names[l->n]) return -1;
  l->n++;
  return 0;
}

int rread_member_names(hid_t loc, const char *path, char ***names) {
  *names = NULL;
  if (!rread_exists(loc, path)) return 0;
  hid_t g = H5Gopen2(loc, path, H5P_DEFAULT);
  if (g < 0) return 0;
  name_list l = {NULL, 0, 0};
  /* Name order is what a person expects for "2019-01", "2019-02", "m000", ... */
  if (H5Literate(g, H5_INDEX_NAME, H5_ITER_INC, NULL, collect_name, &l) < 0) {
    rread_free_names(l.names, l.n);
    l.names = NULL;
    l.n = 0;
  }
  H5Gclose(g);
  *names = l.names;
  return l.n;
}

void rread_free_names(char **names, int n) {
  for (int i = 0; i < n; i++)
    free(names[i]);
  free(names);
}

/* Where a code's name starts in a code list: "N=name" or "N name" at p (after spaces). */
static const char *code_entry(const char *p, long *k) {
  while (*p == ' ')
    p++;
  char *end;
  *k = strtol(p, &end, 10);
  if (end == p || (*end != '=' && *end != ' ')) return NULL;
  return end + 1;
}

/* The name of code k in a code list such as "0=DTD (door to door), 1=DTP, 2=CRF" or
 * "0 served, 1 no route, 4 not chosen (it fits, the goals leave it out)": a name runs to the
 * next ", N=" or ", N " or the end. Unknown codes read "code K". */
static void code_name(const char *codes, long k, char *buf, size_t cap) {
  snprintf(buf, cap, "code %ld", k);
  long v;
  const char *name = codes ? code_entry(codes, &v) : NULL;
  while (name) {
    const char *stop = name, *next = NULL;
    long nv = 0;
    while ((stop = strchr(stop, ',')) != NULL) {
      if ((next = code_entry(stop + 1, &nv)) != NULL) break;
      stop++;
    }
    size_t len = stop ? (size_t)(stop - name) : strlen(name);
    if (v == k) {
      snprintf(buf, cap, "%.*s", (int)len, name);
      return;
    }
    name = stop ? next : NULL;
    v = nv;
  }
}

ar_status rread_strings(hid_t loc, const char *path, uint64_t max_elems, int64_t *n,
                        char ***strings) {
  *n = 0;
  *strings = NULL;
  const char *file = h5u_file_name(loc);
  hid_t dset = H5Dopen2(loc, path, H5P_DEFAULT);
  if (dset < 0) return ar_fail(AR_ERR_INPUT, "%s: dataset %s is missing", file, path);
  hid_t type = H5Dget_type(dset), space = H5Dget_space(dset);
  ar_status st = AR_OK;
  hssize_t count = space >= 0 ? H5Sget_simple_extent_npoints(space) : -1;
  H5T_class_t cls = type >= 0 ? H5Tget_class(type) : H5T_NO_CLASS;
  char **out = NULL;
  if (count < 0 || H5Sget_simple_extent_ndims(space) != 1) {
    st = ar_fail(AR_ERR_INPUT, "%s: dataset %s must be one-dimensional", file, path);
  } else if ((uint64_t)count > max_elems) {
    st = ar_fail(AR_ERR_INPUT, "%s: dataset %s has %lld elements, more than the %llu expected",
                 file, path, (long long)count, (unsigned long long)max_elems);
  } else if (cls != H5T_STRING && cls != H5T_INTEGER) {
    st =
        ar_fail(AR_ERR_INPUT, "%s: dataset %s holds neither strings nor integer codes", file, path);
  } else if ((st = h5u_dataset_check_storage(dset, path)) != AR_OK) {
  } else if (!(out = calloc((size_t)count + 1, sizeof *out))) {
    st = ar_fail(AR_ERR_NOMEM, "%s: out of memory reading %s", file, path);
  } else if (cls == H5T_INTEGER) {
    char codes[1024] = "";
    if (!rread_find_string(loc, path, "codes", codes, sizeof codes))
      rread_find_string(loc, path, "description", codes, sizeof codes);
    long long *v = malloc(sizeof *v * (size_t)(count ? count : 1));
    if (!v || H5Dread(dset, H5T_NATIVE_LLONG, H5S_ALL, H5S_ALL, H5P_DEFAULT, v) < 0)
      st = ar_fail(v ? AR_ERR_INPUT : AR_ERR_NOMEM, "%s: cannot read dataset %s", file, path);
    for (hssize_t i = 0; st == AR_OK && i < count; i++) {
      char name[128];
      code_name(codes, (long)v[i], name, sizeof name);
      if (!(out[i] = strdup(name))) st = ar_fail(AR_ERR_NOMEM, "out of memory reading %s", path);
    }
    free(v);
  } else if (H5Tis_variable_str(type) > 0) {
    char **raw = calloc((size_t)count + 1, sizeof *raw);
    hid_t mtype = H5Tcopy(H5T_C_S1);
    if (mtype < 0 || H5Tset_size(mtype, H5T_VARIABLE) < 0 ||
        H5Tset_cset(mtype, H5Tget_cset(type)) < 0) {
      st = ar_fail(AR_ERR_INPUT, "%s: cannot make a string type to read %s", file, path);
    } else if (!raw || H5Dread(dset, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, raw) < 0) {
      st = ar_fail(raw ? AR_ERR_INPUT : AR_ERR_NOMEM, "%s: cannot read dataset %s", file, path);
    } else {
      for (hssize_t i = 0; st == AR_OK && i < count; i++)
        if (!(out[i] = strdup(raw[i] ? raw[i] : "")))
          st = ar_fail(AR_ERR_NOMEM, "out of memory reading %s", path);
      if (H5Dvlen_reclaim(mtype, space, H5P_DEFAULT, raw) < 0 && st == AR_OK)
        st = ar_fail(AR_ERR_HDF5, "%s: cannot free the strings read from %s", file, path);
    }
    if (mtype >= 0) H5Tclose(mtype);
    free(raw);
  } else {
    size_t width = H5Tget_size(type);
    char *block = calloc((size_t)(count ? count : 1), width + 1);
    hid_t mtype = H5Tcopy(H5T_C_S1);
    /* One byte more than stored: room for a terminator after NULLPAD strings. */
    if (width == 0 || mtype < 0 || H5Tset_size(mtype, width + 1) < 0 ||
        H5Tset_cset(mtype, H5Tget_cset(type)) < 0)
      st = ar_fail(AR_ERR_INPUT, "%s: cannot make a string type to read %s", file, path);
    else if (!block || H5Dread(dset, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, block) < 0)
      st = ar_fail(block ? AR_ERR_INPUT : AR_ERR_NOMEM, "%s: cannot read dataset %s", file, path);
    for (hssize_t i = 0; st == AR_OK && i < count; i++)
      if (!(out[i] = strdup(block + (size_t)i * (width + 1))))
        st = ar_fail(AR_ERR_NOMEM, "out of memory reading %s", path);
    if (mtype >= 0) H5Tclose(mtype);
    free(block);
  }
  if (type >= 0) H5Tclose(type);
  if (space >= 0) H5Sclose(space);
  H5Dclose(dset);
  if (st != AR_OK) {
    rread_free_names(out, out ? (int)count : 0);
    return st;
  }
  *n = count;
  *strings = out;
  return AR_OK;
}
