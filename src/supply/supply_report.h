/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_report: the human summary of a checked plan (totals per goal, objective, violations),
 * printed by `evaluate` and `solve`. */
#ifndef AR_SUPPLY_REPORT_H
#define AR_SUPPLY_REPORT_H

#include <stdio.h>

#include "supply_check.h"

/* Prints the served/unserved counts, cost parts, time, CO2, the objective vector and the
 * violations (at most list_max of each kind; 0 = all), ending with "feasible: yes|no". */
void supply_report_print(FILE *out, const supply_model *m, const supply_assign *a,
                         const supply_check_result *r, int list_max);

#endif
