/* SPDX-License-Identifier: BSD-3-Clause */
/* timer: named phase timers of the search that cost nothing when off.
 *
 * Compile time: building with -DANTROUTE_TIMERS=0 turns every call into nothing. Run time:
 * timer_enable(0) (solve --timers no) makes timer_now() return 0 without reading the clock and
 * timer_add() do nothing, so a run pays one predictable branch per call.
 *
 * A timer_set holds one rank's accumulated seconds per phase; its owner (the engine's master
 * thread) adds to it. Times measured inside OpenMP loops are reduced by the caller first.
 */
#ifndef AR_TIMER_H
#define AR_TIMER_H

#include <mpi.h>

#ifndef ANTROUTE_TIMERS
#define ANTROUTE_TIMERS 1
#endif

typedef enum {
  TIMER_CONSTRUCT,    /* ants building solutions (wall time of the ant loop, share of it) */
  TIMER_LOCAL_SEARCH, /* ants' local search (wall time of the ant loop, share of it) */
  TIMER_UPDATE,       /* trail updates */
  TIMER_EXCHANGE,     /* epoch-end best exchange and migration (communication) */
  TIMER_SHARE,        /* pheromone sharing between colonies (communication) */
  TIMER_CHECKPOINT,   /* the boundary hooks: progress lines, checkpoints, stop agreement (I/O) */
  TIMER_WAIT,         /* waiting for the other ranks at the epoch ends and boundaries (imbalance) */
  TIMER_COUNT
} timer_id;

typedef struct {
  double total[TIMER_COUNT]; /* seconds per phase */
} timer_set;

/* Short column names ("construct", "local_search", ...), for datasets and tables. */
const char *timer_name(timer_id id);

/* Turns timing on or off for the whole process (default: on). Call before a run. */
void timer_enable(int on);
int timer_enabled(void);

#if ANTROUTE_TIMERS
extern int timer_on_;
/* The current time when timing is on, 0 otherwise. */
static inline double timer_now(void) { return timer_on_ ? MPI_Wtime() : 0.0; }
/* Adds the seconds since t0 (from timer_now) to phase id. */
static inline void timer_add(timer_set *s, timer_id id, double t0) {
  if (timer_on_) s->total[id] += MPI_Wtime() - t0;
}
/* Adds seconds measured elsewhere. */
static inline void timer_add_seconds(timer_set *s, timer_id id, double seconds) {
  if (timer_on_) s->total[id] += seconds;
}
#else
static inline double timer_now(void) { return 0.0; }
static inline void timer_add(timer_set *s, timer_id id, double t0) {
  (void)s;
  (void)id;
  (void)t0;
}
static inline void timer_add_seconds(timer_set *s, timer_id id, double seconds) {
  (void)s;
  (void)id;
  (void)seconds;
}
#endif

#endif
