/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_engine_state: the engine's own state, for the files of src/engine only.
 *
 * Colonies (see aco_colony.h) plus the global fields marked "state" below are what a checkpoint
 * holds (aco_engine_ckpt.c); the rest is derived or bookkeeping.
 */
#ifndef AR_ACO_ENGINE_STATE_H
#define AR_ACO_ENGINE_STATE_H

#include <mpi.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "aco_colony.h"
#include "aco_hooks.h"
#include "aco_params.h"
#include "aco_record.h"
#include "problem.h"
#include "timer.h"

struct aco_engine_ckpt; /* aco_engine_ckpt.c: the engine's checkpoint part */
struct aco_queue;       /* aco_queue.h: the work of a segment */
struct aco_pool;        /* aco_pool.h: the node's ranks' ants */

/* One thread's busy seconds in a segment (a cache line of its own). */
typedef struct {
  alignas(64) double construct;
  double local_search, update;
  double wait; /* at the segment's end, for the node's other colonies, not building (aco_pool.h) */
} aco_thread_busy;

/* How the ranks agree on segments and stops (aco_plan.h). */
typedef struct {
  int ahead;       /* agreed a segment ahead */
  MPI_Comm comm;   /* ahead: a duplicate of the engine's, for the pending message */
  MPI_Request req; /* ahead: the message posted at the last boundary */
  int pending;     /* req is posted and not yet completed */
  int received;    /* recv holds the message completed at this boundary */
  int test_rc;     /* a failed MPI_Test of aco_state_plan_progress (MPI_SUCCESS: none) */
  /* The message: the stop code for the next boundary (rank 0's CPU clock and want_stop), minus
   * the rank's end of the segment after that (negated: the earliest end under MPI_MAX), whether
   * to agree at once from there (a limit is near on the rank's forecast), and whether its
   * local_stop asks for attention. */
  int64_t send[4];
  int64_t recv[4]; /* ... combined over the ranks (MPI_MAX) */
} aco_plan;

struct aco_engine {
  const aco_problem *problem;
  aco_params par;
  MPI_Comm comm;
  int rank, size, threads;
  int32_t first_colony, local_colonies; /* this rank's block */

  aco_colony *colony; /* [local_colonies], state (see aco_colony.h) */
  float *eta_beta;    /* [rows * options] eta^beta, derived from the problem */
  void **scratch;     /* [threads] problem scratch */

  /* Segments (aco_segment.c): the work queue, the threads' busy time, the update's chunks. */
  struct aco_queue *queue;
  aco_thread_busy *thread_busy; /* [threads] */
  size_t update_chunk;          /* cells per chunk of a trail update */
  int32_t update_chunks;        /* chunks per trail update */
  int32_t index_parts; /* parts of the next source's index (0: built by the update's end) */
  int32_t stages;      /* queue stages per iteration (aco_segment.c) */
  double seconds_per_iteration; /* last segment and its boundary (rank 0 plans the next with it) */
  double cpu_per_iteration;     /* the same in process CPU seconds (for --cpu-time) */
  aco_plan plan;                /* how the ranks agree on segments and stops (aco_plan.h) */
  struct aco_pool *pool;        /* the ants this rank's node shares (aco_pool.h; NULL: none) */
  /* The first solutions (aco_start.h): the threads of the team that made them (with those the
   * node's other ranks lent; beyond `threads` on the maker), whether this rank received them. */
  int32_t start_threads;
  int start_received;

  /* Global state (identical on every rank after an epoch end). */
  int64_t iteration; /* iterations completed */
  int64_t epoch;     /* epochs completed */
  aco_cost best_cost;
  int32_t *best; /* [solution_len] */
  int32_t best_colony;
  int64_t best_iteration; /* iteration in which the best was found, -1: initial */
  double best_time;       /* seconds since start when it became known at an epoch end */

