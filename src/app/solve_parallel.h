/* SPDX-License-Identifier: BSD-3-Clause */
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

/* The parallel set-up's options, declared once in solve_parallel.c (solve's table appends them). */
extern const param_def solve_parallel_param_defs[];
extern const int solve_parallel_ndefs;

/* Collective over MPI_COMM_WORLD, at start-up: turns the timers on or off, warns on rank 0 when
 * a rank runs more OpenMP threads than its CPU mask has hardware threads (always, as MPI Advisor
 * does), binds the threads (--bind) and prints the binding report on rank 0 (--report-binding). The
 * same status on every rank (AR_ERR_INTERNAL when binding fails, AR_ERR_MPI when an MPI call does).
 */
ar_status solve_parallel_setup(const param_set *ps);

/* Copies the sharing options into par. */
void solve_parallel_params(const param_set *ps, aco_params *par);

#endif
