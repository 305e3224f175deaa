/* SPDX-License-Identifier: BSD-3-Clause */
/* The first solutions made once per node (src/engine/aco_start.h), two ranks of one thread and
 * one colony each under mpirun, on an instance whose first tour gets the pass of long chains (the
 * part initial() shares out to the team): rank 0 makes it with a thread rank 1 lends, rank 1
 * receives it; the first solutions and the best tour are the one rank's. Without the pool
 * (ANTROUTE_POOL=0), or where the colonies' keys differ, each rank makes its own. A maker that
 * fails is a failure on both ranks (the receiver is told, it does not wait for ever). */
#include <omp.h>
#include <stdlib.h>

#include "engine_fixture.h"
#include "test_util.h"

typedef struct {
  ar_status st;
  int64_t first, best; /* colony 0's first solution's length, the best tour's */
  int32_t threads, lent;
  int received;
} start_run;

static start_run run(const aco_problem *p, const aco_params *par, MPI_Comm comm, int32_t n,
                     int32_t *tour) {
  start_run r = {.st = AR_OK, .first = -1, .best = -1};
  aco_engine *e = NULL;
  r.st = aco_engine_create(p, par, comm, &e);
  if (r.st == AR_OK) {
    aco_engine_info in;
    aco_engine_get_info(e, &in);
    r.threads = in.start_threads;
    r.lent = in.start_lent;
    r.received = in.start_received;
    r.first = (int64_t)aco_engine_local_best(e, 0).key[0];
    r.st = aco_engine_run(e, NULL);
  }
  if (r.st == AR_OK) {
    aco_engine_info in;
    aco_engine_get_info(e, &in);
    memcpy(tour, in.best, (size_t)n * sizeof(int32_t));
    r.best = (int64_t)in.best_cost.key[0];
  }
  aco_engine_free(e);
  return r;
}

/* Each colony its own key: nothing shared. */
static int64_t own_key(const aco_problem *p, int64_t colony) {
  (void)p;
  return colony;
}

static const aco_problem *real_problem;

/* The maker's first solution fails (colony 0: rank 0's). */
static ar_status failing_initial(const aco_problem *p, aco_ant_ctx *ctx, void *scratch,
                                 aco_solution *out) {
  if (ctx->colony == 0) return ar_fail(AR_ERR_INTERNAL, "test: no first solution here");
  return real_problem->initial(p, ctx, scratch, out);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(size == 2);
  omp_set_num_threads(1);
  tour_net t = fixture_random_euc(500, 23);
  tour_options to = tour_options_default();
  to.ls_5opt = 50; /* long chains: the first tour gets the pass the team shares */
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(&t, &to, &tp, &p) == AR_OK);
  CHECK(tour_long_chains(&tp.opt, t.n));
  aco_params par = aco_params_default();
  par.colonies = 2;
  par.ants = 4;
  par.iterations = 3;
  par.epoch_iterations = 1;
  par.seed = 4;
  int32_t *ref = malloc(sizeof(int32_t) * t.n), *tour = malloc(sizeof(int32_t) * t.n);
  const start_run one = run(&p, &par, MPI_COMM_SELF, t.n, ref); /* 1 x 1 */
  CHECK(one.st == AR_OK && one.threads == 1 && one.lent == 0 && !one.received);

  start_run two = run(&p, &par, MPI_COMM_WORLD, t.n, tour);
  printf("rank %d, pool on: first %lld (1 x 1: %lld), best %lld (%lld); team %d, lent %d, "
         "received %d\n",
         rank, (long long)two.first, (long long)one.first, (long long)two.best, (long long)one.best,
         two.threads, two.lent, two.received);
  CHECK(two.st == AR_OK && two.first == one.first && two.best == one.best);
  CHECK(memcmp(ref, tour, sizeof(int32_t) * t.n) == 0);
  CHECK(two.threads == 2);
  CHECK(rank == 0 ? two.lent == 1 && !two.received : two.lent == 0 && two.received);

  setenv("ANTROUTE_POOL", "0", 1);
  two = run(&p, &par, MPI_COMM_WORLD, t.n, tour);
  unsetenv("ANTROUTE_POOL");
  printf("rank %d, pool off: team %d, received %d\n", rank, two.threads, two.received);
  CHECK(two.st == AR_OK && two.first == one.first && two.best == one.best);
  CHECK(memcmp(ref, tour, sizeof(int32_t) * t.n) == 0);
  CHECK(two.threads == 1 && two.lent == 0 && !two.received);

  aco_problem own = p;
  own.initial_key = own_key;
  two = run(&own, &par, MPI_COMM_WORLD, t.n, tour);
  printf("rank %d, a key per colony: team %d, received %d\n", rank, two.threads, two.received);
  CHECK(two.st == AR_OK && two.best == one.best);
  CHECK(two.threads == 1 && !two.received);

  aco_problem failing = p;
  failing.initial = failing_initial;
  real_problem = &p;
  two = run(&failing, &par, MPI_COMM_WORLD, t.n, tour);
  printf("rank %d, the maker fails: status %d (%s)\n", rank, (int)two.st, ar_error_message());
  CHECK(two.st != AR_OK); /* rank 1 alone would have made its own */

  free(ref);
  free(tour);
  tour_problem_free(&tp);
  tour_net_free(&t);
  return 0;
}
