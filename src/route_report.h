/* route_report: the human summary of a checked plan (totals per goal, objective, violations),
 * printed by `evaluate` and `solve`. */
#ifndef AR_ROUTE_REPORT_H
#define AR_ROUTE_REPORT_H

#include <stdio.h>

#include "route_check.h"

/* Prints the served/unserved counts, cost parts, time, CO2, the objective vector and the
 * violations (at most list_max of each kind; 0 = all), ending with "feasible: yes|no". */
void route_report_print(FILE *out, const route_model *m, const route_assign *a,
                        const route_check_result *r, int list_max);

#endif
