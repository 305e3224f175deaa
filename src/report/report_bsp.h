/* SPDX-License-Identifier: BSD-3-Clause */
/* report_bsp: the BSP time split of a results file in the report summary: per phase over the
 * ranks, and the imbalance naming the slowest rank. */
#ifndef AR_REPORT_BSP_H
#define AR_REPORT_BSP_H

#include <hdf5.h>
#include <stdio.h>

#include "ar_error.h"

/* Prints what it finds and says when nothing is recorded. AR_ERR_INPUT for /run/rank_seconds of
 * the wrong shape (named with its file), AR_ERR_NOMEM. */
ar_status report_print_bsp(hid_t file, FILE *out);

#endif
