/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_graph: road networks (kind "road-graph"), as every command finds them (see wing.h).
 * Their model is in src/road, their files and importers beside this file. A road network is not
 * solved itself: `import stops` (the road wing, wing_road.c) makes a tour of stops on it. */
#include "wing_road_graph.h"

#include "h5net_road.h"
#include "wing_road_evaluate.h"
#include "wing_road_import_dimacs.h"
#include "wing_road_import_osm.h"
#include "wing_road_synthetic.h"

static const wing_command road_graph_imports[] = {
    {"osm", wing_road_import_osm,
     "an OpenStreetMap extract (.pbf, .osm, .osm.gz) into a road network",
     wing_road_import_osm_defs},
    {"dimacs", wing_road_import_dimacs,
     "a DIMACS shortest-path graph (.gr, .co) into a road network", wing_road_import_dimacs_defs},
    {NULL, NULL, NULL, NULL},
};

const wing wing_road_graph = {
    .name = H5NET_ROAD_KIND,
    .title = "road networks (OpenStreetMap, DIMACS)",
    .problem = "road network",
    .network_version = H5NET_ROAD_VERSION,
    .imports = road_graph_imports,
    .synthetic = &wing_road_synthetic,
    .inspect_network = h5net_road_inspect,
    .evaluate = &wing_road_evaluate,
};
