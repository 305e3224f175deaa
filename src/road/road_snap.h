/* SPDX-License-Identifier: BSD-3-Clause */
/* road_snap: the nearest road node to a point (stops given by coordinates snap to it).
 *
 * A k-d tree over the nodes as unit vectors on the sphere: the straight-line distance between
 * unit vectors orders points as the great-circle distance does, at every latitude and across
 * the date line, so the nearest node is exact (no projection). Built once in O(n log n) (an
 * implicit balanced tree over one array, at most ~31 levels), queried in O(log n) on average;
 * queries are read-only and may run on many threads at once.
 * Failures: AR_ERR_NOMEM; AR_ERR_INPUT when the graph has no coordinates.
 */
#ifndef AR_ROAD_SNAP_H
#define AR_ROAD_SNAP_H

#include <stdint.h>

#include "ar_error.h"
#include "road_graph.h"

typedef struct {
  int32_t count; /* nodes in the tree */
  int32_t *node; /* [count] the graph node of each slot */
  double *xyz;   /* [count][3] its unit vector */
  uint8_t *axis; /* [count] the axis a slot splits its range on */
  const road_graph *g;
} road_snap;

/* Builds the tree over the nodes u with eligible[u] != 0 (every node when eligible is NULL).
 * AR_ERR_NOMEM; AR_ERR_INPUT when the graph has no node coordinates. */
ar_status road_snap_build(road_snap *s, const road_graph *g, const uint8_t *eligible);
void road_snap_free(road_snap *s);

/* The nearest node to (lat, lon), ties to the lower node index, and its great-circle distance
 * in metres in *metres; -1 (and *metres = +inf) when the tree is empty. */
int32_t road_snap_nearest(const road_snap *s, double lat, double lon, double *metres);

#endif
