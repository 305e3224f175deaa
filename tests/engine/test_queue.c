/* SPDX-License-Identifier: BSD-3-Clause */
/* The work queue of a segment (src/engine/aco_queue.h) on real threads: every item of every
 * stage of every lane is claimed exactly once, a stage is claimed only after the previous one was
 * closed (and the closing thread's writes are seen by the claimers), each lane ends after its
 * last stage, and claim returns 0 only when every lane is done. Run with more threads than this
 * machine has cores and with single-item stages, so that threads also go to sleep and are woken. */
#include <omp.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "aco_queue.h"
#include "test_util.h"

enum { MAX_LANES = 6, STAGES = 300, MAX_ITEMS = 9 };

/* Stage 0 has the same count in every lane (aco_queue_reset; the engine's ants), later stages
 * differ from lane to lane and stage to stage. */
static int32_t items_of(int32_t lane, int64_t stage, int single) {
  if (single) return 1;
  return stage == 0 ? 4 : 1 + (int32_t)((lane * 7 + stage * 3) % MAX_ITEMS);
}

typedef struct {
  _Atomic int ran[MAX_LANES][STAGES][MAX_ITEMS]; /* claims of each item */
  int64_t closed[MAX_LANES];                     /* stages closed, written by the closing thread */
  _Atomic int bad_order;                         /* claims of a stage whose predecessor was open */
  _Atomic int bad_close;                         /* closings that did not see every item done */
} queue_log;

static void work(aco_queue *q, queue_log *log, int single) {
  int32_t lane, item;
  int64_t stage;
  while (aco_queue_claim(q, &lane, &stage, &item)) {
    if (log->closed[lane] != stage) atomic_fetch_add(&log->bad_order, 1);
    atomic_fetch_add(&log->ran[lane][stage][item], 1);
    if (!aco_queue_finish(q, lane)) continue;
    for (int32_t i = 0; i < items_of(lane, stage, single); i++)
      if (atomic_load(&log->ran[lane][stage][i]) != 1) atomic_fetch_add(&log->bad_close, 1);
    log->closed[lane] = stage + 1;
    aco_queue_advance(q, lane, stage + 1 < STAGES ? items_of(lane, stage + 1, single) : 0);
  }
}

static void run_case(int32_t lanes, int threads, int single) {
  aco_queue *q = NULL;
  CHECK(aco_queue_create(lanes, &q) == AR_OK);
  queue_log *log = calloc(1, sizeof *log);
  aco_queue_reset(q, items_of(0, 0, single));
#pragma omp parallel num_threads(threads)
  work(q, log, single);
  long missing = 0;
  for (int32_t l = 0; l < lanes; l++) {
    CHECK_EQ_INT(log->closed[l], STAGES);
    for (int64_t s = 0; s < STAGES; s++)
      for (int32_t i = 0; i < MAX_ITEMS; i++)
        if (atomic_load(&log->ran[l][s][i]) != (i < items_of(l, s, single) ? 1 : 0)) missing++;
  }
  printf("%d lanes, %d threads, %s stages: %d out-of-order claims, %d early closings, %ld items "
         "not run exactly once\n",
         (int)lanes, threads, single ? "single-item" : "1-9 item", atomic_load(&log->bad_order),
         atomic_load(&log->bad_close), missing);
  CHECK_EQ_INT(atomic_load(&log->bad_order), 0);
  CHECK_EQ_INT(atomic_load(&log->bad_close), 0);
  CHECK_EQ_INT(missing, 0);
  /* Done stays done: another claim returns at once. */
  int32_t lane, item;
  int64_t stage;
  CHECK_EQ_INT(aco_queue_claim(q, &lane, &stage, &item), 0);
  free(log);
  aco_queue_free(q);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  run_case(1, 4, 0);
  run_case(1, 3, 1);
  run_case(MAX_LANES, 4, 0);
  run_case(MAX_LANES, 3, 1);
  run_case(MAX_LANES, 1, 0);
  return 0;
}
