/* SPDX-License-Identifier: BSD-3-Clause */
/* The greedy first tour (tour_greedy.h, issue #23): a tour through every node once on uniform,
 * clustered, duplicated, collinear and tiny instances; the same tour twice; shorter than the
 * Hilbert order it replaces; and a whole run from it on 2 threads gives the 1-thread answer. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "engine_fixture.h"
#include "test_util.h"
#include "tour_curve.h"
#include "tour_greedy.h"

/* Every node exactly once. */
static int is_tour(const int32_t *order, int32_t n) {
  char *seen = calloc((size_t)n, 1);
  int ok = seen != NULL;
  for (int32_t i = 0; i < n && ok; i++) {
    ok = order[i] >= 0 && order[i] < n && !seen[order[i]];
    if (ok) seen[order[i]] = 1;
  }
  free(seen);
  return ok;
}

/* The greedy order of t (the default lists), checked; returns its length (-1 on failure). */
static int64_t greedy(const tour_net *t, int32_t *order) {
  tour_options to = tour_options_default();
  to.alpha_steps = 0; /* nearest-neighbour lists, as beyond 80,000 nodes (the whole run below
                         uses the alpha-nearness lists of 10,000-80,000 nodes) */
  to.first = TOUR_FIRST_GREEDY;
  tour_problem tp;
  aco_problem p;
  if (tour_problem_create(t, &to, &tp, &p) != AR_OK) return -1;
  CHECK(tour_first_is_greedy(t, &tp.opt));
  int64_t len = -1;
  if (tour_greedy_order(&tp, order, 0) == AR_OK && is_tour(order, t->n))
    len = tour_length(t, order);
  tour_problem_free(&tp);
  return len;
}

static void check_instance(const tour_net *t, const char *what, int shorter_than_curve) {
  int32_t *a = malloc(sizeof(int32_t) * (size_t)t->n), *b = malloc(sizeof(int32_t) * (size_t)t->n);
  int64_t la = greedy(t, a), lb = greedy(t, b);
  if (la < 0) fprintf(stderr, "%s: no valid greedy tour\n", what);
  CHECK(la >= 0);
  CHECK(la == lb && memcmp(a, b, sizeof(int32_t) * (size_t)t->n) == 0);
  if (shorter_than_curve) {
    CHECK(tour_hilbert_order(t, b) == AR_OK);
    int64_t curve = tour_length(t, b);
    if (!(la < curve))
      fprintf(stderr, "%s: greedy %lld, curve %lld\n", what, (long long)la, (long long)curve);
    CHECK(la < curve);
  }
  free(a);
  free(b);
}

/* Clusters of points around a few centres (the joining rounds see far-apart ends). */
static tour_net clustered(int32_t n, uint64_t seed) {
  tour_net t = fixture_random_euc(n, seed);
  aco_rng r = aco_rng_stream(seed, 1, 0, 0, ACO_STREAM_TEST);
  for (int32_t i = 0; i < n; i++) {
    int32_t c = i % 7;
    t.x[i] = floor(c * 10000.0 + aco_rng_uniform(&r) * 50.0);
    t.y[i] = floor((c % 3) * 20000.0 + aco_rng_uniform(&r) * 50.0);
  }
  return t;
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  tour_net t = fixture_random_euc(5000, 21);
  check_instance(&t, "uniform 5000", 1);
  tour_net_free(&t);
  t = clustered(3000, 22);
  check_instance(&t, "clustered 3000", 1);
  tour_net_free(&t);
  /* Every point four times: zero-length edges and ties everywhere. */
  t = fixture_random_euc(2000, 23);
  for (int32_t i = 0; i < t.n; i++) {
    t.x[i] = t.x[i / 4];
    t.y[i] = t.y[i / 4];
  }
  check_instance(&t, "duplicates", 0);
  tour_net_free(&t);
  /* All on one line. */
  t = fixture_random_euc(1000, 24);
  for (int32_t i = 0; i < t.n; i++)
    t.y[i] = 5.0;
  check_instance(&t, "collinear", 0);
  tour_net_free(&t);
  for (int32_t n = 3; n <= 12; n++) {
    t = fixture_random_euc(n, 25 + (uint64_t)n);
    check_instance(&t, "tiny", 0);
    tour_net_free(&t);
  }
  /* A whole run from the greedy tour: the answer does not depend on the threads. */
  t = fixture_random_euc(3000, 26);
  aco_params par = aco_params_default();
  par.seed = 5;
  /* Enough iterations for the threads to share out the ants differently. Under the sanitizers
   * the two runs of 30 iterations (3,000 nodes, long chains) took 179 s in the suite's sanitizer
   * pass, beside other tests: its longest test and the end of the suite's critical path. */
  par.iterations = AR_TEST_SANITIZED ? 4 : 12;
  tour_options to = tour_options_default();
  to.first = TOUR_FIRST_GREEDY;
  if (AR_TEST_SANITIZED) to.alpha_steps = 50;
  int32_t *one = malloc(sizeof(int32_t) * (size_t)t.n);
  int64_t l1 = 0;
  CHECK(fixture_threads_agree(&t, &to, &par, one, &l1) == 1);
  CHECK(is_tour(one, t.n) && tour_length(&t, one) == l1);
  free(one);
  tour_net_free(&t);
  return 0;
}
