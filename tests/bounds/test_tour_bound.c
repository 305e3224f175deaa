/* SPDX-License-Identifier: BSD-3-Clause */
/* The tour lower bound on generated instances of every metric: never above the optimum (found by
 * dynamic programming on up to 11 nodes), not trivially low either; the exact 1-tree of the
 * k-d tree (2-D metrics) equal to the one of Prim on the whole matrix under random penalties,
 * also with repeated and collinear points; and the same bound whatever the number of threads and
 * with progress lines. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tour_bound.h"
#include "tour_hk.h"
#include "tour_work.h"

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rnd(void) { /* xorshift64 */
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}
static double uniform(double lo, double hi) {
  return lo + (hi - lo) * (double)(rnd() >> 11) / 9007199254740992.0;
}

static void make_coords(tour_net *t, int32_t n, tour_metric metric) {
  memset(t, 0, sizeof *t);
  t->n = n;
  t->metric = metric;
  t->optimum = -1;
  t->x = malloc((size_t)n * sizeof *t->x);
  t->y = malloc((size_t)n * sizeof *t->y);
  for (int32_t i = 0; i < n; i++) {
    if (metric == TOUR_METRIC_GEO) { /* DDD.MM: whole degrees plus minutes / 100 */
      t->x[i] = (double)(int)uniform(-60, 60) + (double)(int)uniform(0, 59) / 100.0;
      t->y[i] = (double)(int)uniform(-170, 170) + (double)(int)uniform(0, 59) / 100.0;
    } else {
      t->x[i] = (double)(int64_t)uniform(0, 1000);
      t->y[i] = (double)(int64_t)uniform(0, 1000);
    }
  }
}

static void make_matrix(tour_net *t, int32_t n, int directed) {
  memset(t, 0, sizeof *t);
  t->n = n;
  t->metric = TOUR_METRIC_EXPLICIT;
  t->directed = directed;
  t->optimum = -1;
  t->weights = calloc((size_t)n * n, sizeof *t->weights);
  for (int32_t i = 0; i < n; i++)
    for (int32_t j = 0; j < n; j++) {
      if (i == j) continue;
      if (!directed && j < i)
        t->weights[i * n + j] = t->weights[j * n + i];
      else
        t->weights[i * n + j] = (int32_t)uniform(1, 1000);
    }
}

/* Held-Karp dynamic programming over subsets: the optimal tour length (n <= 12). */
static int64_t optimum_by_dp(const tour_net *t) {
  int32_t n = t->n, full = 1 << (n - 1);
  int64_t *dp = malloc((size_t)full * n * sizeof *dp);
  for (int64_t k = 0; k < (int64_t)full * n; k++)
    dp[k] = INT64_MAX / 4;
  for (int32_t j = 1; j < n; j++)
    dp[(int64_t)(1 << (j - 1)) * n + j] = tour_dist(t, 0, j);
  for (int32_t mask = 1; mask < full; mask++)
    for (int32_t j = 1; j < n; j++) {
      if (!(mask & (1 << (j - 1)))) continue;
      int64_t here = dp[(int64_t)mask * n + j];
      for (int32_t k = 1; k < n; k++) {
        if (mask & (1 << (k - 1))) continue;
        int32_t next = mask | (1 << (k - 1));
        int64_t c = here + tour_dist(t, j, k);
        if (c < dp[(int64_t)next * n + k]) dp[(int64_t)next * n + k] = c;
      }
    }
  int64_t best = INT64_MAX;
  for (int32_t j = 1; j < n; j++) {
    int64_t c = dp[(int64_t)(full - 1) * n + j] + tour_dist(t, j, 0);
    if (c < best) best = c;
  }
  free(dp);
  return best;
}

static void check_small(const char *what, tour_net *t) {
  tour_bound_options opt = tour_bound_options_default();
  tour_lower_bound b;
  int64_t best = optimum_by_dp(t);
  CHECK(tour_bound_compute(t, &opt, &b) == AR_OK);
  if (b.value > best || 10 * b.value < 8 * best)
    fprintf(stderr, "%s n=%d: bound %lld, optimum %lld (%s)\n", what, t->n, (long long)b.value,
            (long long)best, b.method);
  CHECK(b.computed && b.value <= best);
  CHECK(10 * b.value >= 8 * best); /* a working ascent is far closer than 20 % */
  tour_net_free(t);
}

/* Exact 1-trees: Boruvka on the k-d tree against Prim on the matrix, same penalties. */
static void check_exact_planar(tour_metric metric, int32_t n, int repeated) {
  tour_net t;
  make_coords(&t, n, metric);
  for (int32_t i = 0; repeated && i < n; i++) {
    if (i % 7 == 3) { /* duplicates */
      t.x[i] = t.x[i / 2];
      t.y[i] = t.y[i / 2];
    }
    if (i % 5 == 1) t.y[i] = 500.0; /* a collinear row */
  }
  hk_graph g;
  hk_graph_init(&g, &t);
  CHECK(g.planar);
  hk_sparse s;
  hk_exact a, b;
  CHECK(hk_sparse_build(&g, 5, 1, NULL, NULL, &s) == AR_OK);
  CHECK(hk_exact_init(&a, n) == AR_OK && hk_exact_init(&b, n) == AR_OK);
  int64_t *pi = calloc((size_t)n, sizeof *pi);
  for (int round = 0; round < 4; round++) {
    for (int32_t i = 0; i < n; i++)
      pi[i] = round == 0 ? 0 : (int64_t)uniform(-80, 80) * g.scale * round;
    CHECK(hk_onetree_exact(&g, &s, pi, &a) == AR_OK);
    g.planar = 0;
    CHECK(hk_onetree_exact(&g, &s, pi, &b) == AR_OK);
    g.planar = 1;
    if (a.value != b.value)
      fprintf(stderr, "%s n=%d round %d: k-d tree %lld, matrix %lld\n", tour_metric_name(metric), n,
              round, (long long)a.value, (long long)b.value);
    CHECK_EQ_INT(a.value, b.value);
  }
  free(pi);
  hk_exact_free(&a);
  hk_exact_free(&b);
  hk_sparse_free(&s);
  tour_net_free(&t);
}

