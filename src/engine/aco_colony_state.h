/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_colony_state: the data of one colony (aco_colony.h says what each array holds), shared by
 * the colony and the steps of its trail update (aco_pheromone.c, aco_mmas.c, aco_acs.c). Types
 * only: private to the engine. */
#ifndef AR_ACO_COLONY_STATE_H
#define AR_ACO_COLONY_STATE_H

#include <stdint.h>

#include "problem.h"

typedef struct {
  int64_t colony;                 /* global colony index */
  int64_t iterations;             /* iterations this colony has completed */
  int64_t best_iteration;         /* iteration (0-based) in which best was found, -1: initial */
  int64_t restart_iteration;      /* iteration of the last trail (re-)initialisation */
  int64_t restart_best_iteration; /* last improvement of restart_best */
  int64_t restarts;               /* trail re-initialisations so far */
  double tau_max, tau_min;        /* MMAS trail bounds; ACS: tau0 in tau_min */
  aco_cost best_cost;
  aco_cost restart_best_cost;
  aco_cost source_cost;
} aco_colony_state;

/* What the element-wise step of a trail update does (aco_colony_update_cells). */
typedef enum { ACO_CELLS_EVAPORATE, ACO_CELLS_FILL, ACO_CELLS_KEEP } aco_cells_op;

typedef struct {
  aco_colony_state s;
  float *tau;
  int32_t *best;
  int32_t *restart_best;
  int32_t *source;
  /* MMAS with restarts (restart_iterations > 0): the colony's first solution, where a restart
   * starts its ants again (set by aco_colony_start on every start, resumed runs too: not state) */
  int32_t *first;
  aco_cost first_cost;
  /* derived */
  float *choice;      /* tau^alpha * eta^beta, [rows * options] */
  void *source_index; /* problem's index of source (source_index_bytes, may be NULL) */
  /* working memory of one iteration */
  aco_solution *ant; /* [ants] */
  int32_t *ant_data; /* [ants * solution_len] */
  /* the iteration's improving ants combined (problem.h: combine; NULL when it has none) */
  int32_t *combined;  /* [solution_len] */
  void *combine_work; /* [combine_bytes] */
  int32_t *by_cost;   /* [ants] */
  aco_solution combination;
  /* the ants merged into the colony's best (problem.h: merge; NULL when it has none) */
  int32_t *merged;  /* [solution_len] */
  void *merge_work; /* [merge_bytes] */
  /* the trail update between its begin and its end */
  aco_cells_op cells_op;
  float cells_value;    /* evaporation floor or fill value */
  aco_solution deposit; /* MMAS: the solution that deposits (an ant's, or restart_best) */
  int restarting;       /* MMAS: the trails are re-initialised in this update */
  /* choice, source, source_index and ant_data live in the node's window (aco_pool.h), which
   * frees them */
  int in_pool;
} aco_colony;

#endif
