/* SPDX-License-Identifier: BSD-3-Clause */
/* work_progress: what `solve` prints (rank 0) during the long steps before the search on 100,000+
 * nodes that are not a Held-Karp ascent (bound_progress.h has those): the candidate lists by
 * nearest or quadrant neighbours, the lists of the bound's sparse graph ("bound: nearest
 * neighbours, ...") and the first tour's local search, as lines "candidate lists:
 * nearest neighbours, 38 %, 2.1 s, ETA 3.4 s" through progress.h, at most one per progress
 * interval, none when quiet. The percentage and the ETA come from the work done so far in the
 * step named (nodes done, or local-search nodes taken from a work list that may grow), the time
 * from the step's start. Never fails (output is best effort).
 */
#ifndef AR_WORK_PROGRESS_H
#define AR_WORK_PROGRESS_H

#include "progress.h"
#include "tour_bound_options.h"

typedef struct {
  progress_out out;
  char step[64]; /* the step reported last */
  double t0;     /* when it started (ar_clock_elapsed) */
} work_progress;

/* Hooks the lines into *work and *work_arg (tour_options or tour_bound_options: work, work_arg;
 * none when quiet). `every`: seconds between lines (0: every report). p must live as long as the
 * hook may be called. */
void work_progress_begin(work_progress *p, double every, int quiet, tour_work_fn *work,
                         void **work_arg);

/* Ends a live line, so that what follows starts on a line of its own; no lines after it. */
void work_progress_end(work_progress *p);

#endif
