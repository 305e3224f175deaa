/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_pass: the first tour's pass of the ants' search from every node (tour_initial.c, with long
 * chains) on all of a rank's OpenMP threads, ending on the tour the node-by-node pass ends on.
 *
 * The pass takes nodes from its work list in order and searches from each; most searches move
 * nothing (fnl4461: 342 of 5,885) and leave the tour as they found it. So while one thread
 * searches from the list's first node, the others search from the next ones, each on a copy of
 * the tour (a replica), and the results are taken in list order: a search that moved nothing
 * stands as long as no move was taken after it started; one that did is taken as the node-by-
 * node pass would take it (the master tour becomes its replica, the nodes it queued are queued
 * in the master list, in their order); a search that started before the last move taken is
 * made again. Neither the tour nor the list depends on the threads, or on which thread searched
 * what. */
#ifndef AR_TOUR_PASS_H
#define AR_TOUR_PASS_H

#include <stdint.h>

#include "tour_problem_types.h"

typedef struct tour_pass tour_pass;

/* Searches ahead of the list's first node, per thread. */
enum { TOUR_PASS_AHEAD = 16 };

/* The search from the nodes queued in s (tour_ls_run with whole 0) on order and s's pos and nlen,
 * with every thread of the calling OpenMP team that joins (idle threads take the tasks it makes;
 * threads of the team waiting for the first tour call tour_pass_help); returns the length
 * change. One thread, no team or no memory for the replicas: tour_ls_run itself. */
int64_t tour_pass_run(tour_problem *tp, tour_scratch *s, int32_t *order);

/* tour_pass_run whose workers wait until `wait` of them (at most the team) joined before the
 * first search, so that a test knows the threads shared the pass; *workers (may be NULL): how
 * many joined (1 when tour_ls_run did the pass). */
int64_t tour_pass_run_with(tour_problem *tp, tour_scratch *s, int32_t *order, int wait,
                           int *workers);

/* Joins the pass tp has under way, if any, until its list is empty; returns at once without
 * one. Returns whether there was one. */
int tour_pass_help(tour_problem *tp);

#endif
