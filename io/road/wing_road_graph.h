/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_graph: the declaration of the kind of road network files (io/wing/wing.h): imported
 * from OpenStreetMap, DIMACS or a generator, inspected, read by `import stops`; not solved. */
#ifndef AR_WING_ROAD_GRAPH_H
#define AR_WING_ROAD_GRAPH_H

#include "wing.h"

extern const wing wing_road_graph;

#endif
