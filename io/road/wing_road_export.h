/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_export: the exports of a road tour's results (`antroute export RESULTS.h5 ...`):
 * --geojson ROUTE.geojson (the route as a LineString and the stops as Points) and --tsplib
 * STOPS.atsp (the stop-to-stop matrix of the stops file the run solved, as a TSPLIB ATSP with
 * an explicit full matrix, for LKH and other solvers), and the tour wing's --tour, --csv (stop
 * rows) and --json (with the road's cost unit). */
#ifndef AR_WING_ROAD_EXPORT_H
#define AR_WING_ROAD_EXPORT_H

#include "wing.h"

/* Ended by an entry whose write is NULL. Each write fails with AR_ERR_INPUT naming the results
 * file (not a road tour's, a /route without coordinates, a stops file that is gone or changed),
 * AR_ERR_IO naming the output, AR_ERR_NOMEM; the output goes through PATH.tmp and a rename. */
extern const wing_export wing_road_exports[];

#endif
