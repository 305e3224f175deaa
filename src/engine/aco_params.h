/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_params: the search parameters of the ACO engine (problem-independent).
 *
 * cmd_solve fills them from the command line; tests fill them directly after
 * aco_params_default(). aco_params_check() says what is wrong with a set (AR_ERR_USAGE).
 */
#ifndef AR_ACO_PARAMS_H
#define AR_ACO_PARAMS_H

#include <stdint.h>

#include "ar_error.h"
#include "problem.h"

typedef enum { ACO_MMAS = 0, ACO_ACS = 1 } aco_algorithm;

typedef struct {
  aco_algorithm algorithm;
  int32_t colonies; /* independent searches, over all ranks */
  int32_t ants;     /* ants per colony and iteration */
  double alpha;     /* pheromone exponent */
  double beta;      /* heuristic exponent */
  double rho;       /* evaporation (MMAS: every trail; ACS: the best solution's trails) */
  double q0;        /* probability of taking the best option outright (ACS; 0 = always random) */
  double xi;        /* ACS local evaporation towards tau0 */
  double p_best;    /* MMAS: probability of building the best solution at convergence (bounds) */
  double
      p_gbest; /* MMAS: probability of depositing the colony best instead of the iteration best */
  int64_t restart_iterations; /* MMAS: re-initialise trails after this many iterations without
                                 improvement (0 = never) */
  double restart_descent;     /* MMAS with restarts: a colony also waits this many times the
                                 iterations from its last (re)start to its best since (0 = not) */
  int64_t iterations;         /* stop after this many iterations (0 = no limit) */
  double time_limit;          /* stop after this many seconds (0 = no limit) */
  double cpu_limit; /* stop after rank 0's process used this many CPU seconds in the run (0 = no
                       limit; a tuning aid that machine load does not change) */
  int64_t epoch_iterations; /* iterations per epoch; colonies meet at epoch ends */
  uint64_t seed;
  int migrate;         /* at each epoch end, the global best replaces worse colony bests */
  int fresh_merge;     /* MMAS with restarts, merging ants: after a restart the fresh search
                          keeps a best of its own (restart_best) that the ants also merge into
                          and that merges into the colony's best (0: the ants into the colony's
                          best only) */
  int64_t share_every; /* every this many epochs, colonies average their pheromone (0 = never) */
  int share_endpoints; /* sharing: each OpenMP thread reduces a slice on its own communicator */
  int has_target;      /* stop at the first epoch end whose global best is no worse than target */
  aco_cost target;     /* (solve --gap: the bound's figure; ACO_STOP_TARGET) */
} aco_params;

/* Sensible defaults for tours (see docs/performance.md for how they were chosen). */
aco_params aco_params_default(void);

/* The parameters whose default depends on the algorithm: the one table of them (solve's options
 * take them from here when not given). Cannot fail (an unknown algorithm gets MMAS's). */
typedef struct {
  double beta, rho, q0;
} aco_algorithm_defaults;
aco_algorithm_defaults aco_algorithm_default(aco_algorithm algorithm);

/* AR_OK, or AR_ERR_USAGE naming the bad parameter. */
ar_status aco_params_check(const aco_params *p);

const char *aco_algorithm_name(aco_algorithm a);

#endif
