/* SPDX-License-Identifier: BSD-3-Clause */
/* bound_progress: what `solve` and `import` print while they run a Held-Karp ascent (rank 0):
 * before a long lower bound, "computing the Held-Karp bound of N nodes (estimated T s; --no-bound
 * skips it)"; during it, lines "bound: step 120/~400, 35.2 s, ETA 82 s" through progress.h (the
 * ascent of alpha-nearness candidate lists: "alpha-nearness: step ..."), at most one per progress
 * interval, none when quiet. Never fails (output is best effort).
 */
#ifndef AR_BOUND_PROGRESS_H
#define AR_BOUND_PROGRESS_H

#include "progress.h"
#include "tour_bound.h"
#include "tour_problem_types.h"
#include "work_progress.h"

/* A bound estimated to take at least this long is announced first. */
#define BOUND_PROGRESS_ANNOUNCE_SECONDS 5.0

typedef struct {
  progress_out out;
  double t0;         /* when the bound started (MPI_Wtime) */
  double first_step; /* when its first ascent step started (seconds after t0) */
  int shown;         /* lines shown */
  const char *label;
  work_progress lists; /* the lines of the sparse graph's lists on 100,000+ nodes, before the
                          first step's */
} bound_progress;

/* Announces a long bound (unless quiet) and hooks the progress lines into *opt (its sparse
 * graph's lists on 100,000+ nodes too: work_progress.h, "bound: nearest neighbours, 40 %, ...").
 * `every`: seconds between lines (0: every ascent step). p must live until bound_progress_end. */
void bound_progress_begin(bound_progress *p, const tour_net *net, double every, int quiet,
                          tour_bound_options *opt);

/* The lines of the alpha-nearness ascent of the candidate lists (tour_options: progress). */
void bound_progress_alpha(bound_progress *p, double every, int quiet, tour_options *opt);

/* Ends a live line, so that what follows starts on a line of its own. */
void bound_progress_end(bound_progress *p);

#endif
