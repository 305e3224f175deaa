/* SPDX-License-Identifier: BSD-3-Clause */
/* inspect_results: summary of a results file by its wing (see inspect_results.h). */
#include "inspect_results.h"

#include "h5u.h"

ar_status inspect_results(hid_t file, const wing *w, FILE *out) {
  if (w->inspect_results) return w->inspect_results(file, out);
  char instance[256] = "?", input[1024] = "?";
  if (h5u_attr_exists(file, "instance"))
    h5u_attr_read_str(file, "instance", instance, sizeof instance);
  if (h5u_attr_exists(file, "input")) h5u_attr_read_str(file, "input", input, sizeof input);
  ar_error_clear(); /* a courtesy: the file is described without them */
  fprintf(out, "kind: %s\ninstance: %s\ninput: %s\n", w->name, instance, input);
  return AR_OK;
}
