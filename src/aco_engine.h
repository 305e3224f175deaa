/* aco_engine: colonies of ants over MPI ranks and OpenMP threads, meeting at epoch ends.
 *
 * The C colonies are split in contiguous blocks over the R ranks of the communicator (rank r
 * owns colonies [r*C/R, (r+1)*C/R)); R > C is a usage error on every rank. In each iteration the
 * ants of all the rank's colonies are built on the OpenMP threads (every ant from its own
 * counter-based stream), then each colony updates its trails in a fixed order. Every
 * epoch_iterations iterations (an "epoch", a "month") the ranks meet: an MPI_Allreduce finds the
 * best (cost, colony) pair, ties going to the lowest colony, and only the rank owning that colony
 * broadcasts its solution; with migrate, colonies adopt it. The answer therefore depends only on
 * (problem, parameters, seed, colonies), never on ranks or threads.
 *
 * Stopping: after `iterations` iterations, or when rank 0 sees the time limit passed (it decides
 * at iteration boundaries and broadcasts, so all ranks stop together), or when a hook asks.
 *
 * The struct is public so that checkpoint code can read and restore the state: the colonies
 * (see aco_colony.h) plus the global fields marked "state" below.
 */
#ifndef AR_ACO_ENGINE_H
#define AR_ACO_ENGINE_H

#include <mpi.h>
#include <stdint.h>

#include "aco_colony.h"
#include "aco_params.h"
#include "problem.h"

typedef struct aco_engine aco_engine;

typedef enum {
  ACO_STOP_NONE = 0,
  ACO_STOP_ITERATIONS = 1,
  ACO_STOP_TIME = 2,
  ACO_STOP_HOOK = 3 /* a hook asked (signal, walltime): see aco_hooks */
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

/* One record per epoch end (the same on every rank except the times). */
typedef struct {
  int64_t iteration;   /* iterations completed at the epoch end */
  double time;         /* seconds since the start of the run */
  aco_cost best_cost;  /* global best */
  int32_t best_colony; /* colony that holds it */
} aco_epoch_record;

struct aco_engine {
  const aco_problem *problem;
  aco_params par;
  MPI_Comm comm;
  int rank, size, threads;
  int32_t first_colony, local_colonies; /* this rank's block */

  aco_colony *colony; /* [local_colonies], state (see aco_colony.h) */
  float *eta_beta;    /* [rows * options] eta^beta, derived from the problem */
  void **scratch;     /* [threads] problem scratch */

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

  /* Time. */
  double start_wtime; /* MPI_Wtime() at the start of aco_engine_run */
  double time_before; /* seconds spent in earlier runs (resume) */
  double time_construct, time_update, time_exchange; /* this rank's time in each phase */
  double cpu_start;                                  /* process CPU seconds at the start */
  aco_stop_reason stop_reason;
  aco_hooks hooks;
};

/* Colony block of a rank: [first, first + count). */
void aco_engine_block(int32_t colonies, int ranks, int rank, int32_t *first, int32_t *count);
/* The rank that owns a colony. */
int aco_engine_owner(int32_t colonies, int ranks, int32_t colony);

/* Collective over comm. Checks the parameters, allocates everything (colonies, scratch for
 * omp_get_max_threads() threads, records), builds each local colony's initial solution and
 * trails. Fails on every rank alike (AR_ERR_USAGE for R > C or bad parameters, AR_ERR_NOMEM). */
ar_status aco_engine_create(const aco_problem *problem, const aco_params *par, MPI_Comm comm,
                            aco_engine **out);

/* Collective. Runs iterations until a stopping rule fires, with an exchange at each epoch end
 * and a final one. On return every rank holds the global best in e->best / e->best_cost, and
 * rank 0 holds every colony's best per epoch in e->colony_best. */
ar_status aco_engine_run(aco_engine *e, const aco_hooks *hooks);

/* Seconds since the start of the search (including earlier runs). */
double aco_engine_elapsed(const aco_engine *e);
/* CPU seconds this process (all its threads) used since the start of aco_engine_run: on a
 * shared machine, cpu / (elapsed x threads) is the share of the cores the run really got. */
double aco_engine_cpu_seconds(const aco_engine *e);

void aco_engine_free(aco_engine *e);

/* Internal (aco_exchange.c): the epoch-end exchange and its record; the agreement on failures. */
ar_status aco_exchange_epoch(aco_engine *e);
ar_status aco_exchange_gather_records(aco_engine *e);
/* Every rank passes its status; all return the worst one, and a rank that was fine gets the
 * message of the lowest failing rank (marked shared). */
ar_status aco_agree(MPI_Comm comm, ar_status st);

#endif
