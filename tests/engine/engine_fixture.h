/* SPDX-License-Identifier: BSD-3-Clause */
/* engine_fixture: small tour instances built in memory for the engine tests, and a helper that
 * runs the engine on one. */
#ifndef AR_ENGINE_FIXTURE_H
#define AR_ENGINE_FIXTURE_H

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aco_engine.h"
#include "aco_rng.h"
#include "tour_candidates.h"
#include "tour_ls.h"
#include "tour_problem.h"

/* n uniform random points in [0, 1000)^2, EUC_2D. */
static inline tour_net fixture_random_euc(int32_t n, uint64_t seed) {
  tour_net t;
  memset(&t, 0, sizeof t);
  snprintf(t.name, sizeof t.name, "random%d", n);
  t.n = n;
  t.metric = TOUR_METRIC_EUC_2D;
  t.optimum = -1;
  t.x = malloc((size_t)n * sizeof(double));
  t.y = malloc((size_t)n * sizeof(double));
  aco_rng r = aco_rng_stream(seed, 0, 0, 0, ACO_STREAM_TEST);
  for (int32_t i = 0; i < n; i++) {
    t.x[i] = floor(aco_rng_uniform(&r) * 1000.0);
    t.y[i] = floor(aco_rng_uniform(&r) * 1000.0);
  }
  return t;
}

/* side x side lattice with the given spacing (side even): the optimum is side^2 * spacing. */
static inline tour_net fixture_lattice(int32_t side, double spacing) {
  tour_net t;
  memset(&t, 0, sizeof t);
  snprintf(t.name, sizeof t.name, "lattice%d", side);
  t.n = side * side;
  t.metric = TOUR_METRIC_EUC_2D;
  t.optimum = (int64_t)(side * side * spacing);
  t.x = malloc((size_t)t.n * sizeof(double));
  t.y = malloc((size_t)t.n * sizeof(double));
  /* Shuffle the node numbering so the input order is no hint. */
  for (int32_t i = 0; i < t.n; i++) {
    int32_t j = (int32_t)(((int64_t)i * 7919) % t.n);
    t.x[j] = (i % side) * spacing;
    t.y[j] = (i / side) * spacing;
  }
  return t;
}

/* n nodes with random asymmetric weights in [1, 1000] (EXPLICIT, directed). */
static inline tour_net fixture_random_atsp(int32_t n, uint64_t seed) {
  tour_net t;
  memset(&t, 0, sizeof t);
  snprintf(t.name, sizeof t.name, "atsp%d", n);
  t.n = n;
  t.metric = TOUR_METRIC_EXPLICIT;
  t.directed = 1;
  t.optimum = -1;
  t.weights = malloc((size_t)n * n * sizeof(int32_t));
  aco_rng r = aco_rng_stream(seed, 1, 0, 0, ACO_STREAM_TEST);
  for (int32_t i = 0; i < n; i++)
    for (int32_t j = 0; j < n; j++)
      t.weights[(size_t)i * n + j] = i == j ? 0 : 1 + (int32_t)aco_rng_below(&r, 1000);
  return t;
}

/* Runs the engine on problem p over comm and copies out the best solution (n values), its first
 * cost key and, when pool_ants is not NULL, this rank's aco_engine_info.pool_ants. */
static inline ar_status fixture_run_counted(const aco_problem *p, const aco_params *par,
                                            MPI_Comm comm, int32_t n, int32_t *best, int64_t *key,
                                            int64_t *pool_ants) {
  aco_engine *e = NULL;
  ar_status st = aco_engine_create(p, par, comm, &e);
  if (st == AR_OK) st = aco_engine_run(e, NULL);
  if (st == AR_OK) {
    aco_engine_info in;
    aco_engine_get_info(e, &in);
    memcpy(best, in.best, (size_t)n * sizeof(int32_t));
    *key = (int64_t)in.best_cost.key[0];
    if (pool_ants) memcpy(pool_ants, in.pool_ants, sizeof in.pool_ants);
    aco_solution found = {in.best_cost, (int32_t *)in.best};
    st = p->verify(p, &found);
  }
  aco_engine_free(e);
  return st;
}

/* fixture_run_counted without the pool's counts. */
static inline ar_status fixture_run(const aco_problem *p, const aco_params *par, MPI_Comm comm,
                                    int32_t n, int32_t *best, int64_t *key) {
  return fixture_run_counted(p, par, comm, n, best, key, NULL);
}

