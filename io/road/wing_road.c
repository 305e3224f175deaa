/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road: road tours (kind "road": the stops files of `import stops`), as every command finds
 * them (see wing.h). A road tour is a tour: the stops file holds the tour wing's /tour layout (the
 * stop-to-stop matrix, an ATSP) and the road wing reuses the tour wing's search, inspect and
 * report parts through io/tour's headers (floor 5b, docs/architecture.md); its own are the road
 * part of the stops file, the route of the results, the exports and the picture of the route. */
#include "wing_road.h"

#include "h5net_stops.h"
#include "wing_road_export.h"
#include "wing_road_import_stops.h"
#include "wing_road_results.h"
#include "wing_road_solve.h"

static const wing_command road_imports[] = {
    {"stops", wing_road_import_stops,
     "stops (CSV id,lat,lon) on a road network: a tour of road costs", wing_road_import_stops_defs},
    {NULL, NULL, NULL, NULL},
};

static const char *const road_pictures[] = {"route", "convergence", NULL};

const wing wing_road = {
    .name = H5NET_STOPS_KIND,
    .title = "road tours (stops on a road network)",
    .problem = "ATSP on roads",
    .network_version = H5NET_STOPS_VERSION,
    .imports = road_imports,
    .solve = wing_road_solve_kind,
    .inspect_network = h5net_stops_inspect,
    .inspect_results = wing_road_results_inspect,
    .results_marker = "route/node_id",
    .report_summary = wing_road_results_report,
    .pictures = road_pictures,
    .exports = wing_road_exports,
};
