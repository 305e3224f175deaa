/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_segment: a run of iterations of every local colony on the rank's OpenMP threads, with no
 * barrier between iterations.
 *
 * A segment is the iterations [first, end) between two boundaries of the run (epoch ends, stop
 * checks, checkpoints: aco_engine.c plans them). Inside it the colonies progress independently:
 * one parallel region, and a work queue (aco_queue.h) with one lane per colony whose stages are,
 * for each iteration, the colony's ants, (MMAS on problems that offer index parts, problem.h) the
 * parts of its next source's index, and the chunks of its trail update. Any thread
 * builds any ant; the thread that finishes a colony's last ant begins its update, the one that
 * finishes the last chunk ends it and releases the colony's next iteration. A colony's iteration
 * i + 1 depends only on its own update of iteration i, so a slow thread delays only the colony
 * whose ant it holds, while the others keep the remaining threads busy; the only wait is at the
 * segment's end. Every ant still uses its own counter-based stream and every update its fixed
 * order, so the colonies end the segment exactly as iteration-by-iteration barriers would leave
 * them, for any number of threads.
 *
 * Timers (timer.h): the threads' busy seconds in construction, local search and updates; the
 * segment's wall time is split among the three phases in that proportion, and `ant_busy` /
 * `ant_capacity` record how much of threads x wall time was busy (team_efficiency in /bsp).
 */
#ifndef AR_ACO_SEGMENT_H
#define AR_ACO_SEGMENT_H

#include "aco_engine_state.h"

/* The queue and the per-thread counters (after the colonies exist). AR_ERR_NOMEM,
 * AR_ERR_INTERNAL. */
ar_status aco_segment_setup(aco_engine *e);
void aco_segment_free(aco_engine *e);

/* Runs iterations first .. end - 1 (0 < end - first <= ACO_SEGMENT_MAX_ITERATIONS) of every
 * local colony; then, with the node's pool (aco_pool.h), builds the ants of the node's other
 * colonies until they reach iteration `meet` (where the boundary would wait for them:
 * aco_plan_meet). Allocates nothing; cannot fail. */
enum { ACO_SEGMENT_MAX_ITERATIONS = 1 << 22 }; /* x 3 stages < ACO_QUEUE_MAX_STAGES */
void aco_segment_run(aco_engine *e, int64_t first, int64_t end, int64_t meet);

#endif
