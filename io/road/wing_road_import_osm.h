/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_import_osm: `antroute import osm MAP -o ROADS.h5`, an OpenStreetMap extract into a road
 * network file. */
#ifndef AR_WING_ROAD_IMPORT_OSM_H
#define AR_WING_ROAD_IMPORT_OSM_H

#include "ar_error.h"
#include "param.h"

/* The whole command (argv[0] = "osm"). Parses its options, imports on rank 0 while the other ranks
 * wait (cli_parse_run_rank0). AR_ERR_USAGE, AR_ERR_INPUT (FILE:LINE: what is wrong), AR_ERR_IO,
 * AR_ERR_NOMEM; nothing is written on failure. */
ar_status wing_road_import_osm(int argc, char **argv);

/* Its option table, copied into out (at most cap entries): how many, -1 when they do not fit. */
int wing_road_import_osm_defs(param_def *out, int cap);

#endif
