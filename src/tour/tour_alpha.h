/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_alpha: candidate lists by alpha-nearness (tour_alpha.c says how). */
#ifndef AR_TOUR_ALPHA_H
#define AR_TOUR_ALPHA_H

#include <stdint.h>

#include "ar_error.h"
#include "tour_bound_options.h"
#include "tour_net.h"

/* The ascent steps alpha-nearness gets on n nodes when `steps` are asked for: at most
 * TOUR_ALPHA_WORK / n (a step costs O(n log n): about 1 CPU s at 4,000 nodes for 1,000 steps),
 * and 0 (nearest neighbours) when that is below TOUR_ALPHA_MIN_STEPS (beyond 80,000 nodes: a
 * shorter ascent gives poor penalties, and the tables take O(n log n) memory). Never fails. */
enum { TOUR_ALPHA_WORK = 4000000, TOUR_ALPHA_MIN_STEPS = 50 };
/* The steps asked by default (solve --alpha-steps, and import --alpha-steps so that a solve with
 * its defaults finds its ascent stored), as a number and as the options' default text. */
#define TOUR_ALPHA_STEPS_DEFAULT      1000
#define TOUR_ALPHA_STEPS_DEFAULT_TEXT "1000"

int32_t tour_alpha_steps(int32_t n, int32_t steps);

/* The penalties and spanning tree of the ascent that tour_candidates_alpha runs with `steps` asked
 * for (tour_alpha_steps of them), for storing with the network: with them in net->alpha,
 * tour_candidates_alpha skips its ascent and builds the same lists. All zero when that ascent has
 * no steps (a directed instance, or beyond 80,000 nodes). AR_ERR_NOMEM. */
ar_status tour_alpha_penalties_compute(const tour_net *net, int32_t steps,
                                       tour_alpha_penalties *out);

/* Whether net->alpha holds the result of the ascent of `steps` steps (tour_alpha_steps of what
 * was asked): the same steps and the same scale. Then that ascent is not run. */
int tour_alpha_stored_fits(const tour_net *net, int32_t steps);

/* Replaces each node's list built by tour_candidates_build by the `width` nodes of smallest
 * alpha-nearness among its list, its `quadrant` nearest per quadrant (2-D coordinates) and its
 * spanning-tree neighbours; the first `first` entries, then the rest, each nearest first. The
 * ascent runs at most `steps` steps, or not at all when net->alpha holds its result (the same
 * steps and scale). Directed instances: nothing changes. The lists do not
 * depend on the threads. AR_ERR_NOMEM, AR_ERR_STOPPED (a stop signal during the ascent). */
ar_status tour_candidates_alpha(const tour_net *net, int32_t width, int32_t first, int32_t steps,
                                int32_t quadrant, int32_t *nbr, int64_t *dist);

/* The same, calling progress (may be NULL) before every step of the ascent (tour_bound_options.h),
 * and, when pi is not NULL, leaving the ascent's penalties in pi [n] and its cost scale in
 * *scale (pi in units of 1 / scale; untouched when there is no ascent, undefined on failure). */
ar_status tour_candidates_alpha_with(const tour_net *net, int32_t width, int32_t first,
                                     int32_t steps, int32_t quadrant,
                                     tour_bound_progress_fn progress, void *progress_arg,
                                     int32_t *nbr, int64_t *dist, int64_t *pi, int64_t *scale);

#endif
