/* inspect_network: summary of an antroute network file (placeholder until that format lands). */
#include "inspect.h"

ar_status inspect_network(hid_t file, FILE *out) {
  (void)file;
  fprintf(out, "(network summary not implemented yet; use --tree)\n");
  return AR_OK;
}
