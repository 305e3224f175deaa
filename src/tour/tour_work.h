/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_work: progress reports of the long steps before the search on 100,000+ nodes (the
 * nearest-neighbour and quadrant candidate lists, the first tour's local search): the work done
 * and left in each part worked on at once (the first tour's windows), summed and passed to the
 * options' hook (tour_options: work) between chunks of work. Reports only read counters: they
 * never change the order of the work or any result. None fails (reports are best effort).
 */
#ifndef AR_TOUR_WORK_H
#define AR_TOUR_WORK_H

#include <stdint.h>

#include "tour_bound_options.h"

/* Instances from this size on report; nodes per chunk of the candidate lists; local-search nodes
 * taken from a work list between two reports. */
enum { TOUR_WORK_FROM = 100000, TOUR_WORK_CHUNK = 8192, TOUR_WORK_TICK = 4096 };

typedef struct tour_work {
  tour_work_fn fn; /* NULL: no reports */
  void *arg;
  char step[64];
  int32_t parts;
  int64_t *count; /* [2 parts]: work done and left in each part */
} tour_work;

/* Starts a step named `step` of `parts` parts on an instance of n nodes: reports to fn(arg, ...),
 * none below TOUR_WORK_FROM nodes, without fn or without memory for the counters. Tells fn the
 * step started (done 0). */
void tour_work_begin(tour_work *w, tour_work_fn fn, void *arg, int32_t n, const char *step,
                     int32_t parts);

/* Part `part` has done `done` and has `left` to do; reports the sums when done > 0. Any thread
 * (the hook is called by one at a time). */
void tour_work_tick(tour_work *w, int32_t part, int64_t done, int64_t left);

/* Ends the step (frees the counters). */
void tour_work_end(tour_work *w);

#endif
