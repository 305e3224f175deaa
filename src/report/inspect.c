/* inspect: dispatch on the file's format; the per-format summaries live beside their writers. */
#include "inspect.h"

#include <stdlib.h>
#include <string.h>

#include "h5meta.h"
#include "h5net.h"
#include "h5u.h"

ar_status inspect_header(hid_t file, char *format, size_t cap, int64_t *version) {
  ar_status st = h5meta_read(file, format, cap, version);
  if (st != AR_OK) return st;
  if (strcmp(format, H5META_NETWORK) == 0) {
    char kind[64];
    return h5net_header_check(file, kind, sizeof kind);
  }
  if (*version < 1)
    return ar_fail(AR_ERR_INPUT, "%s: %s format version %lld is not supported", h5u_file_name(file),
                   format, (long long)*version);
  return AR_OK;
}

ar_status inspect_summary(hid_t file, const char *format, FILE *out) {
  if (strcmp(format, H5META_NETWORK) == 0) return inspect_network(file, out);
  if (strcmp(format, H5META_RESULTS) == 0) return inspect_results(file, out);
  if (strcmp(format, H5META_CHECKPOINT) == 0) return inspect_checkpoint(file, out);
  return ar_fail(AR_ERR_INPUT, "unknown antroute file format '%s'", format);
}

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
