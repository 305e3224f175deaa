/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour_report: the tour wing's sections of `antroute report RESULTS.h5`. */
#ifndef AR_WING_TOUR_REPORT_H
#define AR_WING_TOUR_REPORT_H

#include <hdf5.h>
#include <stdio.h>

#include "ar_error.h"
#include "wing_report.h"

/* The best tour: length, where and when it was found, gap to the optimum and to the lower bound;
 * facts->nodes becomes the length of /best/tour (-1 without one). Never fails: what is absent is
 * said so. */
ar_status wing_tour_report_summary(hid_t file, FILE *out, wing_report_facts *facts);

/* The network of the pictures visits as many nodes as the best tour: AR_ERR_INPUT naming net_path
 * and the results file otherwise. */
ar_status wing_tour_report_network_check(hid_t net, const wing_report_facts *facts,
                                         const char *net_path);

#endif
