/* SPDX-License-Identifier: BSD-3-Clause */
/* import_bound: the importers' lower bound (see import_bound.h). */
#include "import_bound.h"

#include <stdio.h>

#include "bound_progress.h"
#include "tour_bound.h"

/* Seconds between the bound's progress lines in import (it has no --progress). */
#define IMPORT_PROGRESS_SECONDS 5.0

ar_status import_bound_compute(const param_set *ps, tour_net *t) {
  if (param_flag(ps, "no-bound")) return AR_OK;
  tour_bound_options opt = tour_bound_options_default();
  bound_progress bp;
  bound_progress_begin(&bp, t, IMPORT_PROGRESS_SECONDS, 0, &opt);
  ar_status st = tour_bound_compute(t, &opt, &t->lower);
  bound_progress_end(&bp);
  if (st != AR_OK) ar_error_prefix("%s: computing the lower bound", t->name);
  return st;
}

void import_bound_describe(const tour_net *t, char *buf, size_t cap) {
  if (!t->lower.computed) {
    snprintf(buf, cap, "%s", "");
    return;
  }
  snprintf(buf, cap, ", lower bound %lld (%s, %.1f s)", (long long)t->lower.value, t->lower.method,
           t->lower.seconds);
}
