/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_bound_options: the options of the tour bound (tour_bound.h) and the names of its methods,
 * shared by the bound and its Held-Karp ascent (tour_hk_ascent.h). Types and names only. */
#ifndef AR_TOUR_BOUND_OPTIONS_H
#define AR_TOUR_BOUND_OPTIONS_H

#include <stdint.h>

/* Called before every ascent step (1-based) with an estimate of the steps the ascent takes in all
 * (it grows when the schedule runs longer): progress lines with an ETA (solve, import). */
typedef void (*tour_bound_progress_fn)(void *arg, int64_t step, int64_t steps_estimate);

/* Called between chunks of the long steps before the search (candidate lists, the bound's sparse
 * graph, the first tour; tour_work.h) with the step's name, the work done in it and an estimate
 * of all its work (it may grow while a local search queues nodes again): progress lines. Never
 * changes the result. */
typedef void (*tour_work_fn)(void *arg, const char *step, int64_t done, int64_t total);

typedef struct {
  int32_t candidates;     /* nearest neighbours per node in the sparse graph (0: default) */
  int32_t quadrant;       /* 2-D coordinates: also the nearest this many in each quadrant (-1:
                             default) */
  int32_t initial_period; /* ascent steps of the first period (0: tour_bound_period()) */
  int64_t max_steps;      /* cap on all ascent steps (0: no cap beyond the schedule's own end) */
  tour_bound_progress_fn progress; /* NULL: none; never changes the result */
  void *progress_arg;
  tour_work_fn work; /* the sparse graph's lists on 100,000+ nodes (tour_work.h); NULL: none */
  void *work_arg;
} tour_bound_options;

#define TOUR_BOUND_METHOD_HELD_KARP  "held-karp"
#define TOUR_BOUND_METHOD_ASSIGNMENT "assignment"
#define TOUR_BOUND_METHOD_HK_ATSP    "held-karp-atsp"

#endif
