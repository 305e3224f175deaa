/* SPDX-License-Identifier: BSD-3-Clause */
/* The trail update by rows (problem.h index parts, aco_mmas_by_rows; issue #23): the tour's
 * row components name exactly the cells its components name, the index built in parts in any
 * order is the index built at once, and whole MMAS runs (with re-initialisations, with and
 * without pieces, symmetric and ATSP, on 1 and 2 threads) give the same answer by rows as by
 * the components' walk; a restart (--restart) fills the trails and starts the ants from the
 * colony's first solution again, both ways, and with --restart-descent X waits for a stall of
 * X times the colony's descent to its best when that is longer than --restart. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aco_colony.h"
#include "aco_mmas.h"
#include "engine_fixture.h"
#include "test_util.h"

static void count_cell(int32_t row, int32_t option, void *arg) {
  int32_t *count = ((int32_t **)arg)[0];
  const int32_t options = *((int32_t **)arg)[1];
  count[(size_t)row * options + option]++;
}

/* order[0..n) a random permutation of 0..n-1 from the xorshift state x. */
static void random_order(int32_t *order, int32_t n, uint64_t x) {
  for (int32_t i = 0; i < n; i++)
    order[i] = i;
  for (int32_t i = n - 1; i > 0; i--) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    int32_t j = (int32_t)(x % (uint64_t)(i + 1)), v = order[i];
    order[i] = order[j], order[j] = v;
  }
}

/* Row components and the index in parts, on a random permutation of t's nodes. */
static void check_parts(const tour_net *t) {
  tour_options to = tour_options_default();
  to.rows_from = 0;
  to.alpha_steps = 0;
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(t, &to, &tp, &p) == AR_OK);
  CHECK(p.index_parts >= 2);
  const int32_t n = t->n;
  int32_t *order = malloc(sizeof(int32_t) * n);
  random_order(order, n, 88172645463325252ULL); /* a tour with edges both in and out of the lists */
  for (int32_t i = 0; i + 1 < n; i += 3) {      /* and some tour edges that are list edges */
    int32_t a = order[i], near = tp.nbr[(size_t)a * tp.width];
    for (int32_t j = 0; j < n; j++)
      if (order[j] == near) {
        order[j] = order[i + 1];
        order[i + 1] = near;
        break;
      }
  }
  aco_solution sol = {aco_cost_worst(), order};
  size_t cells = (size_t)n * p.options;
  int32_t *by_walk = calloc(cells, sizeof(int32_t)), *by_rows = calloc(cells, sizeof(int32_t));
  int32_t options = p.options;
  void *arg_walk[2] = {by_walk, &options}, *arg_rows[2] = {by_rows, &options};
  p.components(&p, &sol, count_cell, arg_walk);
  void *whole = malloc(p.source_index_bytes), *parts = malloc(p.source_index_bytes);
  memset(whole, 0xab, p.source_index_bytes);
  memset(parts, 0xcd, p.source_index_bytes);
  p.source_index(&p, &sol, whole);
  const int32_t k = p.index_parts;
  for (int32_t part = k - 1; part >= 0; part--) /* any order */
    p.source_index_part(&p, &sol, parts, (int32_t)((int64_t)n * part / k),
                        (int32_t)((int64_t)n * (part + 1) / k));
  p.source_index_close(&p, &sol, parts);
  CHECK(memcmp(whole, parts, p.source_index_bytes) == 0);
  for (int32_t row = 0; row < n; row++)
    p.row_components(&p, &sol, parts, row, count_cell, arg_rows);
  CHECK(memcmp(by_walk, by_rows, cells * sizeof(int32_t)) == 0);
  int64_t named = 0;
  for (size_t i = 0; i < cells; i++)
    named += by_walk[i];
  CHECK(named > n / 4); /* the comparison saw deposits */
  free(by_walk);
  free(by_rows);
  free(whole);
  free(parts);
  free(order);
  tour_problem_free(&tp);
}

/* Whole runs: by rows (1 and 2 threads) against the components' walk (1 thread). */
static void check_runs(const tour_net *t, int32_t pieces_from) {
  aco_params par = aco_params_default();
  par.iterations = AR_TEST_SANITIZED ? 12 : 40;
  par.colonies = 2;
  par.restart_iterations = 4; /* re-initialisations (no deposit) in the runs */
  int32_t n = t->n;
  int32_t *ref = malloc(sizeof(int32_t) * n), *tour = malloc(sizeof(int32_t) * n);
  int64_t ref_len = 0, len = 0;
  tour_options to = tour_options_default();
  if (AR_TEST_SANITIZED) to.alpha_steps = 50;
  to.pieces_from = pieces_from;
  to.combine = 0; /* the update alone (combined ants: test_tour_combine.c) */
  to.rows_from = INT32_MAX;
  omp_set_num_threads(1);
  CHECK(fixture_solve(t, &to, &par, MPI_COMM_SELF, ref, &ref_len) == AR_OK);
  to.rows_from = 0;
  for (int threads = 1; threads <= 2; threads++) {
    omp_set_num_threads(threads);
    CHECK(fixture_solve(t, &to, &par, MPI_COMM_SELF, tour, &len) == AR_OK);
    CHECK_EQ_INT(ref_len, len);
    CHECK(memcmp(ref, tour, sizeof(int32_t) * n) == 0);
  }
  free(ref);
  free(tour);
}

