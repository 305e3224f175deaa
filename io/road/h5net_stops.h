/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_stops: the stops file of `import stops`: a tour network that `solve` takes as any ATSP
 * (the tour kind's explicit-weights layout, io/tour/h5net_tour.h), plus the road part that
 * expands an answer into roads (docs/formats.md, "Stops file"):
 *
 *   /              h5meta attributes; kind = "road", name, source (the stops CSV), comment,
 *                  attribution (the road network's)
 *   /tour          n, metric = "EXPLICIT", directed = 1, optimum = -1, distance_units
 *   /tour/weights  int32 [n][n]: cost[i][j] from stop i to stop j (CSV data rows, 0-based),
 *                  shortest path cost rounded to whole metres or seconds (attribute units)
 *   /road          attributes cost ("time" | "distance"), cost_units ("s" | "m"), rounding,
 *                  roads (the road file as given), roads_name, roads_digest (of the graph the
 *                  costs came from, h5net_road_digest_text), max_snap_metres, snap_max_metres,
 *                  snap_max_stop (the stop snapped farthest, 0-based), stops_csv
 *   /road/stop_id       strings [n]  the CSV ids
 *   /road/stop_line     int64 [n]    the CSV line of each stop (header = 1)
 *   /road/stop_lat, stop_lon  float64 [n]  the CSV coordinates
 *   /road/stop_node     int32 [n]    the road node each stop snapped to (a row of the road
 *                                    file's /road/lat)
 *   /road/stop_node_id  int64 [n]    that node's source id (OSM node id)
 *   /road/snap_metres   float64 [n]  great-circle distance from the stop to its node
 *
 * A leg's path is recomputed exactly from the road file (same digest), the two stop nodes and
 * the cost: road_search.h is deterministic (road_leg_path in road_legs.h).
 * Failures: as h5net_road.h; the reader names the file, dataset and row of a bad /road part.
 */
#ifndef AR_H5NET_STOPS_H
#define AR_H5NET_STOPS_H

#include <hdf5.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>

#include "ar_error.h"
#include "param.h"
#include "road_graph.h"
#include "road_stops.h"
#include "tour_net.h"

/* The most stops of a full cost matrix: the tour kind's limit for explicit weights
 * (TOUR_EXPLICIT_MAX_N; an n x n int32 matrix of 20,000 stops is 1.6 GB on every rank). */
#define ROAD_STOPS_MAX 20000

/* The kind of stops files (the road wing) and the newest format version this build reads. */
#define H5NET_STOPS_KIND "road"
enum { H5NET_STOPS_VERSION = 1 };

typedef struct {
  road_stops stops;    /* ids, coordinates, CSV lines */
  int32_t *node;       /* [n] */
  int64_t *node_id;    /* [n] */
  double *snap_metres; /* [n] */
  road_cost cost;
  double max_snap;       /* --max-snap, metres */
  int32_t snap_max_stop; /* the stop snapped farthest */
  char roads[1024];      /* the road file as given */
  char roads_name[256];  /* its name attribute */
  char roads_digest[64]; /* of the graph read */
  char attribution[512]; /* its attribution */
  char stops_csv[1024];  /* the stops CSV as given */
} road_stop_set;

void road_stop_set_free(road_stop_set *s);

/* Writes the stops file collectively on comm: every rank passes the same set, and its own
 * block of rows first .. first+count-1 of the matrix (rows: count x n). Atomic (path.tmp,
 * renamed when every rank has written). ps may be NULL. AR_ERR_USAGE/AR_ERR_IO for the output path,
 * AR_ERR_IO/AR_ERR_HDF5 naming the file, AR_ERR_MPI; the same status on every rank. */
ar_status h5net_stops_write(const char *path, MPI_Comm comm, const road_stop_set *set,
                            int32_t first, int32_t count, const int32_t *rows, const param_set *ps);

/* Reads the /road part of a stops file collectively (every rank gets all of it) and checks it
 * (shapes, snapped nodes >= 0, distances finite and >= 0, the cost). AR_ERR_IO for a missing file,
 * AR_ERR_INPUT naming the file and what is wrong, AR_ERR_NOMEM; the same status on every rank. */
ar_status h5net_stops_read(const char *path, MPI_Comm comm, road_stop_set *set);

/* The tour part of a stops file (the stop-to-stop matrix as an ATSP), read collectively as
 * h5net_tour_read reads a tour network; every rank returns the same status. Free with
 * tour_net_free(). */
ar_status h5net_stops_read_tour(const char *path, MPI_Comm comm, tour_net *t);

/* The same from an open file whose header the caller checked; collective on its communicator.
 * AR_ERR_INPUT naming the file and dataset, AR_ERR_HDF5, AR_ERR_NOMEM; *set is empty on failure. */
ar_status h5net_stops_read_file(hid_t file, road_stop_set *set);

/* `antroute inspect` of a stops file: validates its tour and road parts like the readers, then
 * prints "key: value" lines. Fails as the readers do. */
ar_status h5net_stops_inspect(hid_t file, FILE *out);

#endif
