/* SPDX-License-Identifier: BSD-3-Clause */
/* road_osm: an OpenStreetMap extract (PBF, XML, or gzipped XML) into a road graph, with
 * libreadosm.
 *
 * Two passes over the file: the first keeps the ways a car may drive (road_profile.h) with
 * their nodes, direction and speed; the second reads the coordinates of just those nodes (an
 * extract holds many more nodes than roads use). Every OSM node of a kept way becomes a graph
 * node (no contraction of shape points: a path in node ids is then the road's geometry, and
 * stops snap to the road's shape, not only to its junctions); each pair of consecutive nodes of
 * a way gives an arc per direction of travel, its length the great-circle distance, its time
 * length / speed. Ways are thereby split at every shared node. Only the largest strongly
 * connected component is kept. Gzipped XML is decompressed to a temporary file first
 * (road_gunzip.h).
 *
 * Failures: AR_ERR_IO for a file that cannot be opened (or a temporary file that cannot be
 * written); AR_ERR_INPUT naming the file for a file readosm cannot parse (damaged or truncated
 * PBF, malformed XML, a name that is not .osm, .osm.gz or .pbf) and for an extract without
 * any drivable road; AR_ERR_NOMEM.
 */
#ifndef AR_ROAD_OSM_H
#define AR_ROAD_OSM_H

#include <stdint.h>

#include "ar_error.h"
#include "road_graph.h"
#include "road_profile.h"

typedef struct {
  int64_t ways;                      /* ways in the file */
  int64_t ways_by[ROAD_WAY_REASONS]; /* how each was judged (ROAD_WAY_KEPT: kept) */
  int64_t ways_too_short;            /* kept ways with fewer than 2 nodes */
  int64_t speed_tags;                /* kept ways whose maxspeed gave the speed */
  int64_t one_way;                   /* kept ways that are one-way */
  int64_t segments_missing;          /* way segments dropped: a node not in the file */
  int64_t nodes;                     /* nodes of kept ways found in the file */
  int64_t nodes_dropped;             /* of those, outside the largest component */
} road_osm_stats;

/* Reads path into g (coordinates and OSM node ids included). AR_ERR_IO when path cannot be read,
 * AR_ERR_INPUT naming it when it is not OSM data or holds no roads, AR_ERR_NOMEM. */
ar_status road_osm_import(const char *path, road_graph *g, road_osm_stats *stats);

#endif
