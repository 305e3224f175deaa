/* cli_catalog: every command's section and options, for reading parameter files strictly. */
#include "cli.h"

static const param_command commands[] = {
    {"import tsplib", cmd_import_tsplib_defs},
    {"import supply-chain", cmd_import_supply_chain_defs},
    {"import synthetic", cmd_import_synthetic_defs},
    {"solve", cmd_solve_defs},
    {"evaluate", cmd_evaluate_defs},
    {"export", cmd_export_defs},
    {"inspect", cmd_inspect_defs},
    {"report", cmd_report_defs},
    {"advise", cmd_advise_defs},
};

static const param_catalog catalog = {commands, (int)(sizeof commands / sizeof commands[0])};

const param_catalog *cli_catalog(void) { return &catalog; }
