/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_results: the road wing's summaries of its results for `antroute inspect` and
 * `antroute report`: the tour wing's, then the route's totals. */
#ifndef AR_WING_ROAD_RESULTS_H
#define AR_WING_ROAD_RESULTS_H

#include <hdf5.h>
#include <stdio.h>

#include "ar_error.h"
#include "wing_report.h"

/* inspect: as wing_tour_inspect_results, then "route:" and "roads:" lines. AR_ERR_INPUT naming
 * the file and what is missing (/route and its attributes), AR_ERR_HDF5, AR_ERR_NOMEM. */
ar_status wing_road_results_inspect(hid_t file, FILE *out);

/* report: as wing_tour_report_summary, then the route's length and time. Never fails: what is
 * absent is said so. */
ar_status wing_road_results_report(hid_t file, FILE *out, wing_report_facts *facts);

#endif
