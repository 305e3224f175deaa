/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_report: the supply-chain wing's sections of `antroute report RESULTS.h5`. */
#ifndef AR_WING_SUPPLY_REPORT_H
#define AR_WING_SUPPLY_REPORT_H

#include <hdf5.h>
#include <stdio.h>

#include "ar_error.h"
#include "wing_report.h"

/* Totals per goal, the gap to a bound, served and unserved orders with their reasons, a table per
 * month; what is absent is not printed. AR_ERR_INPUT for a dataset of the wrong shape (named with
 * its file), AR_ERR_NOMEM. */
ar_status wing_supply_report_summary(hid_t file, FILE *out, wing_report_facts *facts);

/* Order-routing results have no /run group: the run line from the seconds, iterations and epochs
 * summed over the months (nothing when the months lack seconds). Never fails. */
void wing_supply_report_run(hid_t file, FILE *out);

#endif
