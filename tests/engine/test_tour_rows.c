/* SPDX-License-Identifier: BSD-3-Clause */
/* The trail update by rows (problem.h index parts, aco_mmas_by_rows; issue #23): the tour's
 * row components name exactly the cells its components name, the index built in parts in any
 * order is the index built at once, and whole MMAS runs (with re-initialisations, with and
 * without pieces, symmetric and ATSP, on 1 and 2 threads) give the same answer by rows as by
 * the components' walk. */
#include <stdint.h>
#include <string.h>

#include "aco_colony.h"
#include "engine_fixture.h"
#include "test_util.h"

static void count_cell(int32_t row, int32_t option, void *arg) {
  int32_t *count = ((int32_t **)arg)[0];
  const int32_t options = *((int32_t **)arg)[1];
  count[(size_t)row * options + option]++;
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
  for (int32_t i = 0; i < n; i++)
    order[i] = i;
  uint64_t x = 88172645463325252ULL;
  for (int32_t i = n - 1; i > 0; i--) { /* a tour with edges both in and out of the lists */
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    int32_t j = (int32_t)(x % (uint64_t)(i + 1)), v = order[i];
    order[i] = order[j], order[j] = v;
  }
  for (int32_t i = 0; i + 1 < n; i += 3) { /* and some tour edges that are list edges */
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

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  tour_net t = fixture_random_euc(AR_TEST_SANITIZED ? 600 : 1500, 21);
  check_parts(&t);
  check_runs(&t, INT32_MAX);
  check_runs(&t, 0);
  check_acs(&t);
  tour_net_free(&t);
  tour_net d = fixture_random_atsp(AR_TEST_SANITIZED ? 400 : 900, 22);
  check_parts(&d);
  check_runs(&d, INT32_MAX);
  tour_net_free(&d);
  return 0;
}
