/* inspect: dispatch on the file's format; the per-format summaries live beside their writers. */
#include "inspect.h"

#include <string.h>

#include "h5meta.h"

ar_status inspect_summary(hid_t file, const char *format, FILE *out) {
  if (strcmp(format, H5META_NETWORK) == 0) return inspect_network(file, out);
  if (strcmp(format, H5META_RESULTS) == 0) return inspect_results(file, out);
  if (strcmp(format, H5META_CHECKPOINT) == 0) return inspect_checkpoint(file, out);
  return ar_fail(AR_ERR_INPUT, "unknown antroute file format '%s'", format);
}
