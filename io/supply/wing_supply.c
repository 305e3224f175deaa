/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply: the supply-chain kind (order routing), as every command finds it (see wing.h). Its
 * model and search are in src/supply, its files and commands beside this file. */
#include "wing_supply.h"

#include "h5net_supply.h"
#include "h5net_supply_fields.h"
#include "h5net_supply_inspect.h"
#include "h5res_supply_fields.h"
#include "wing_supply_ckpt.h"
#include "wing_supply_evaluate.h"
#include "wing_supply_export.h"
#include "wing_supply_import.h"
#include "wing_supply_inspect.h"
#include "wing_supply_report.h"
#include "wing_supply_solve.h"
#include "wing_supply_synthetic.h"

static const wing_command supply_imports[] = {
    {"supply-chain", wing_supply_import_csv, "the seven CSV tables of the supply-chain data set",
     wing_supply_import_csv_defs},
    {NULL, NULL, NULL, NULL},
};

static const char *const supply_pictures[] = {"flows", "goals", "convergence", NULL};

static const h5field_table *const supply_fields[] = {&h5net_supply_table, &h5res_supply_table,
                                                     &wing_supply_ckpt_table, NULL};

const wing wing_supply = {
    .name = H5NET_SUPPLY_KIND,
    .title = "supply-chain networks (order routing; docs/model.md)",
    .problem = "order routing",
    .network_version = H5NET_SUPPLY_VERSION,
    .imports = supply_imports,
    .synthetic = &wing_supply_synthetic,
    .solve = wing_supply_solve_kind,
    .inspect_network = h5net_supply_inspect,
    .inspect_results = wing_supply_inspect_results,
    .results_marker = "totals",
    .report_run = wing_supply_report_run,
    .report_summary = wing_supply_report_summary,
    .pictures = supply_pictures,
    .exports = wing_supply_exports,
    .evaluate = &wing_supply_evaluate,
    .fields = supply_fields,
};
