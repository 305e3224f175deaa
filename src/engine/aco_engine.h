/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_engine: colonies of ants over MPI ranks and OpenMP threads, meeting at epoch ends.
 *
 * The C colonies are split in contiguous blocks over the R ranks of the communicator (rank r
 * owns colonies [r*C/R, (r+1)*C/R)); R > C is a usage error on every rank. In each iteration the
 * ants of all the rank's colonies are built on the OpenMP threads (every ant from its own
 * counter-based stream), then each colony updates its trails in a fixed order. Every
 * epoch_iterations iterations (an "epoch") the ranks meet: an MPI_Allreduce finds the
 * best (cost, colony) pair, ties going to the lowest colony, and only the rank owning that colony
 * broadcasts its solution; with migrate, colonies adopt it. The answer therefore depends only on
 * (problem, parameters, seed, colonies), never on ranks or threads.
 *
 * Stopping: after `iterations` iterations, or when rank 0 sees the time limit passed (it decides
 * at iteration boundaries and broadcasts, so all ranks stop together), or when a hook asks.
 *
 * The state lives in aco_engine_state.h, private to src/engine: callers read a run through
 * aco_engine_get_info(), and checkpoints hold the engine's own part (aco_engine_ckpt.h). The
 * colony blocks are in aco_block.h.
 */
#ifndef AR_ACO_ENGINE_H
#define AR_ACO_ENGINE_H

#include <mpi.h>
#include <stdint.h>

#include "aco_block.h"
#include "aco_hooks.h"
#include "aco_params.h"
#include "aco_record.h"
#include "problem.h"

/* AR_ERR_USAGE, naming the fix, when `ranks` ranks cannot each own one of `colonies` colonies
 * (aco_engine_create's check, for a kind that can tell before its long steps: order routing). */
ar_status aco_engine_check_ranks(int ranks, int colonies);

/* Collective over comm. Checks the parameters, allocates everything (colonies, scratch for
 * omp_get_max_threads() threads, records), builds each local colony's initial solution and
 * trails. Fails on every rank alike (AR_ERR_USAGE for R > C or bad parameters, AR_ERR_NOMEM). */
ar_status aco_engine_create(const aco_problem *problem, const aco_params *par, MPI_Comm comm,
                            aco_engine **out);

/* Collective. Runs iterations until a stopping rule fires, with an exchange at each epoch end
 * and a final one. On return every rank holds the global best in e->best / e->best_cost, and
 * rank 0 holds every colony's best per epoch in e->colony_best. AR_ERR_MPI, AR_ERR_NOMEM, or what a
 * hook or the problem returns; the same status on every rank. */
ar_status aco_engine_run(aco_engine *e, const aco_hooks *hooks);

/* Seconds since the start of the search (including earlier runs). */
double aco_engine_elapsed(const aco_engine *e);
/* CPU seconds this process (all its threads) used since the start of aco_engine_run: on a
 * shared machine, cpu / (elapsed x threads) is the share of the cores the run really got. */
double aco_engine_cpu_seconds(const aco_engine *e);

void aco_engine_free(aco_engine *e);

/* What the driver and the results writers may read of a run (a snapshot: the pointers stay
 * valid until the engine runs again or is freed). */
typedef struct {
  MPI_Comm comm;
  int rank, size, threads;              /* this rank, the ranks, OpenMP threads per rank */
  int32_t first_colony, local_colonies; /* this rank's block of colonies */
  const aco_params *par;
  const aco_problem *problem;
  int64_t iteration, epoch; /* iterations and epochs completed */
  /* The global best (the same on every rank after an epoch end). */
  aco_cost best_cost;
  const int32_t *best; /* [solution_len] */
  int32_t best_colony;
  int64_t best_iteration;         /* -1: the initial solution was never beaten */
  double best_time;               /* seconds since the start when it became known */
  const aco_epoch_record *epochs; /* [epoch] */
  const aco_cost *colony_best;    /* [epoch][colonies], rank 0 after aco_engine_run, else NULL */
  aco_stop_reason stop_reason;
  double time_construct, time_update, time_exchange; /* this rank's seconds in each phase */
  double start_wtime;                                /* MPI_Wtime() when the run started */
  double time_before; /* seconds of the searches of earlier runs (resume), in the time limit */
  /* After aco_engine_run: every colony's improvements of this run (aco_improve.h; rank 0, else
   * NULL), and on every rank how many there are, how many more the colonies made than were kept,
   * and the search's start on rank 0's wall clock (Unix time, s). */
  const aco_improvement *improvements;
  int64_t improvements_count, improvements_dropped;
  double start_unix;
  /* Ants this rank built for other ranks' colonies of its node, and its colonies' ants other
   * ranks built (the node's pool, aco_pool.h; 0 without one). */
  int64_t pool_ants[2];
  /* The first solutions (aco_start.h): the threads of the team that made this rank's (with those
   * other ranks of the node lent), the threads lent to this rank, whether it received them from
   * the node's first rank instead of making them. */
  int32_t start_threads, start_lent;
  int start_received;
} aco_engine_info;

void aco_engine_get_info(const aco_engine *e, aco_engine_info *info);

/* The best cost of a local colony (0 <= local < local_colonies), e.g. its initial solution's
 * before the run. */
aco_cost aco_engine_local_best(const aco_engine *e, int32_t local);

/* Changes the time limit of the next run (seconds, > 0; e.g. what is left of a month after its
 * initial solutions). */
void aco_engine_set_time_limit(aco_engine *e, double seconds);

/* "iterations", "time", "requested" (a hook), "none". */
const char *aco_stop_reason_name(aco_stop_reason r);

#endif