/* Runs the engine on comm and copies out the best tour (n values) and its length. */
static inline ar_status fixture_solve(const tour_net *t, const tour_options *to,
                                      const aco_params *par, MPI_Comm comm, int32_t *tour,
                                      int64_t *length) {
  tour_problem tp;
  aco_problem p;
  ar_status st = tour_problem_create(t, to, &tp, &p);
  if (st != AR_OK) return st;
  st = fixture_run(&p, par, comm, t->n, tour, length);
  tour_problem_free(&tp);
  return st;
}

/* t solved with *to once on one thread and once on two; the one thread's best tour into tour
 * (n values) and its length into *length. Returns -1 when a run fails, else 1 when the two
 * threads gave the same tour and length (0: not). */
static inline int fixture_threads_agree(const tour_net *t, const tour_options *to,
                                        const aco_params *par, int32_t *tour, int64_t *length) {
  int32_t *two = malloc(sizeof(int32_t) * t->n);
  int64_t len = 0;
  int result = -1;
  omp_set_num_threads(1);
  if (two && fixture_solve(t, to, par, MPI_COMM_SELF, tour, length) == AR_OK) {
    omp_set_num_threads(2);
    if (fixture_solve(t, to, par, MPI_COMM_SELF, two, &len) == AR_OK)
      result = len == *length && memcmp(tour, two, sizeof(int32_t) * t->n) == 0;
  }
  free(two);
  return result;
}

/* A search switch tried both ways on t: with the options *on, once on one thread and once on two,
 * then with *off on one. Returns -1 when a run fails or the two threads' tour differs from the
 * one thread's, else 1 when the *off run's tour differs from the *on one's (0: the same); fills
 * both lengths. */
static inline int fixture_switch_runs(const tour_net *t, const tour_options *on,
                                      const tour_options *off, const aco_params *par,
                                      int64_t *on_len, int64_t *off_len) {
  int32_t *ref = malloc(sizeof(int32_t) * t->n), *tour = malloc(sizeof(int32_t) * t->n);
  int result = -1;
  if (ref && tour && fixture_threads_agree(t, on, par, ref, on_len) == 1) {
    omp_set_num_threads(1);
    if (fixture_solve(t, off, par, MPI_COMM_SELF, tour, off_len) == AR_OK)
      result = memcmp(ref, tour, sizeof(int32_t) * t->n) != 0;
  }
  free(ref);
  free(tour);
  return result;
}

/* The held-thread tests: the tour problem on a random instance (n nodes, seed), run once on one
 * thread and once on two with `construct` replacing the problem's own (which *real points to
 * during the run, for the replacement to call). Fills both lengths; *same_tour is 1 when the two
 * best tours are equal. */
typedef void (*fixture_construct_fn)(const aco_problem *p, aco_ant_ctx *ctx, void *scratch,
                                     aco_solution *out);
static inline ar_status fixture_held_runs(int32_t n, uint64_t seed, const aco_params *par,
                                          fixture_construct_fn construct, const aco_problem **real,
                                          int64_t *ref_len, int64_t *len, int *same_tour) {
  tour_net t = fixture_random_euc(n, seed);
  tour_options to = tour_options_default();
  tour_problem tp;
  aco_problem p;
  *same_tour = 0;
  ar_status st = tour_problem_create(&t, &to, &tp, &p);
  if (st != AR_OK) {
    tour_net_free(&t);
    return st;
  }
  int32_t *ref = malloc(sizeof(int32_t) * t.n), *tour = malloc(sizeof(int32_t) * t.n);
  omp_set_num_threads(1);
  st = fixture_run(&p, par, MPI_COMM_SELF, t.n, ref, ref_len);
  aco_problem slow = p;
  slow.construct = construct;
  *real = &p;
  omp_set_num_threads(2);
  if (st == AR_OK) st = fixture_run(&slow, par, MPI_COMM_SELF, t.n, tour, len);
  if (st == AR_OK) *same_tour = memcmp(ref, tour, sizeof(int32_t) * t.n) == 0;
  *real = NULL;
  free(ref);
  free(tour);
  tour_problem_free(&tp);
  tour_net_free(&t);
  return st;
}

#endif
