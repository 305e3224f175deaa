/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_import_stops: `antroute import stops STOPS.csv --roads ROADS.h5 -o STOPS.h5`, stops
 * snapped to a road network and their costs by shortest paths (the road wing's network). */
#ifndef AR_WING_ROAD_IMPORT_STOPS_H
#define AR_WING_ROAD_IMPORT_STOPS_H

#include "ar_error.h"
#include "param.h"

/* The whole command (argv[0] = "stops"). Collective on MPI_COMM_WORLD: every rank parses, reads the
 * road network and computes its rows of the matrix; every rank returns the same status.
 * AR_ERR_USAGE, AR_ERR_INPUT (FILE:LINE or dataset and row: what is wrong), AR_ERR_IO, AR_ERR_HDF5,
 * AR_ERR_MPI, AR_ERR_NOMEM; nothing is written on failure. */
ar_status wing_road_import_stops(int argc, char **argv);

/* Its option table, copied into out (at most cap entries): how many, -1 when they do not fit. */
int wing_road_import_stops_defs(param_def *out, int cap);

#endif
