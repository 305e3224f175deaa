/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_greedy: a first tour by greedy edge matching on the candidate lists, its leftover paths
 * joined through their nearest ends (coordinate instances, symmetric; tour_greedy.c). */
#ifndef AR_TOUR_GREEDY_H
#define AR_TOUR_GREEDY_H

#include <stdint.h>

#include "ar_error.h"
#include "tour_problem_types.h"

/* Candidate edges per node (the first of its list) and per path end in the joining rounds. */
enum { TOUR_GREEDY_LIST = 8, TOUR_GREEDY_ENDS = 8 };
/* The automatic first tour is greedy from this many nodes on (docs/performance.md). */
enum { TOUR_GREEDY_FROM = 10000 };
/* Bytes of one candidate edge (for memory estimates). */
enum { TOUR_GREEDY_EDGE_BYTES = 16 };

/* Whether the first tour of this instance with these options starts greedy (symmetric
 * coordinate instances; --first-tour, automatic from TOUR_GREEDY_FROM nodes). */
int tour_first_is_greedy(const tour_net *net, const tour_options *opt);

/* order[0..n) = the greedy tour. O(n log n) time; while it runs, 16 bytes per candidate edge
 * (8 a node) and about 25 bytes a node (tour_estimate.c counts them). AR_ERR_NOMEM. */
ar_status tour_greedy_order(const tour_problem *tp, int32_t *order);

#endif
