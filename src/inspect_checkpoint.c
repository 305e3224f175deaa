/* inspect_checkpoint: summary of an antroute checkpoint file (placeholder until that format lands).
 */
#include "inspect.h"

ar_status inspect_checkpoint(hid_t file, FILE *out) {
  (void)file;
  fprintf(out, "(checkpoint summary not implemented yet; use --tree)\n");
  return AR_OK;
}
