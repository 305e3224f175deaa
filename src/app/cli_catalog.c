/* SPDX-License-Identifier: BSD-3-Clause */
/* cli_catalog: every command's section and options, for reading parameter files strictly. The
 * importers come from the wings (wing.h, `imports`), so the catalog is made when asked: a wing
 * registered at run time is in it too. */
#include <stdio.h>

#include "app_wings.h"
#include "cli.h"

/* The commands that are not a wing's. */
static const param_command fixed[] = {
    {"import synthetic", cmd_import_synthetic_defs},
    {"solve", cmd_solve_defs},
    {"evaluate", cmd_evaluate_defs},
    {"export", cmd_export_defs},
    {"inspect", cmd_inspect_defs},
    {"report", cmd_report_defs},
    {"advise", cmd_advise_defs},
    {"formats", cmd_formats_defs},
    {"selftest", cmd_selftest_defs},
};
enum { FIXED = (int)(sizeof fixed / sizeof fixed[0]), CATALOG_MAX = 64, SECTION_MAX = 64 };

const param_catalog *cli_catalog(void) {
  static param_command commands[CATALOG_MAX];
  static char sections[CATALOG_MAX][SECTION_MAX];
  static param_catalog catalog;
  int n = 0;
  for (int i = 0; i < app_wing_count(); i++)
    for (const wing_command *c = app_wing_at(i)->imports; c && c->name; c++) {
      if (!c->defs || n >= CATALOG_MAX - FIXED) continue;
      snprintf(sections[n], SECTION_MAX, "import %s", c->name);
      commands[n] = (param_command){sections[n], c->defs};
      n++;
    }
  for (int i = 0; i < FIXED; i++)
    commands[n++] = fixed[i];
  catalog = (param_catalog){commands, n};
  return &catalog;
}
