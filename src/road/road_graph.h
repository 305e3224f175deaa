/* SPDX-License-Identifier: BSD-3-Clause */
/* road_graph: a directed road network in memory, in compressed sparse row (CSR) form.
 *
 * Nodes are junctions and shape points (every OSM node of a drivable way is a node, see
 * docs/formats.md "Network file: roads"), numbered 0..n-1. The arcs leaving node u are
 * offsets[u] .. offsets[u+1]-1; arc a goes to heads[a] and takes metres[a] metres and
 * seconds[a] seconds. A one-way street is a single arc; a two-way street is two. Parallel arcs
 * (two ways joining the same nodes) are kept: a search takes the cheaper one.
 *
 * Failures: functions that allocate return AR_ERR_NOMEM naming what they allocate; none prints.
 */
#ifndef AR_ROAD_GRAPH_H
#define AR_ROAD_GRAPH_H

#include <stdint.h>

#include "ar_error.h"

/* Nodes are int32 indices (heads are 4 bytes: 10,000,000 nodes and 25,000,000 arcs fit in
 * under 1 GB); arcs are counted in int64. */
#define ROAD_MAX_NODES 1000000000LL
#define ROAD_MAX_ARCS  4000000000LL

typedef enum { ROAD_COST_TIME = 0, ROAD_COST_DISTANCE = 1 } road_cost;

typedef struct {
  int32_t n;        /* nodes */
  int64_t m;        /* arcs */
  int64_t *offsets; /* [n+1], offsets[0] = 0, offsets[n] = m, non-decreasing */
  int32_t *heads;   /* [m] */
  double *metres;   /* [m] length, metres */
  double *seconds;  /* [m] travel time, seconds */
  double *lat;      /* [n] degrees north, or NULL: the source had no coordinates */
  double *lon;      /* [n] degrees east, or NULL together with lat */
  int64_t *node_id; /* [n] the source's id of the node (OSM node id, DIMACS vertex id, ...) */
} road_graph;

/* Allocates the arrays of a graph of n nodes and m arcs (coordinates when with_coords), all
 * zero. AR_ERR_NOMEM (g is then empty) when memory runs out or n, m exceed the limits above. */
ar_status road_graph_alloc(road_graph *g, int64_t n, int64_t m, int with_coords);

/* Frees the arrays (an empty or partly allocated graph is fine) and empties g. */
void road_graph_free(road_graph *g);

/* The arc weights of a cost: seconds for ROAD_COST_TIME, metres for ROAD_COST_DISTANCE. */
const double *road_graph_weights(const road_graph *g, road_cost cost);

/* "time" / "distance", and their units "s" / "m". */
const char *road_cost_name(road_cost cost);
const char *road_cost_units(road_cost cost);
/* Parses "time" or "distance"; -1 on anything else. */
int road_cost_parse(const char *name, road_cost *cost);

/* The tail of arc a (the node whose arcs hold a), by binary search on the offsets. a must be
 * in 0..m-1. */
int32_t road_graph_tail(const road_graph *g, int64_t a);

/* The cheapest arc from u to v for the cost, or -1 when there is none. */
int64_t road_graph_arc(const road_graph *g, int32_t u, int32_t v, road_cost cost);

/* A 64-bit digest (FNV-1a over 8-byte words) of n, m and every array (offsets, heads, metres,
 * seconds, then lat, lon when present, then node_id): the same digest, the same network, so a
 * stops file names the road network its costs and snapped nodes came from. Not a checksum
 * against tampering. */
uint64_t road_graph_digest(const road_graph *g);

#endif
