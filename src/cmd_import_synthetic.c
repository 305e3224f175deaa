/* cmd_import_synthetic: placeholder until the importer lands. */
#include "cli.h"

ar_status cmd_import_synthetic(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return ar_fail(AR_ERR_USAGE, "import synthetic is not implemented yet");
}
