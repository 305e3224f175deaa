/* SPDX-License-Identifier: BSD-3-Clause */
/* inspect: dispatch on the file's format; the per-format summaries live in their own files, the
 * kinds' parts in their wings. */
#include "inspect.h"

#include <string.h>

#include "h5meta.h"
#include "h5u.h"
#include "inspect_checkpoint.h"
#include "inspect_network.h"
#include "inspect_results.h"

ar_status inspect_header(hid_t file, char *format, size_t cap, int64_t *version) {
  ar_status st = h5meta_read(file, format, cap, version);
  if (st != AR_OK || strcmp(format, H5META_NETWORK) == 0) return st;
  if (*version < 1)
    return ar_fail(AR_ERR_INPUT, "%s: %s format version %lld is not supported", h5u_file_name(file),
                   format, (long long)*version);
  return AR_OK;
}

ar_status inspect_summary(hid_t file, const char *format, const wing *w, FILE *out) {
  if (strcmp(format, H5META_NETWORK) == 0 && w) return inspect_network(file, w, out);
  if (strcmp(format, H5META_RESULTS) == 0 && w) return inspect_results(file, w, out);
  if (strcmp(format, H5META_CHECKPOINT) == 0) return inspect_checkpoint(file, out);
  return ar_fail(AR_ERR_INPUT, "unknown antroute file format '%s'", format);
}