  /* Records (rank 0 holds colony_best for all colonies; every rank holds `epochs`). */
  aco_epoch_record *epochs; /* [epoch] */
  aco_cost *colony_best;    /* [epoch][colonies] (rank 0) */
  int64_t records_cap;
  aco_cost *local_best_log; /* [epoch][local_colonies]: gathered into colony_best at the end */

  /* This run's improvements of the local colonies' bests (aco_improve.c): the rank's first
   * ACO_IMPROVE_CAP (allocated with the engine: the loop never allocates) and how many were noted
   * (slots taken atomically by the threads; those beyond the record are the dropped ones). After
   * the run: every rank's in `improvements_all` on rank 0, the totals kept and dropped and rank
   * 0's start on every rank (improvements_start). rank_start_unix: this rank's start of the search
   * on the wall clock (s; a resumed run's less the earlier runs' search time). */
  aco_improvement *improvements;
  int64_t improvements_count;
  aco_improvement *improvements_all;
  int64_t improvements_all_count, improvements_all_dropped;
  double rank_start_unix, improvements_start;

  /* Time. */
  double start_wtime; /* MPI_Wtime() at the start of aco_engine_run */
  double time_before; /* seconds spent in earlier runs (resume) */
  double time_construct, time_update, time_exchange; /* this rank's time in each phase */
  double cpu_start;                                  /* process CPU seconds at the start */
  aco_stop_reason stop_reason;
  aco_hooks hooks;

  /* Pheromone sharing (aco_share.c): fixed-point sums of every cell, and with share_endpoints
   * one duplicated communicator per slice (created once, freed with the engine). */
  int64_t *share_sum; /* [rows * options] */
  MPI_Comm *share_comms;
  int share_slices;

  /* Phase timers of this rank (timer.h) and its BSP record per epoch: compute w, communication,
   * synchronisation (barrier wait), I/O (the epoch-end hook), in seconds. */
  timer_set timers;
  double timer_mark[TIMER_COUNT]; /* totals when the last epoch was recorded */
  double *bsp_rows;               /* [bsp_cap][ACO_BSP_FIELDS] */
  double ant_busy, ant_capacity;  /* thread-seconds inside ants / wall x threads of the ant loop */
  int64_t bsp_cap;

  struct aco_engine_ckpt *ckpt; /* NULL until a checkpoint part is asked for */
};

/* With timers on and several ranks, a barrier timed as TIMER_WAIT: the ranks meet here, so the
 * wait for the slowest is not booked as whatever collective comes next (`where` names the place
 * in an MPI error). AR_OK at once otherwise: the barrier is only for the accounting. */
ar_status aco_engine_meet(aco_engine *e, const char *where);

/* Thread 0 of a segment (the main thread), between its items: lets MPI move the plan posted a
 * segment ahead on (aco_plan.h). Without it a collective of more than two ranks progresses only
 * inside each rank's next MPI call, so the ranks would meet at the next boundary after all. A
 * completed request becomes MPI_REQUEST_NULL, on which the boundary's MPI_Wait returns at once;
 * a failure is reported there. Cheap; not collective. */
static inline void aco_state_plan_progress(aco_engine *e) {
  aco_plan *p = &e->plan;
  if (!p->pending || p->test_rc != MPI_SUCCESS) return;
  int done = 0;
  p->test_rc = MPI_Test(&p->req, &done, MPI_STATUS_IGNORE);
}

/* CPU seconds of this process so far (0 when the clock cannot be read). */
static inline double aco_state_process_cpu(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return 0.0;
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Process CPU seconds since the start of the search. */
static inline double aco_state_cpu_seconds(const aco_engine *e) {
  return aco_state_process_cpu() - e->cpu_start;
}

/* Seconds since the start of the search (including earlier runs). */
static inline double aco_state_elapsed(const aco_engine *e) {
  return e->time_before + (MPI_Wtime() - e->start_wtime);
}

#endif