/* ACS keeps its own update: index parts are MMAS's. */
static void check_acs(const tour_net *t) {
  tour_options to = tour_options_default();
  to.rows_from = 0;
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(t, &to, &tp, &p) == AR_OK);
  aco_params par = aco_params_default();
  CHECK(aco_colony_index_parts(&p, &par) == p.index_parts);
  par.algorithm = ACO_ACS;
  CHECK(aco_colony_index_parts(&p, &par) == 0);
  tour_problem_free(&tp);
}

static aco_solution tour_solution(const tour_net *t, int32_t *order) {
  const double len = (double)tour_length(t, order);
  return (aco_solution){{.key = {len, 0.0}, .value = len}, order};
}

/* A colony whose best since its last restart is par.restart_iterations iterations old restarts
 * in that update: every trail tau_max, the next source the colony's first solution (not the
 * stalled best its ants would otherwise keep modifying), the best kept; by rows or not. */
/* A tour problem updated by rows from rows_from nodes, without alpha lists, combining or merging
 * (the colony's restarts alone decide its source). */
static void plain_problem(const tour_net *t, int32_t rows_from, tour_problem *tp, aco_problem *p) {
  tour_options to = tour_options_default();
  to.rows_from = rows_from;
  to.alpha_steps = 0;
  to.combine = 0;
  to.merge = 0;
  CHECK(tour_problem_create(t, &to, tp, p) == AR_OK);
}

/* The rest of a colony's update after aco_colony_update_begin, on one thread: the index parts
 * (by rows), every cell, the end. */
static void update_rest(aco_colony *c, const aco_problem *p, const aco_params *par,
                        const float *eta_beta, int64_t it) {
  const int32_t parts = aco_colony_index_parts(p, par);
  for (int32_t part = 0; part < parts; part++)
    aco_colony_update_index(c, p, part, parts);
  if (parts > 0) aco_colony_update_index_close(c, p);
  aco_colony_update_cells(c, p, par, eta_beta, 0, (size_t)p->rows * (size_t)p->options);
  aco_colony_update_end(c, p, par, eta_beta, it);
}

/* --restart-descent: a colony whose best improved in each of its first `descent` iterations
 * (costs made up: the colony reads only them) restarts after max(--restart, X x descent)
 * iterations without gain, and X = 0 keeps --restart alone; after the restart the next stall is
 * measured from the restart (aco_mmas_restart_stall). */
static void check_restart_descent(const tour_net *t, double x, int64_t want_at) {
  tour_problem tp;
  aco_problem p;
  plain_problem(t, INT32_MAX, &tp, &p);
  aco_params par = aco_params_default();
  par.ants = 1;
  par.restart_iterations = 2;
  par.restart_descent = x;
  aco_colony c;
  CHECK(aco_colony_alloc(&c, &p, &par, 0) == AR_OK);
  const int32_t n = t->n;
  const size_t cells = (size_t)p.rows * (size_t)p.options;
  float *eta_beta = malloc(cells * sizeof(float));
  int32_t *order = malloc(sizeof(int32_t) * n);
  for (size_t i = 0; i < cells; i++)
    eta_beta[i] = 1.0f;
  for (int32_t i = 0; i < n; i++)
    order[i] = i;
  aco_solution init = tour_solution(t, order);
  aco_colony_start(&c, &p, &par, eta_beta, &init);
  enum { DESCENT = 6 }; /* improvements at iterations 0..5: the best found at 5, 5 from the start */
  int64_t restarted_at = -1;
  for (int64_t it = 0; it < 40 && restarted_at < 0; it++) {
    memcpy(c.ant[0].data, order, sizeof(int32_t) * n);
    c.ant[0].cost = init.cost;
    const double gain = (double)(it < DESCENT ? it + 1 : DESCENT);
    c.ant[0].cost.key[0] -= gain;
    c.ant[0].cost.value -= gain;
    aco_colony_update_begin(&c, &p, &par, it);
    if (c.restarting) restarted_at = it;
    update_rest(&c, &p, &par, eta_beta, it);
  }
  CHECK_EQ_INT(restarted_at, want_at);
  CHECK_EQ_INT(c.s.restarts, 1);
  CHECK_EQ_INT(c.s.restart_iteration, want_at);
  /* a fresh search whose best came 3 iterations after the restart waits max(2, 3 x) more */
  c.s.restart_best_iteration = want_at + 3;
  CHECK_EQ_INT(aco_mmas_restart_stall(&c, &par), x * 3 > 2 ? (int64_t)(x * 3) : 2);
  /* the largest factor times a descent of 10^15 iterations: never, without overflow */
  aco_params huge = par;
  huge.restart_descent = 1e6;
  c.s.restart_best_iteration = c.s.restart_iteration + 1000000000000000;
  CHECK_EQ_INT(aco_mmas_restart_stall(&c, &huge), INT64_C(1) << 62);
  aco_colony_free(&c);
  free(eta_beta);
  free(order);
  tour_problem_free(&tp);
}

