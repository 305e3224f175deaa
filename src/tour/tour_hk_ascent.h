/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_hk_ascent: the Held-Karp bound by LKH's subgradient ascent (tour_bound.h describes it),
 * on the sparse graph and 1-trees of tour_hk.h. */
#ifndef AR_TOUR_HK_ASCENT_H
#define AR_TOUR_HK_ASCENT_H

#include <stdint.h>

#include "ar_error.h"
#include "tour_bound_options.h"
#include "tour_net.h"

/* The first period of the ascent for a graph of n nodes: 1,000 steps up to 2,000 nodes (small
 * clustered instances such as d198 need that many), then 2 x 10^6 / n, at least 100: a step costs
 * O(n log n), and uniform instances beyond a few thousand nodes gain less than 0.02 % from longer
 * periods (docs/bounds.md). */
int32_t tour_bound_period(int32_t n);

/* About how many ascent steps the bound takes from a first period of `period` steps (capped by
 * max_steps > 0): for progress lines and time estimates, never for the result. */
int64_t tour_bound_steps_estimate(int32_t period, int64_t max_steps);

/* The Held-Karp ascent on net (symmetric) or on its 2n-node transformation (directed); sets
 * value, ascent_steps, sparse_edges and exact_checks of out. AR_ERR_NOMEM, AR_ERR_INTERNAL (a
 * sparse graph that stays disconnected). */
ar_status tour_hk_bound(const tour_net *net, const tour_bound_options *opt, tour_lower_bound *out);

/* Penalties for candidate lists (tour_alpha.c): LKH's schedule from pi = 0, one round of at most
 * opt->max_steps sparse 1-trees; pi[n] gets the best penalties (scaled as hk_key in tour_hk.h)
 * and eu, ev[n - 1] the minimum spanning tree of the complete graph under them. Symmetric
 * instances only (AR_ERR_INTERNAL otherwise); AR_ERR_NOMEM. */
ar_status tour_hk_penalties(const tour_net *net, const tour_bound_options *opt, int64_t *pi,
                            int32_t *eu, int32_t *ev);

#endif
