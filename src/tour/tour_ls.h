/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_ls: the local search of the tour problem (2-opt, Or-opt, Or-3opt, Lin-Kernighan chains, and
 * in the ants double bridges) from the nodes in the scratch's work list. None fails. */
#ifndef AR_TOUR_LS_H
#define AR_TOUR_LS_H

#include <stdint.h>

#include "tour_problem_types.h"

/* Local search on order (s->pos and s->nlen consistent with it) from the nodes in the scratch
 * queue; returns the length change (<= 0). whole: the queue holds a whole tour (the first
 * tour): Lin-Kernighan chains too, and moves only between nodes at most max(TOUR_LS_REACH_MIN,
 * TOUR_LS_REACH sqrt(n)) apart in the tour, so that array edits stay short on 10^5-10^6 nodes
 * (a curve tour's defects are local). */
enum { TOUR_LS_REACH = 50, TOUR_LS_REACH_MIN = 1000 };
int64_t tour_ls_run(const tour_problem *tp, tour_scratch *s, int32_t *order, int whole);
/* The whole-tour search kept inside the positions lo..hi-1 of order (moves pick nodes at least
 * TOUR_WINDOW_MARGIN inside, reversals and block moves stay inside), so that disjoint windows
 * can be improved at once on the same order, pos and nlen, each from its own queue. */
enum { TOUR_WINDOW_MARGIN = TOUR_SEGMENT_MAX + 2 };
int64_t tour_ls_run_window(const tour_problem *tp, tour_scratch *s, int32_t *order, int32_t lo,
                           int32_t hi);
/* The ants' search (tour_ls_run with whole 0) from one node only, on order with s's pos and nlen:
 * returns whether a move improved (then the touched nodes and node itself were queued in s),
 * and the length change in *change (0 without). Nothing else is read from the queue. */
int tour_ls_node(const tour_problem *tp, tour_scratch *s, int32_t *order, int32_t node,
                 int64_t *change);
/* Fills s->pos and s->nlen for order (O(n) distances; constructions fill them as they go). */
void tour_ls_prepare(const tour_problem *tp, tour_scratch *s, const int32_t *order);
/* Empties the work list (it is empty after a search; not after a construction without one). */
void tour_ls_clear(tour_scratch *s);
/* Queues a node for local search (no-op if queued). */
static inline void tour_ls_push(tour_scratch *s, int32_t node) {
  if (s->queued[node]) return;
  s->queued[node] = 1;
  int32_t at = s->qhead + s->qcount;
  if (at >= s->qcap) at -= s->qcap;
  s->queue[at] = node;
  s->qcount++;
}

#endif
