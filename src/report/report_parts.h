/* report_parts: the sections of the report summary, one file each (report_summary.c calls them).
 *
 * Each prints what it finds and skips what is absent; failures are AR_ERR_INPUT for a dataset of
 * the wrong shape (named with its file) and AR_ERR_NOMEM.
 */
#ifndef AR_REPORT_PARTS_H
#define AR_REPORT_PARTS_H

#include <hdf5.h>
#include <stddef.h>
#include <stdio.h>

#include "ar_error.h"

/* Best tour: length, where and when it was found, gap to the optimum (report_tour.c). */
ar_status report_print_tour_best(hid_t file, FILE *out);

/* Order routing: totals per goal, gap to a bound, served and
 * unserved orders with their reasons, a table per month (report_supply.c). */
ar_status report_print_supply(hid_t file, FILE *out);

/* Order-routing results have no /run group: the run's seconds, iterations and epochs summed over
 * the months (-1 when absent). Returns 1 when the seconds were found. */
int report_supply_run_totals(hid_t file, double *seconds, double *iterations, double *epochs);

/* BSP time split per phase over the ranks, and the imbalance naming the slowest rank
 * (report_bsp.c). */
ar_status report_print_bsp(hid_t file, FILE *out);

/* Formats v with thousands separators and `decimals` digits after the point into buf
 * (report_format.c). */
const char *report_fmt_number(char *buf, size_t cap, double v, int decimals);

#endif