/* Under the sanitizers fewer and smaller random instances. */
enum {
  SMALL_REPS = AR_TEST_SANITIZED ? 1 : 6,
  PLANAR_N = AR_TEST_SANITIZED ? 150 : 400,
  THREADS_N = AR_TEST_SANITIZED ? 500 : 3000
};

/* Progress lines' callback: counts the steps and checks that the estimate covers them. */
typedef struct {
  int64_t calls, last, bad;
} progress_count;
static void count_progress(void *arg, int64_t step, int64_t estimate) {
  progress_count *c = arg;
  c->bad += step != c->last + 1 || estimate < step;
  c->last = step;
  c->calls++;
}

static void check_threads(void) {
  tour_net t;
  make_coords(&t, THREADS_N, TOUR_METRIC_EUC_2D);
  tour_bound_options opt = tour_bound_options_default();
  tour_lower_bound one, two;
  omp_set_num_threads(1);
  CHECK(tour_bound_compute(&t, &opt, &one) == AR_OK);
  omp_set_num_threads(2);
  CHECK(tour_bound_compute(&t, &opt, &two) == AR_OK);
  CHECK_EQ_INT(one.value, two.value);
  CHECK_EQ_INT(one.ascent_steps, two.ascent_steps);
  CHECK_EQ_INT(one.exact_checks, two.exact_checks);
  /* Progress lines never change the bound; the callback sees every step once. */
  progress_count c = {0, 0, 0};
  opt.progress = count_progress;
  opt.progress_arg = &c;
  tour_lower_bound three;
  CHECK(tour_bound_compute(&t, &opt, &three) == AR_OK);
  CHECK_EQ_INT(one.value, three.value);
  CHECK_EQ_INT(one.ascent_steps, three.ascent_steps);
  CHECK_EQ_INT(c.calls, three.ascent_steps);
  CHECK_EQ_INT(c.bad, 0);
  tour_net_free(&t);
}

/* What the progress hook of the sparse graph's lists was told (tour_work.h). */
typedef struct {
  int starts, calls, bad;
  int64_t last;
} work_count;
static void count_work(void *arg, const char *step, int64_t done, int64_t total) {
  work_count *c = arg;
  c->calls++;
  if (done == 0) {
    c->starts++;
    c->bad += total != 0 || strncmp(step, "bound: ", 7) != 0;
  } else {
    c->bad += done > total || done < c->last;
  }
  c->last = done;
}

/* On 100,000 nodes (TOUR_WORK_FROM) the sparse graph's nearest and quadrant neighbours report
 * their progress (each announced, then work that only grows, never beyond its total) and the
 * bound stays the same. Two ascent steps keep it short. */
static void check_work_reports(void) {
  tour_net t;
  make_coords(&t, TOUR_WORK_FROM, TOUR_METRIC_EUC_2D);
  for (int32_t i = 0; i < t.n; i++) { /* few repeated points */
    t.x[i] = (double)(int64_t)uniform(0, 1e6);
    t.y[i] = (double)(int64_t)uniform(0, 1e6);
  }
  tour_bound_options opt = tour_bound_options_default();
  opt.max_steps = 2;
  tour_lower_bound plain, heard;
  CHECK(tour_bound_compute(&t, &opt, &plain) == AR_OK);
  work_count c = {0, 0, 0, 0};
  opt.work = count_work;
  opt.work_arg = &c;
  CHECK(tour_bound_compute(&t, &opt, &heard) == AR_OK);
  CHECK_EQ_INT(plain.value, heard.value);
  CHECK_EQ_INT(c.starts, 2);
  CHECK(c.calls > 2 * (TOUR_WORK_FROM / TOUR_WORK_CHUNK));
  CHECK_EQ_INT(c.bad, 0);
  tour_net_free(&t);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  const tour_metric metrics[] = {TOUR_METRIC_EUC_2D, TOUR_METRIC_CEIL_2D, TOUR_METRIC_ATT,
                                 TOUR_METRIC_GEO};
  for (int rep = 0; rep < SMALL_REPS; rep++)
    for (int32_t n = 5; n <= 11; n += 3) {
      tour_net t;
      for (int m = 0; m < 4; m++) {
        make_coords(&t, n, metrics[m]);
        check_small(tour_metric_name(metrics[m]), &t);
      }
      make_matrix(&t, n, 0);
      check_small("EXPLICIT", &t);
      make_matrix(&t, n, 1);
      check_small("ATSP", &t);
    }
  for (int m = 0; m < 3; m++) {
    check_exact_planar(metrics[m], PLANAR_N, 0);
    check_exact_planar(metrics[m], PLANAR_N, 1);
  }
  check_threads();
  /* 100,000 nodes (the hook starts there): minutes under the sanitizers. */
  if (!AR_TEST_SANITIZED) check_work_reports();
  return 0;
}
