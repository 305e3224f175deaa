/* SPDX-License-Identifier: BSD-3-Clause */
/* The first tour's pass on all of a rank's threads (tour_pass.h, issue #23): the tour, the length
 * change and the search statistics of the node-by-node pass (tour_ls_run) on 2, 3 and 4 threads,
 * whether the team's other threads join from a task (idle at a barrier) or from a loop of
 * tour_pass_help (waiting for the first tour in tour_initial); each run waits until every
 * thread joined, so the threads surely shared it. Whole runs of 1 and 2 colonies on 1 and
 * 2 threads, whose first tour makes such a pass, give the 1-thread answer. After each pass the
 * cached edge lengths and positions match the tour and the change is its length difference. A
 * colony waiting for a first tour whose maker failed returns the maker's status and message. */
#include <stdint.h>
#include <string.h>

#include "engine_fixture.h"
#include "test_util.h"
#include "tour_curve.h"
#include "tour_pass.h"

typedef struct {
  int64_t change, moves, bridges, swaps, chains5, tight5;
} pass_result;

/* The pass from every node of the Hilbert order of tp's network into order; threads 0: the
 * node-by-node pass on this thread; else a team of that many, the others joining from tasks
 * (helper_loop 0) or from tour_pass_help loops (1). */
static pass_result pass_once(tour_problem *tp, aco_problem *p, int32_t *order, int threads,
                             int helper_loop) {
  void *raw = NULL;
  pass_result r;
  memset(&r, 0, sizeof r);
  CHECK(p->scratch_create(p, &raw) == AR_OK);
  tour_scratch *s = raw;
  CHECK(tour_hilbert_order(tp->net, order) == AR_OK);
  const int64_t before = tour_length(tp->net, order);
  tour_ls_prepare(tp, s, order);
  for (int32_t i = 0; i < tp->n; i++)
    tour_ls_push(s, order[i]);
  if (threads == 0) {
    r.change = tour_ls_run(tp, s, order, 0);
  } else {
    int workers = 0, done = 0;
#pragma omp parallel num_threads(threads)
    {
      if (omp_get_thread_num() == 0) {
        r.change = tour_pass_run_with(tp, s, order, threads, &workers);
#pragma omp atomic write
        done = 1;
      } else if (helper_loop) {
        for (int d = 0; !d;) {
          tour_pass_help(tp);
#pragma omp atomic read
          d = done;
        }
      }
    }
    if (workers != threads) fprintf(stderr, "%d threads, %d joined\n", threads, workers);
    CHECK(workers == threads);
  }
  /* The books after thousands of reversals, many across the array's end: every cached edge
   * length is its edge's, and the change returned is the tour's (tour_ls.c keeps both as it
   * goes, in tour_array's straight stretches). */
  int cache_ok = 1;
  for (int32_t i = 0; i < tp->n; i++) {
    const int32_t a = order[i], b = order[i + 1 == tp->n ? 0 : i + 1];
    cache_ok &= s->nlen[a] == tour_d(tp->net, a, b) && s->pos[a] == i;
  }
  CHECK(cache_ok);
  CHECK(tour_length(tp->net, order) - before == r.change);
  r.moves = s->moves;
  r.bridges = s->bridges;
  r.swaps = s->swaps;
  r.chains5 = s->chains5;
  r.tight5 = s->tight5;
  CHECK(s->qcount == 0);
  p->scratch_free(p, raw);
  return r;
}

static void check_pass(const tour_net *t) {
  tour_options to = tour_options_default();
  if (AR_TEST_SANITIZED) to.alpha_steps = 50;
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(t, &to, &tp, &p) == AR_OK);
  CHECK(tour_long_chains(&tp.opt, tp.n)); /* the first tour's pass is made on such instances */
  int32_t *ref = malloc(sizeof(int32_t) * (size_t)t->n),
          *got = malloc(sizeof(int32_t) * (size_t)t->n);
  const pass_result serial = pass_once(&tp, &p, ref, 0, 0);
  CHECK(serial.change < 0 && serial.moves > 0 && serial.chains5 > 0);
  for (int threads = 2; threads <= 4; threads++) {
    for (int helper_loop = 0; helper_loop < 2; helper_loop++) {
      const pass_result r = pass_once(&tp, &p, got, threads, helper_loop);
      const int same = memcmp(ref, got, sizeof(int32_t) * (size_t)t->n) == 0 &&
                       memcmp(&serial, &r, sizeof r) == 0;
      if (!same)
        fprintf(stderr,
                "%s, %d threads (%s): change %lld moves %lld chains5 %lld, node by node %lld %lld "
                "%lld\n",
                t->name, threads, helper_loop ? "helper loops" : "tasks", (long long)r.change,
                (long long)r.moves, (long long)r.chains5, (long long)serial.change,
                (long long)serial.moves, (long long)serial.chains5);
      CHECK(same);
    }
  }
  free(ref);
  free(got);
  tour_problem_free(&tp);
}

/* A colony whose first tour another colony's thread failed to make reports that failure, with
 * its status and message (not a bug of its own). */
static void check_maker_failed(const tour_net *t) {
  tour_options to = tour_options_default();
  to.alpha_steps = 0;
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(t, &to, &tp, &p) == AR_OK);
  tour_start *start = &tp.start[TOUR_START_PLAIN];
  start->claimed = start->done = 1; /* as the maker leaves it when it fails */
  start->ready = 0;
  start->status = AR_ERR_NOMEM;
  snprintf(start->message, sizeof start->message, "out of memory for the first tour (test)");
  void *scratch = NULL;
  CHECK(p.scratch_create(&p, &scratch) == AR_OK);
  int32_t *data = malloc(sizeof(int32_t) * (size_t)t->n);
  aco_solution out = {aco_cost_worst(), data};
  aco_ant_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  CHECK(p.initial(&p, &ctx, scratch, &out) == AR_ERR_NOMEM);
  CHECK(strcmp(ar_error_message(), "out of memory for the first tour (test)") == 0);
  ar_error_clear();
  free(data);
  p.scratch_free(&p, scratch);
  tour_problem_free(&tp);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  tour_net t = fixture_random_euc(AR_TEST_SANITIZED ? 3000 : 4000, 31);
  check_pass(&t);
  /* Whole runs: the first tour's pass shared by the idle thread (one colony) or by the thread of
   * the other colony (two), the answer of one thread. */
  aco_params par = aco_params_default();
  par.seed = 7;
  par.iterations = AR_TEST_SANITIZED ? 2 : 4;
  tour_options to = tour_options_default();
  if (AR_TEST_SANITIZED) to.alpha_steps = 50;
  int32_t *one = malloc(sizeof(int32_t) * (size_t)t.n);
  for (int colonies = 1; colonies <= 2; colonies++) {
    int64_t l1 = 0;
    par.colonies = colonies;
    CHECK(fixture_threads_agree(&t, &to, &par, one, &l1) == 1);
  }
  free(one);
  check_maker_failed(&t);
  tour_net_free(&t);
  return 0;
}
