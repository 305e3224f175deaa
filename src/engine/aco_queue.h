/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_queue: the work of one segment of iterations, shared out among a rank's threads with no
 * barrier between iterations.
 *
 * A queue has `lanes` (the engine uses one per local colony). Each lane goes through numbered
 * stages 0, 1, 2, ... (the engine: the ants of an iteration, then the chunks of its trail
 * update), and each stage has a number of items. Any thread may claim any item of a lane's
 * current stage; the thread that finishes the last item of a stage does the stage's closing
 * work and opens the lane's next stage (aco_queue_advance). A lane whose next stage has no items
 * is done; the queue is done when every lane is. So a lane waits only for its own items: a
 * thread that lost its core (another process, a busy hardware thread) delays one lane, and the
 * other threads go on with the other lanes.
 *
 * Claims prefer the lane at the lowest stage (the colony furthest behind), which keeps the lanes
 * level and the end of a segment short. A thread that finds nothing to claim polls briefly, then
 * sleeps on a condition variable until a lane advances or the queue is done: waiting costs no
 * CPU time that another thread or process could use.
 *
 * Memory is allocated only by aco_queue_create (one cache line per lane); the other calls never
 * allocate and cannot fail.
 */
#ifndef AR_ACO_QUEUE_H
#define AR_ACO_QUEUE_H

#include <stdint.h>

#include "ar_error.h"

typedef struct aco_queue aco_queue;

/* Limits of one segment: items per stage, and stages. */
enum { ACO_QUEUE_MAX_ITEMS = (1 << 20) - 1 };
#define ACO_QUEUE_MAX_STAGES (INT64_C(1) << 24)

/* A queue of `lanes` lanes (>= 1). AR_ERR_NOMEM, or AR_ERR_INTERNAL when the mutex or the
 * condition variable cannot be made. */
ar_status aco_queue_create(int32_t lanes, aco_queue **out);
void aco_queue_free(aco_queue *q);

/* Before the threads start (not thread-safe): every lane at stage 0 with `items` items
 * (1 <= items <= ACO_QUEUE_MAX_ITEMS). */
void aco_queue_reset(aco_queue *q, int32_t items);

/* Claims an item of some lane's current stage: returns 1 with the lane, its stage and the item
 * index (0 <= item < the stage's items). Waits while nothing can be claimed; returns 0 once
 * every lane is done. Thread-safe. */
int aco_queue_claim(aco_queue *q, int32_t *lane, int64_t *stage, int32_t *item);

/* The caller finished an item it claimed in `lane`. Returns 1 when it was the last unfinished
 * item of the stage: the caller then owns the lane until it calls aco_queue_advance. */
int aco_queue_finish(aco_queue *q, int32_t lane);

/* By the owner of a finished stage: opens the lane's next stage with `items` items (0: the lane
 * is done; at most ACO_QUEUE_MAX_ITEMS; at most ACO_QUEUE_MAX_STAGES stages since the reset) and
 * wakes the sleeping threads. Everything the owner wrote before is visible to the threads that
 * claim the new items. */
void aco_queue_advance(aco_queue *q, int32_t lane, int32_t items);

#endif
