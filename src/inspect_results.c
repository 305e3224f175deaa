/* inspect_results: summary of an antroute results file (placeholder until that format lands). */
#include "inspect.h"

ar_status inspect_results(hid_t file, FILE *out) {
  (void)file;
  fprintf(out, "(results summary not implemented yet; use --tree)\n");
  return AR_OK;
}
