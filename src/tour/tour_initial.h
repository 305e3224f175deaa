/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_initial: a colony's first tour (problem.h: initial): a space-filling curve improved by
 * the whole-tour search, window by window on large instances, made once per kind and copied. */
#ifndef AR_TOUR_INITIAL_H
#define AR_TOUR_INITIAL_H

#include "ar_error.h"
#include "problem.h"

/* Nodes per window of large instances, passes of the whole-tour search. */
enum { TOUR_WINDOW = 100000, TOUR_FIRST_PASSES = 2 };
/* Nanoseconds a colony's thread sleeps between looks while another makes the first tour (and
 * it has no pass to help with). */
enum { TOUR_INITIAL_WAIT_NS = 100000 };

/* AR_ERR_NOMEM; AR_ERR_INTERNAL when the tour fails its own check. */
ar_status tour_initial(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out);

/* problem.h: initial_key. The kind of a colony's first tour (tour_first_kind) on coordinates;
 * -1 on EXPLICIT weights (a nearest-neighbour tour from a node of the colony's stream). */
int64_t tour_initial_key(const aco_problem *p, int64_t colony);

#endif
