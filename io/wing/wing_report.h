/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_report: what `antroute report` learns of a results file, for the pictures and the check of
 * the network file (src/report/report.h). The kind-free summary fills results, kind, input and
 * instance; the wing's report_summary fills what its network check compares.
 */
#ifndef AR_WING_REPORT_H
#define AR_WING_REPORT_H

#include <stdint.h>

#include "h5u.h"

typedef struct {
  char results[H5U_PATH_MAX]; /* the results file, as given to report (for messages) */
  char kind[32];              /* root `kind` ("" if absent and no wing recognised the file) */
  char input[H5U_PATH_MAX];   /* root `input`: the network file as given to solve ("" if absent) */
  char instance[256];         /* root `instance` ("" if absent) */
  int64_t nodes;              /* what the results visit, for the network check (tours: the length
                                 of /best/tour); -1 when unknown */
} wing_report_facts;

#endif
