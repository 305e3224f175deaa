/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_road: the road part of a road tour's results file (docs/formats.md, "Results file: road
 * tours"), beside what every tour result holds (/best/tour: stop rows of the stops CSV, 0-based;
 * /best/cost in the stops file's cost unit):
 *
 *   /route         attributes cost ("time" | "distance"), cost_units, metres and seconds (float64:
 *                  the whole route's length and time, exact sums over its arcs), roads (the road
 *                  file), roads_digest, node_ids (what /route/node_id means: "osm", ...)
 *   /route/node         int32 [P]   the path's road nodes (rows of the road file), first stop's
 *                                   node at both ends
 *   /route/node_id      int64 [P]   their source ids (OSM node ids)
 *   /route/lat, lon     float64 [P] their coordinates (absent when the road network has none)
 *   /route/leg_offsets  int64 [n+1] leg k (from the k-th stop of /best/tour to the next) is
 *                                   node[leg_offsets[k]] .. node[leg_offsets[k+1]]
 *   /route/leg_metres, leg_seconds  float64 [n]  each leg's length and time
 *   /route/stop_id      strings [n] the stops' CSV ids, in CSV row order
 *   /route/stop_lat, stop_lon  float64 [n]  the stops' CSV coordinates, in CSV row order
 *
 * Failures: those of h5u (AR_ERR_HDF5, AR_ERR_IO naming the file and dataset); the reader
 * AR_ERR_INPUT naming the file and dataset for a missing or inconsistent /route, AR_ERR_NOMEM.
 */
#ifndef AR_H5RES_ROAD_H
#define AR_H5RES_ROAD_H

#include <hdf5.h>
#include <stdint.h>

#include "ar_error.h"
#include "h5net_stops.h"
#include "road_graph.h"
#include "road_route.h"

/* Writes /route collectively: every rank of the file's communicator calls it with the same
 * route, graph and stops; root says whether this rank's data is written (rank 0). node_ids: the
 * road file's attribute of that name. Fails as h5u_group_create and h5field_write
 * (AR_ERR_IO/AR_ERR_HDF5 naming the file, AR_ERR_MPI). */
ar_status h5res_road_write(hid_t file, const road_route *r, const road_graph *g,
                           const road_stop_set *s, const char *node_ids, int root);

/* What export and evaluate read of a road tour's results (one process). */
typedef struct {
  int32_t n;         /* stops */
  int32_t *tour;     /* [n] /best/tour */
  int64_t best_cost; /* /best/cost */
  int64_t nodes;
  int64_t *node_id;    /* [nodes] */
  double *lat, *lon;   /* [nodes], NULL without coordinates */
  int64_t *leg_offset; /* [n+1] */
  char **stop_id;      /* [n] */
  double *stop_lat, *stop_lon;
  double metres, seconds;
  char cost[16], cost_units[8], roads[1024], input[1024];
} h5res_road_route;

/* Reads a road tour's results file (path) on this process alone and checks the shapes and that
 * /best/tour is a permutation. AR_ERR_IO for a missing file, AR_ERR_INPUT naming the file and the
 * dataset, AR_ERR_NOMEM. */
ar_status h5res_road_read(const char *path, h5res_road_route *rr);
void h5res_road_route_free(h5res_road_route *rr);

#endif
