/* SPDX-License-Identifier: BSD-3-Clause */
/* inspect_scalar: one value of a results file (see inspect_scalar.h). */
#include "inspect_scalar.h"

#include <stdlib.h>

#include "h5u.h"

int64_t inspect_scalar_i64(hid_t file, const char *path, ar_status *st) {
  hsize_t dims[1];
  void *data = NULL;
  int64_t v = 0;
  if (*st != AR_OK) return 0;
  *st = h5u_read(file, path, H5T_NATIVE_INT64, 0, dims, 1, &data);
  if (*st == AR_OK && data) v = *(int64_t *)data;
  free(data);
  return v;
}

double inspect_scalar_f64(hid_t file, const char *path, ar_status *st) {
  hsize_t dims[1];
  void *data = NULL;
  double v = 0;
  if (*st != AR_OK) return 0;
  *st = h5u_read(file, path, H5T_NATIVE_DOUBLE, 0, dims, 1, &data);
  if (*st == AR_OK && data) v = *(double *)data;
  free(data);
  return v;
}
