/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour: the tour kind, as every command finds it (see wing.h). Its model and search are in
 * src/tour, its files and commands beside this file. */
#include "wing_tour.h"

#include "h5net_tour.h"
#include "h5net_tour_fields.h"
#include "h5res_tour_fields.h"
#include "wing_tour_export.h"
#include "wing_tour_import.h"
#include "wing_tour_inspect.h"
#include "wing_tour_report.h"
#include "wing_tour_solve.h"
#include "wing_tour_synthetic.h"

static const wing_command tour_imports[] = {
    {"tsplib", wing_tour_import_tsplib,
     "a TSPLIB 95 .tsp/.atsp file (optionally with its .opt.tour)", wing_tour_import_tsplib_defs},
    {NULL, NULL, NULL, NULL},
};

static const char *const tour_pictures[] = {"tour", "convergence", NULL};

static const h5field_table *const tour_fields[] = {&h5net_tour_table, &h5res_tour_table, NULL};

/* A .tsp solved under --time: its bound (7 s of pla85900's 7.4 s import) and its alpha-nearness
 * ascent are the solve's to plan (the same candidate lists: the solve's ascent is the import's). */
static const char *const tour_solve_import_budget_args[] = {"--no-bound", "--alpha-steps", "0",
                                                            NULL};

const wing wing_tour = {
    .name = H5NET_TOUR_KIND,
    .title = "tour networks (TSPLIB TSP and ATSP)",
    .problem = "TSP/ATSP",
    .network_version = H5NET_TOUR_VERSION,
    .imports = tour_imports,
    .synthetic = &wing_tour_synthetic,
    .solve_import = 0, /* tsplib */
    .solve_recognises = wing_tour_import_recognises,
    .solve_import_budget_args = tour_solve_import_budget_args,
    .solve = wing_tour_solve_kind,
    .inspect_network = h5net_tour_inspect,
    .inspect_results = wing_tour_inspect_results,
    .results_marker = H5RES_TOUR_TOUR_PATH,
    .report_summary = wing_tour_report_summary,
    .report_network_check = wing_tour_report_network_check,
    .report_needs_network = 1,
    .pictures = tour_pictures,
    .exports = wing_tour_exports,
    .fields = tour_fields,
};
