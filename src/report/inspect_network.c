/* SPDX-License-Identifier: BSD-3-Clause */
/* inspect_network: summary of an antroute network file by its wing (see inspect_network.h). */
#include "inspect_network.h"

ar_status inspect_network(hid_t file, const wing *w, FILE *out) {
  ar_status st = w->inspect_network ? w->inspect_network(file, out) : AR_OK;
  if (st == AR_OK && !w->inspect_network) fprintf(out, "kind: %s\n", w->name);
  /* Which commands read it: those the wing has. */
  const char *readers = w->solve && w->evaluate ? "solve and evaluate"
                        : w->solve              ? "solve"
                        : w->evaluate           ? "evaluate"
                                                : "inspect";
  if (st == AR_OK) fprintf(out, "valid: yes (antroute %s reads this network)\n", readers);
  return st;
}
