/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_import_dimacs: `antroute import dimacs GRAPH.gr [--coords GRAPH.co] -o ROADS.h5`, a
 * DIMACS graph into a road network file. */
#ifndef AR_WING_ROAD_IMPORT_DIMACS_H
#define AR_WING_ROAD_IMPORT_DIMACS_H

#include "ar_error.h"
#include "param.h"

/* The whole command (argv[0] = "dimacs"). Parses its options, imports on rank 0 while the other
 * ranks wait (cli_parse_run_rank0). AR_ERR_USAGE, AR_ERR_INPUT (FILE:LINE: what is wrong),
 * AR_ERR_IO, AR_ERR_NOMEM; nothing is written on failure. */
ar_status wing_road_import_dimacs(int argc, char **argv);

/* Its option table, copied into out (at most cap entries): how many, -1 when they do not fit. */
int wing_road_import_dimacs_defs(param_def *out, int cap);

#endif
