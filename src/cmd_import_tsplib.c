/* cmd_import_tsplib: placeholder until the importer lands. */
#include "cli.h"

ar_status cmd_import_tsplib(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return ar_fail(AR_ERR_USAGE, "import tsplib is not implemented yet");
}
