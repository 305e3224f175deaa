/* SPDX-License-Identifier: BSD-3-Clause */
/* road_stops_snap: each stop of a stop set snapped to the nearest node of the road network's
 * largest strongly connected component (the only nodes from which every other stop can be
 * reached and back), refusing a stop farther than the set's max_snap.
 *
 * Failures: AR_ERR_INPUT "CSV:LINE: stop 'ID' at (lat, lon) is D m from the nearest road ...,
 * more than --max-snap M m" for the first stop (in CSV order) too far away, also naming a
 * closer node outside the component when there is one; AR_ERR_INPUT when the network has no
 * coordinates; AR_ERR_NOMEM.
 */
#ifndef AR_ROAD_STOPS_SNAP_H
#define AR_ROAD_STOPS_SNAP_H

#include "ar_error.h"
#include "h5net_stops.h"
#include "road_graph.h"

/* Fills set->node, node_id, snap_metres and snap_max_stop from set->stops and set->max_snap;
 * *component = the size of the largest component. AR_ERR_NOMEM; AR_ERR_INPUT as road_snap_build. */
ar_status road_stops_snap(const road_graph *g, road_stop_set *set, int32_t *component);

#endif
