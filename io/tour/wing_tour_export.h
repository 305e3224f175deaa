/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour_export: the exports of tour results (`antroute export RESULTS.h5 --tour FILE.tour
 * --csv FILE.csv --json FILE.json`; docs/formats.md, "Exports"), from the results file alone:
 *   --tour  a TSPLIB 95 TOUR file (NAME, COMMENT with the length, TYPE : TOUR, DIMENSION,
 *           TOUR_SECTION with the nodes 1-based, -1, EOF), as LKH and Concorde write them
 *   --csv   `position,node`, one row per node in visiting order, the node 0-based as in
 *           /best/tour (row `node` of /tour/coords)
 *   --json  the kind-free JSON of h5res_json.h (cost, tour, bound, run)
 * Each writes through PATH.tmp and a rename (textout.h) and prints one line. They fail with
 * AR_ERR_INPUT naming the file when /best/tour is missing or not a permutation, AR_ERR_IO,
 * AR_ERR_USAGE (the output rule), AR_ERR_NOMEM. The road wing reuses them for its tours. */
#ifndef AR_WING_TOUR_EXPORT_H
#define AR_WING_TOUR_EXPORT_H

#include "wing.h"

ar_status wing_tour_export_tour(const char *results, const char *path);
ar_status wing_tour_export_csv(const char *results, const char *path);

/* The --tour and --csv rows, for the tour wing's table and the road tours' (one text each). */
#define WING_TOUR_EXPORT_TOUR                                                                      \
  WING_EXPORT_FILE("tour", "FILE.tour",                                                            \
                   "tours: write the best tour as a TSPLIB TOUR file (nodes 1-based, as LKH and "  \
                   "Concorde write them)",                                                         \
                   wing_tour_export_tour)
#define WING_TOUR_EXPORT_CSV                                                                       \
  WING_EXPORT_FILE("csv", "FILE.csv",                                                              \
                   "tours: write the best tour as CSV `position,node`, the node 0-based as in "    \
                   "/best/tour",                                                                   \
                   wing_tour_export_csv)

/* Ended by an entry whose write is NULL: --tour, --csv, --json. */
extern const wing_export wing_tour_exports[];

#endif
