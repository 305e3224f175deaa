/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_work: progress reports of the long steps before the search (see tour_work.h). */
#include "tour_work.h"

#include <stdio.h>
#include <stdlib.h>

void tour_work_begin(tour_work *w, tour_work_fn fn, void *arg, int32_t n, const char *step,
                     int32_t parts) {
  w->fn = n >= TOUR_WORK_FROM && parts > 0 ? fn : NULL;
  w->arg = arg;
  w->parts = parts;
  w->count = w->fn ? calloc(2 * (size_t)parts, sizeof(int64_t)) : NULL;
  if (!w->count) w->fn = NULL;
  snprintf(w->step, sizeof w->step, "%s", step);
  if (w->fn) w->fn(w->arg, w->step, 0, 0);
}

void tour_work_tick(tour_work *w, int32_t part, int64_t done, int64_t left) {
  if (!w || !w->fn || part < 0 || part >= w->parts) return;
#pragma omp critical(tour_work_report)
  { /* one part at a time: every 4,096 nodes of a search, so the lock costs nothing measurable */
    w->count[2 * part] = done;
    w->count[2 * part + 1] = left;
    int64_t sum_done = 0, sum_left = 0;
    for (int32_t k = 0; k < w->parts; k++) {
      sum_done += w->count[2 * k];
      sum_left += w->count[2 * k + 1];
    }
    if (done > 0) w->fn(w->arg, w->step, sum_done, sum_done + sum_left);
  }
}

void tour_work_end(tour_work *w) {
  free(w->count);
  w->count = NULL;
  w->fn = NULL;
}
