/* aco_hooks: how the driver follows and steers a run of the engine (progress lines, checkpoints,
 * signals), and why a run stopped. */
#ifndef AR_ACO_HOOKS_H
#define AR_ACO_HOOKS_H

#include "ar_error.h"

typedef struct aco_engine aco_engine;

typedef enum {
  ACO_STOP_NONE = 0,
  ACO_STOP_ITERATIONS = 1,
  ACO_STOP_TIME = 2,
  ACO_STOP_HOOK = 3,  /* a hook asked (signal, walltime): see aco_hooks */
  ACO_STOP_TARGET = 4 /* an epoch end's global best reached aco_params.target (solve --gap) */
} aco_stop_reason;

/* Optional callbacks into the driver (progress lines, checkpoints, signals). */
typedef struct {
  /* All ranks, after each epoch's exchange (and after the final, possibly partial, epoch).
   * A failure status stops the run with that status (the hook must fail on all ranks alike). */
  ar_status (*epoch_end)(aco_engine *e, void *arg);
  /* Rank 0 only, before each iteration: nonzero asks the run to stop (ACO_STOP_HOOK). */
  int (*want_stop)(aco_engine *e, void *arg);
  void *arg;
  /* All ranks, after every iteration (after the epoch exchange and epoch_end when the iteration
   * ends an epoch): the place for collective work at iteration boundaries (the stop agreement,
   * checkpoints). Setting *stop (the same on every rank) ends the run (ACO_STOP_HOOK), with the
   * final exchange of a run stopped inside an epoch. A failure status stops the run with it. */
  ar_status (*iteration_end)(aco_engine *e, void *arg, int *stop);
} aco_hooks;

#endif
