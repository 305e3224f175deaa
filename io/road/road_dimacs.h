/* SPDX-License-Identifier: BSD-3-Clause */
/* road_dimacs: a graph of the 9th DIMACS Implementation Challenge (shortest paths) into a road
 * graph.
 *
 *   GRAPH.gr   c comment lines; one problem line "p sp N M"; M arc lines "a U V W" (nodes
 *              1..N, W a non-negative number: the arc's weight)
 *   GRAPH.co   (optional) c comment lines; "p aux sp co N"; N lines "v ID X Y", X = longitude
 *              and Y = latitude in millionths of a degree (integers, as the challenge's USA
 *              road graphs give them)
 *
 * The weights are one cost: distances (metres x --unit) or times (seconds x --unit). The
 * other is derived: metres from the coordinates (great-circle, as for OSM) when weights are
 * times and coordinates are given, else through a speed (--speed km/h). Only the largest
 * strongly connected component is kept; node ids are the DIMACS ids.
 *
 * Failures: AR_ERR_IO for a file that cannot be opened; AR_ERR_INPUT "FILE:LINE: what is
 * wrong" for malformed lines, nodes out of 1..N, negative or non-finite weights, arc or node
 * counts that disagree with the problem line, coordinates out of range, a node given twice or
 * not at all in the .co file; AR_ERR_NOMEM.
 */
#ifndef AR_ROAD_DIMACS_H
#define AR_ROAD_DIMACS_H

#include <stdint.h>

#include "ar_error.h"
#include "road_graph.h"

typedef struct {
  road_cost weights; /* what the .gr weights are */
  double unit;       /* metres (distance) or seconds (time) per weight unit, > 0 */
  double speed_kmh;  /* for the derived cost, > 0 */
} road_dimacs_opts;

typedef struct {
  int64_t nodes, arcs;   /* as read */
  int64_t nodes_dropped; /* outside the largest strongly connected component */
} road_dimacs_stats;

/* Reads gr (and co, when not NULL) into g. AR_ERR_IO when a file cannot be read, AR_ERR_INPUT
 * naming the file and line, AR_ERR_NOMEM. */
ar_status road_dimacs_import(const char *gr, const char *co, const road_dimacs_opts *opts,
                             road_graph *g, road_dimacs_stats *stats);

#endif
