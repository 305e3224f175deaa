/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_hooks: how the driver follows and steers a run of the engine (progress lines, checkpoints,
 * signals), and why a run stopped. */
#ifndef AR_ACO_HOOKS_H
#define AR_ACO_HOOKS_H

#include <stdint.h>

#include "ar_error.h"

typedef struct aco_engine aco_engine;

typedef enum {
  ACO_STOP_NONE = 0,
  ACO_STOP_ITERATIONS = 1,
  ACO_STOP_TIME = 2,
  ACO_STOP_HOOK = 3,  /* a hook asked (signal, walltime): see aco_hooks */
  ACO_STOP_TARGET = 4 /* an epoch end's global best reached aco_params.target (solve --gap) */
} aco_stop_reason;
/* How many reasons there are: codes 0..ACO_STOP_REASONS-1, named by aco_stop_reason_name(). */
enum { ACO_STOP_REASONS = ACO_STOP_TARGET + 1 };

/* Optional callbacks into the driver (progress lines, checkpoints, signals).
 *
 * The engine runs in segments of iterations with no barrier inside (aco_segment.h); a segment
 * ends at a *boundary*: every epoch end, the iteration limit, every multiple of boundary_every,
 * and often enough to look at the clock (the time limit, want_stop: about every 0.5 s) and to
 * call iteration_end at least every boundary_seconds. Between boundaries the colonies are at
 * different iterations, so nothing can look at them there. */
typedef struct {
  /* All ranks, after each epoch's exchange (and after the final, possibly partial, epoch).
   * A failure status stops the run with that status (the hook must fail on all ranks alike). */
  ar_status (*epoch_end)(aco_engine *e, void *arg);
  /* Rank 0 only, before each segment: nonzero asks the run to stop (ACO_STOP_HOOK). */
  int (*want_stop)(aco_engine *e, void *arg);
  void *arg;
  /* All ranks, at boundaries (after the epoch exchange and epoch_end when the boundary ends an
   * epoch): the place for collective work at iteration boundaries (the stop agreement,
   * checkpoints). At every boundary, unless there is a local_stop and several ranks: then at
   * epoch ends, multiples of boundary_every, the iteration limit, near the time limit, and the
   * boundary after a local_stop answered nonzero on any rank (aco_plan.h). Setting *stop (the
   * same on every rank) ends the run (ACO_STOP_HOOK), with the final exchange of a run stopped
   * inside an epoch. A failure status stops the run with it. */
  ar_status (*iteration_end)(aco_engine *e, void *arg, int *stop);
  /* Boundaries also at every multiple of this many iterations (0: none), counted from the start
   * of the search (e.g. --checkpoint-every). */
  int64_t boundary_every;
  /* iteration_end (or a look at local_stop) at least about this often, in seconds of rank 0's
   * clock (0: only at the boundaries above), e.g. to notice signals. */
  double boundary_seconds;
  /* Every rank, without collective work, before each segment (several ranks) or at each
   * boundary (one rank, without iteration_end): nonzero asks for attention. Without an
   * iteration_end hook that stops the run (ACO_STOP_HOOK; a signal); with one, the hook runs and
   * decides. The engine agrees on it itself, with several ranks a segment ahead, so they need
   * not meet at every look (aco_plan.h): it acts at the boundary after the answer. */
  int (*local_stop)(aco_engine *e, void *arg);
} aco_hooks;

#endif
