/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_digest: the CRC-32 of a checkpoint's attributes, types and shapes (see ckpt_digest.h). */
#include "ckpt_digest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "h5u.h"

typedef struct {
  uLong crc;
  int root;          /* attributes of the root group: skip the digest's own attribute */
  char failed[1024]; /* what went wrong, "" while all is well */
} digest_ctx;

static void feed(digest_ctx *d, const void *bytes, size_t len) {
  d->crc = crc32(d->crc, (const Bytef *)bytes, (uInt)len);
}

static void feed_text(digest_ctx *d, const char *text) { feed(d, text, strlen(text) + 1); }

/* "i8s", "f8", "s12": the class, size and sign of a type, which a change of type changes. */
static int type_text(hid_t type, char *buf, size_t cap) {
  H5T_class_t cls = H5Tget_class(type);
  size_t size = H5Tget_size(type);
  if (cls == H5T_INTEGER)
    snprintf(buf, cap, "i%zu%c", size, H5Tget_sign(type) == H5T_SGN_NONE ? 'u' : 's');
  else if (cls == H5T_FLOAT)
    snprintf(buf, cap, "f%zu", size);
  else if (cls == H5T_STRING && H5Tis_variable_str(type) == 0)
    snprintf(buf, cap, "s%zu", size);
  else
    return -1;
  return size > 0 ? 0 : -1;
}

/* The value of a scalar attribute as text: integers in decimal, floats exactly (%a), strings
 * as stored. */
static int value_text(hid_t attr, hid_t type, char *buf, size_t cap) {
  H5T_class_t cls = H5Tget_class(type);
  if (cls == H5T_INTEGER) {
    long long v = 0;
    if (H5Aread(attr, H5T_NATIVE_LLONG, &v) < 0) return -1;
    snprintf(buf, cap, "%lld", v);
    return 0;
  }
  if (cls == H5T_FLOAT) {
    double v = 0;
    if (H5Aread(attr, H5T_NATIVE_DOUBLE, &v) < 0) return -1;
    snprintf(buf, cap, "%a", v);
    return 0;
  }
  size_t size = H5Tget_size(type);
  if (size + 1 > cap) return -1;
  hid_t mtype = H5Tcopy(H5T_C_S1);
  int rc = mtype < 0 || H5Tset_size(mtype, size + 1) < 0 ||
                   H5Tset_cset(mtype, H5Tget_cset(type)) < 0 || H5Aread(attr, mtype, buf) < 0
               ? -1
               : 0;
  if (mtype >= 0) H5Tclose(mtype);
  buf[size] = '\0';
  return rc;
}

enum { VALUE_MAX = 1 << 20 };

static herr_t digest_attribute(hid_t loc, const char *name, const H5A_info_t *info, void *data) {
  (void)info;
  digest_ctx *d = data;
  if (d->root && strcmp(name, CKPT_DIGEST_ATTRIBUTE) == 0) return 0;
  hid_t attr = H5Aopen(loc, name, H5P_DEFAULT);
  hid_t type = attr >= 0 ? H5Aget_type(attr) : -1;
  hid_t space = attr >= 0 ? H5Aget_space(attr) : -1;
  char tt[32];
  char *value = malloc(VALUE_MAX);
  int ok = attr >= 0 && type >= 0 && space >= 0 && value &&
           H5Sget_simple_extent_npoints(space) == 1 && type_text(type, tt, sizeof tt) == 0 &&
           value_text(attr, type, value, VALUE_MAX) == 0;
  if (ok) {
    feed_text(d, name);
    feed_text(d, tt);
    feed_text(d, value);
  } else {
    snprintf(d->failed, sizeof d->failed,
             "attribute '%s' cannot be read or is not a scalar number or fixed-length string",
             name);
  }
  free(value);
  if (space >= 0) H5Sclose(space);
  if (type >= 0) H5Tclose(type);
  if (attr >= 0) H5Aclose(attr);
  return ok ? 0 : -1;
}

static int digest_attributes(hid_t obj, digest_ctx *d, int root) {
  d->root = root;
  hsize_t idx = 0;
  herr_t rc = H5Aiterate2(obj, H5_INDEX_NAME, H5_ITER_INC, &idx, digest_attribute, d);
  if (rc < 0 && !d->failed[0])
    snprintf(d->failed, sizeof d->failed, "its attributes cannot be listed (%s)",
             h5u_error_detail());
  return rc < 0 ? -1 : 0;
}

/* One dataset: its type, its shape, its attributes. */
static int digest_dataset(hid_t obj, const char *name, digest_ctx *d) {
  hid_t dset = H5Dopen2(obj, name, H5P_DEFAULT);
  hid_t type = dset >= 0 ? H5Dget_type(dset) : -1;
  hid_t space = dset >= 0 ? H5Dget_space(dset) : -1;
  hsize_t dims[H5S_MAX_RANK];
  int rank = space >= 0 ? H5Sget_simple_extent_dims(space, dims, NULL) : -1;
  char tt[32], shape[512] = "";
  int ok = rank >= 0 && type >= 0 && type_text(type, tt, sizeof tt) == 0 &&
           H5Tget_class(type) != H5T_STRING;
  for (int i = 0; ok && i < rank; i++)
    snprintf(shape + strlen(shape), sizeof shape - strlen(shape), "%llu,",
             (unsigned long long)dims[i]);
  if (ok) {
    feed_text(d, tt);
    feed_text(d, shape);
    ok = digest_attributes(dset, d, 0) == 0;
  } else {
    snprintf(d->failed, sizeof d->failed,
             "dataset /%s has an unreadable or unexpected type or "
             "shape",
             name);
  }
  if (space >= 0) H5Sclose(space);
  if (type >= 0) H5Tclose(type);
  if (dset >= 0) H5Dclose(dset);
  return ok ? 0 : -1;
}

static herr_t digest_object(hid_t obj, const char *name, const H5O_info_t *info, void *data) {
  digest_ctx *d = data;
  if (strcmp(name, ".") == 0) return 0; /* the root group: its attributes come first */
  feed_text(d, name);
  if (info->type == H5O_TYPE_GROUP) {
    feed_text(d, "group");
    return 0;
  }
  if (info->type != H5O_TYPE_DATASET) {
    snprintf(d->failed, sizeof d->failed, "/%s is neither a group nor a dataset", name);
    return -1;
  }
  feed_text(d, "dataset");
  return digest_dataset(obj, name, d) == 0 ? 0 : -1;
}

ar_status ckpt_digest(hid_t file, const char *path, uint32_t *crc) {
  digest_ctx d = {crc32(0L, Z_NULL, 0), 1, ""};
  int rc = digest_attributes(file, &d, 1);
  if (rc == 0 &&
      H5Ovisit2(file, H5_INDEX_NAME, H5_ITER_INC, digest_object, &d, H5O_INFO_BASIC) < 0 &&
      !d.failed[0])
    snprintf(d.failed, sizeof d.failed, "its objects cannot be listed (%s)", h5u_error_detail());
  if (d.failed[0]) return ar_fail(AR_ERR_INPUT, "%s: %s", path, d.failed);
  *crc = (uint32_t)d.crc;
  return AR_OK;
}
