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

/* Whether the plain first tour (TOUR_START_PLAIN) of this instance with these options is greedy
 * (symmetric coordinate instances; --first-tour, automatic from TOUR_GREEDY_FROM nodes). */
int tour_first_is_greedy(const tour_net *net, const tour_options *opt);

/* Which first tour colony `colony` starts from (TOUR_START_*): with --first-tour pi-greedy every
 * colony's is the greedy matching on the penalised costs, and so, automatically, the odd
 * colonies' on symmetric coordinate instances of TOUR_COLONIES_FROM to TOUR_ANTS_WHOLE_BELOW - 1
 * nodes (where two colonies are automatic: one search from each kind; docs/performance.md); the
 * others start from the plain one. */
int tour_first_kind(const tour_net *net, const tour_options *opt, int32_t colony);

/* Whether some colony may start from a greedy matching (for memory estimates). */
int tour_first_uses_greedy(const tour_net *net, const tour_options *opt);

/* order[0..n) = the greedy tour; penalised: on the candidates' costs d(u, v) + pi(u) + pi(v)
 * (tp->ls_dist; plain lengths where the problem has no penalties), else on their lengths (the
 * leftover paths are joined by lengths either way). O(n log n) time; while it runs, 16 bytes per
 * candidate edge (8 a node) and about 25 bytes a node (tour_estimate.c counts them).
 * AR_ERR_NOMEM. */
ar_status tour_greedy_order(const tour_problem *tp, int32_t *order, int penalised);

#endif
