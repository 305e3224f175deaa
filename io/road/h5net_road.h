/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_road: the road network file (HDF5), written by `import osm`, `import dimacs` and
 * `import synthetic --kind road`, read on every rank by `import stops` (and later by the road
 * tour's export, evaluate and report). Layout (docs/formats.md, "Network file: roads"):
 *
 *   /             h5meta attributes (format "antroute-network", format_version 1, parameters),
 *                 kind = "road-graph", name, source (input path), attribution (the data's
 *                 licence notice, "" when none), node_ids ("osm", "dimacs", "synthetic"),
 *                 digest ("fnv1a64:" + 16 hex digits, road_graph_digest)
 *   /road         attributes nodes, arcs, dropped_nodes (int64: nodes outside the largest
 *                 strongly connected component, dropped by the importer)
 *   /road/offsets int64 [n+1]  arcs of node u: offsets[u] .. offsets[u+1]-1
 *   /road/heads   int32 [m]    the node each arc goes to
 *   /road/metres  float64 [m]  length
 *   /road/seconds float64 [m]  travel time
 *   /road/lat     float64 [n]  degrees north  } optional, together (a DIMACS graph
 *   /road/lon     float64 [n]  degrees east   } imported without --coords has none)
 *   /road/node_id int64 [n]    the source's id of each node
 *
 * Failures: AR_ERR_INPUT "FILE: dataset /road/X row R: what is wrong" for bad contents (shapes,
 * offsets not monotone or not ending at the arc count, heads out of range, lengths or times
 * negative or not finite, coordinates out of range, a missing dataset or attribute);
 * AR_ERR_IO for a file that cannot be opened or written; AR_ERR_HDF5 / AR_ERR_MPI for library
 * failures; AR_ERR_NOMEM.
 */
#ifndef AR_H5NET_ROAD_H
#define AR_H5NET_ROAD_H

#include <hdf5.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>

#include "ar_error.h"
#include "h5net.h"
#include "param.h"
#include "road_graph.h"

/* The kind of road network files and the newest format version this build reads and writes. */
#define H5NET_ROAD_KIND "road-graph"
enum { H5NET_ROAD_VERSION = 1 };

/* What a road file says about itself besides the graph. */
typedef struct {
  char name[256];
  char source[1024];
  char attribution[512];
  char node_ids[32];     /* "osm", "dimacs", "synthetic" */
  int64_t dropped_nodes; /* outside the largest strongly connected component at import */
} road_net_info;

/* The attribution every file derived from OpenStreetMap carries (ODbL 1.0). */
#define ROAD_OSM_ATTRIBUTION                                                                       \
  "Data (c) OpenStreetMap contributors, available under the Open Database License (ODbL) 1.0: "    \
  "https://www.openstreetmap.org/copyright"

/* "fnv1a64:0123456789abcdef" of road_graph_digest(g) into buf (at least 25 bytes). */
void h5net_road_digest_text(const road_graph *g, char *buf, size_t cap);

/* Writes g and info to path atomically (path.tmp renamed when complete; an existing file
 * survives any failure). One process writes (MPI_COMM_SELF); ps may be NULL. */
ar_status h5net_road_write(const road_graph *g, const road_net_info *info, const char *path,
                           const param_set *ps);

/* Reads and validates a road network. Every rank of comm calls it; every dataset is read
 * collectively through MPI-IO and every rank gets the whole graph. On failure g is empty and
 * every rank returns the same status. Free with road_graph_free(). info may be NULL. */
ar_status h5net_road_read(const char *path, MPI_Comm comm, road_graph *g, road_net_info *info);

/* The same from an open file (after the header check); collective on its communicator. AR_ERR_INPUT
 * naming the file and the dataset when the layout is wrong or a value is out of range;
 * AR_ERR_NOMEM. */
ar_status h5net_road_read_file(hid_t file, road_graph *g, road_net_info *info);

/* `antroute inspect` of a road network: validates like the reader, then prints "key: value"
 * lines. Fails as h5net_road_read_file. */
ar_status h5net_road_inspect(hid_t file, FILE *out);

#endif