static void check_restart(const tour_net *t, int32_t rows_from) {
  tour_problem tp;
  aco_problem p;
  plain_problem(t, rows_from, &tp, &p);
  aco_params par = aco_params_default();
  par.ants = 2;
  par.restart_iterations = 3;
  aco_colony c;
  CHECK(aco_colony_alloc(&c, &p, &par, 0) == AR_OK);
  const int32_t n = t->n;
  const size_t cells = (size_t)p.rows * (size_t)p.options;
  float *eta_beta = malloc(cells * sizeof(float));
  int32_t *first = malloc(sizeof(int32_t) * n), *better = malloc(sizeof(int32_t) * n);
  for (size_t i = 0; i < cells; i++)
    eta_beta[i] = 1.0f;
  random_order(first, n, 2463534242ULL); /* the first solution: a random (long) tour */
  for (int32_t i = 0; i < n; i++)
    better[i] = i;
  for (int32_t i = 1; i < n; i++) /* a shorter one: the nodes by x */
    for (int32_t j = i; j > 0 && t->x[better[j - 1]] > t->x[better[j]]; j--) {
      int32_t v = better[j];
      better[j] = better[j - 1], better[j - 1] = v;
    }
  aco_solution init = tour_solution(t, first), good = tour_solution(t, better);
  CHECK(aco_cost_compare(&good.cost, &init.cost) < 0);
  aco_colony_start(&c, &p, &par, eta_beta, &init);
  const int32_t parts = aco_colony_index_parts(&p, &par);
  CHECK_EQ_INT(parts > 0, rows_from == 0);
  for (int64_t it = 0; it <= par.restart_iterations; it++) {
    for (int32_t a = 0; a < par.ants; a++) { /* every ant the better tour: no gain after it 0 */
      memcpy(c.ant[a].data, better, sizeof(int32_t) * n);
      c.ant[a].cost = good.cost;
    }
    aco_colony_update_begin(&c, &p, &par, it);
    CHECK_EQ_INT(c.restarting, it == par.restart_iterations);
    update_rest(&c, &p, &par, eta_beta, it);
    const int32_t *want = it == par.restart_iterations ? first : better;
    CHECK(memcmp(c.source, want, sizeof(int32_t) * n) == 0);
  }
  CHECK(c.s.source_cost.key[0] == init.cost.key[0]);
  CHECK(memcmp(c.best, better, sizeof(int32_t) * n) == 0);
  CHECK(c.s.best_cost.key[0] == good.cost.key[0]);
  CHECK_EQ_INT(c.s.restarts, 1);
  int filled = 1;
  for (size_t i = 0; i < cells; i++)
    filled &= c.tau[i] == (float)c.s.tau_max;
  CHECK(filled);
  aco_colony_free(&c);
  free(eta_beta);
  free(first);
  free(better);
  tour_problem_free(&tp);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  tour_net t = fixture_random_euc(AR_TEST_SANITIZED ? 600 : 1500, 21);
  check_parts(&t);
  check_runs(&t, INT32_MAX);
  check_runs(&t, 0);
  check_acs(&t);
  check_restart(&t, INT32_MAX);
  check_restart(&t, 0);
  check_restart_descent(&t, 0.0, 5 + 2);  /* --restart 2 alone */
  check_restart_descent(&t, 1.0, 5 + 5);  /* a stall as long as the descent */
  check_restart_descent(&t, 2.5, 5 + 12); /* 2.5 x 5, rounded down */
  tour_net_free(&t);
  tour_net d = fixture_random_atsp(AR_TEST_SANITIZED ? 400 : 900, 22);
  check_parts(&d);
  check_runs(&d, INT32_MAX);
  tour_net_free(&d);
  return 0;
}
