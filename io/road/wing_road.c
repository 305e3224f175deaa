/* wing_road: road tours (kind "road": the stops files of `import stops`), as every command finds
 * them (see wing.h). A road tour is a tour: the stops file holds the tour wing's /tour layout (the
 * stop-to-stop matrix, an ATSP) and the road wing reuses the tour wing's solve, inspect and
 * report parts through io/tour's headers (floor 5b, docs/architecture.md). */
#include "wing_road.h"

#include "h5net_stops.h"
#include "wing_road_import_stops.h"
#include "wing_tour_inspect.h"
#include "wing_tour_solve.h"

static const wing_command road_imports[] = {
    {"stops", wing_road_import_stops,
     "stops (CSV id,lat,lon) on a road network: a tour of road costs", wing_road_import_stops_defs},
    {NULL, NULL, NULL, NULL},
};

const wing wing_road = {
    .name = H5NET_STOPS_KIND,
    .title = "road tours (stops on a road network)",
    .problem = "ATSP on roads",
    .network_version = H5NET_STOPS_VERSION,
    .imports = road_imports,
    .solve = wing_tour_solve_kind,
    .inspect_network = h5net_stops_inspect,
    .inspect_results = wing_tour_inspect_results,
};
