/* h5net_supply_inspect_stub: a placeholder until the supply-chain module lands (it deletes this
 * file and provides the real h5net_supply_inspect()). */
#include "h5net_supply_inspect.h"

ar_status h5net_supply_inspect(hid_t file, FILE *out) {
  (void)file;
  fprintf(out, "(supply-chain summary not available yet)\n");
  return AR_OK;
}
