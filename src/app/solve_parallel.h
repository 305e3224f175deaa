/* solve_parallel: the options of `antroute solve` about the parallel run, shared by both problem
 * kinds: thread binding and its report, the phase timers, pheromone sharing between colonies.
 *
 *   --bind none|auto|cores|threads  bind each OpenMP thread inside its rank's mask (topo_bind.h;
 *                              core and pu, the old words, still work)
 *   --report-binding           print where every thread may run, with warnings (topo_binding.h)
 *   --timers yes|no            named phase timers and the /bsp record (timer.h, bsp_log.h)
 *   --share-every K            average the colonies' pheromone every K epochs (aco_share.h)
 *   --share-endpoints          ... with one communicator per OpenMP thread (MPI_THREAD_MULTIPLE)
 */
#ifndef AR_SOLVE_PARALLEL_H
#define AR_SOLVE_PARALLEL_H

#include "aco_params.h"
#include "param.h"
#include "topo_bind.h"

/* Entries for a solve parameter table (param_def initialisers). */
#define SOLVE_PARALLEL_PARAMS                                                                      \
  {"share-every",                                                                                  \
   0,                                                                                              \
   PARAM_INT,                                                                                      \
   "0",                                                                                            \
   NULL,                                                                                           \
   0,                                                                                              \
   1e15,                                                                                           \
   "K",                                                                                            \
   "every K epochs all colonies' pheromone becomes its average over the colonies (0: never)",      \
   PARAM_SEARCH},                                                                                  \
      {"share-endpoints",                                                                          \
       0,                                                                                          \
       PARAM_FLAG,                                                                                 \
       NULL,                                                                                       \
       NULL,                                                                                       \
       1,                                                                                          \
       0,                                                                                          \
       NULL,                                                                                       \
       "sharing: each OpenMP thread reduces a slice on its own communicator (needs "               \
       "MPI_THREAD_MULTIPLE; same result)",                                                        \
       0},                                                                                         \
      {"timers",                                                                                   \
       0,                                                                                          \
       PARAM_CHOICE,                                                                               \
       "yes",                                                                                      \
       "yes|no",                                                                                   \
       0,                                                                                          \
       -1,                                                                                         \
       "yes|no",                                                                                   \
       "named phase timers, the BSP cost per epoch in /bsp and a table at the end",                \
       0},                                                                                         \
      {"bind",                                                                                     \
       0,                                                                                          \
       PARAM_CHOICE,                                                                               \
       "none",                                                                                     \
       TOPO_BIND_CHOICES,                                                                          \
       0,                                                                                          \
       -1,                                                                                         \
       "UNIT",                                                                                     \
       "bind each OpenMP thread to a core or hardware thread inside its rank's mask (hwloc)",      \
       0},                                                                                         \
  {                                                                                                \
    "report-binding", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,                                       \
        "print where every thread of every rank may run, with warnings, at start-up", 0            \
  }

/* Collective over MPI_COMM_WORLD, at start-up: turns the timers on or off, warns on rank 0 when
 * a rank runs more OpenMP threads than its CPU mask has hardware threads (always, as MPI Advisor
 * does), binds the threads (--bind) and prints the binding report on rank 0 (--report-binding). The
 * same status on every rank (AR_ERR_INTERNAL when binding fails, AR_ERR_MPI when an MPI call does).
 */
ar_status solve_parallel_setup(const param_set *ps);

/* Copies the sharing options into par. */
void solve_parallel_params(const param_set *ps, aco_params *par);

#endif
