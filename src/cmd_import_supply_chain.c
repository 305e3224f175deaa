/* cmd_import_supply_chain: placeholder until the importer lands. */
#include "cli.h"

ar_status cmd_import_supply_chain(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return ar_fail(AR_ERR_USAGE, "import supply_chain is not implemented yet");
}
