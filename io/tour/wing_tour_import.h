/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour_import: `antroute import tsplib FILE -o OUT.h5`, the tour wing's importer. */
#ifndef AR_WING_TOUR_IMPORT_H
#define AR_WING_TOUR_IMPORT_H

#include "ar_error.h"
#include "param.h"

/* The whole command (argv[0] = "tsplib"): parses its options, imports on rank 0 while the other
 * ranks wait (cli_parse_run_rank0). AR_ERR_USAGE, AR_ERR_INPUT (FILE:LINE: what is wrong),
 * AR_ERR_IO, AR_ERR_NOMEM; nothing is written on failure. */
ar_status wing_tour_import_tsplib(int argc, char **argv);

/* Its option table, copied into out (at most cap entries): how many, -1 when they do not fit. */
int wing_tour_import_tsplib_defs(param_def *out, int cap);

/* 1 when path names a TSPLIB file: its name ends in .tsp or .atsp, or its first line starts
 * with a TSPLIB keyword (NAME, TYPE, COMMENT, DIMENSION). Cannot fail (unreadable: 0). */
int wing_tour_import_recognises(const char *path);

#endif
