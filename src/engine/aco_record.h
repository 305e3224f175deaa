/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_record: what the engine records at every epoch end (the same on every rank except the
 * times) and the columns of its per-rank BSP record. */
#ifndef AR_ACO_RECORD_H
#define AR_ACO_RECORD_H

#include <stdint.h>

#include "problem.h"

/* One record per epoch end (the same on every rank except the times). */
typedef struct {
  int64_t iteration;   /* iterations completed at the epoch end */
  double time;         /* seconds since the start of the run */
  aco_cost best_cost;  /* global best */
  int32_t best_colony; /* colony that holds it */
} aco_epoch_record;

/* An improvement of a colony's best (aco_improve.h); a rank records the first ACO_IMPROVE_CAP of
 * a run (colonies improve mostly early: two colonies made 31-45 in 8-15 s on 1,000-4,500 nodes). */
enum { ACO_IMPROVE_CAP = 4096 };
/* One improvement. */
typedef struct {
  int64_t iteration; /* the iteration whose ants found it (0-based, as /best/iteration) */
  double time;       /* seconds since the start of the search when its update began */
  double cost;       /* the colony's new best cost (key 0) */
  int64_t colony;    /* global colony index */
} aco_improvement;

/* Columns of a BSP row: compute w, communication, synchronisation (barrier wait), I/O. */
enum { ACO_BSP_W = 0, ACO_BSP_COMM = 1, ACO_BSP_SYNC = 2, ACO_BSP_IO = 3, ACO_BSP_FIELDS = 4 };

#endif
