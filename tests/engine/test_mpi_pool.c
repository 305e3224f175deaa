/* SPDX-License-Identifier: BSD-3-Clause */
/* The node's pool of ants (src/engine/aco_pool.h), two ranks of one colony each under mpirun:
 * colony 1's ants cost three times colony 0's (a sleep in construct, wherever the ant is built),
 * so rank 0 gets ahead and builds colony 1's ants of earlier iterations. The best tour is the
 * one rank's tour, with the pool and without it (ANTROUTE_POOL=0); with it rank 0 built some of
 * colony 1's ants and every ant one rank built for another was received; without it none. */
#include <omp.h>
#include <stdlib.h>
#include <time.h>

#include "engine_fixture.h"
#include "test_util.h"

static const aco_problem *real_problem;

static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0) {
  }
}

/* Colony 0's ants take 20 ms, colony 1's 60 ms: rank 0 has 1 s of its own work in which to see
 * colony 1 behind (rank 1 opens its first iteration as soon as its run starts). */
static void slow_construct(const aco_problem *p, aco_ant_ctx *ctx, void *scratch,
                           aco_solution *out) {
  sleep_ms(ctx->colony == 1 ? 60 : 20);
  real_problem->construct(p, ctx, scratch, out);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(size == 2);
  omp_set_num_threads(1);
  tour_net t = fixture_random_euc(300, 17);
  tour_options to = tour_options_default();
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(&t, &to, &tp, &p) == AR_OK);
  aco_params par = aco_params_default();
  par.colonies = 2;
  par.ants = 4;
  par.iterations = 12;
  par.epoch_iterations = 6;
  par.seed = 9;
  int32_t *ref = malloc(sizeof(int32_t) * t.n), *tour = malloc(sizeof(int32_t) * t.n);
  int64_t ref_len = -1, len = -1, pool[2], sums[2];
  CHECK(fixture_run_counted(&p, &par, MPI_COMM_SELF, t.n, ref, &ref_len, pool) ==
        AR_OK); /* 1 x 1 */
  CHECK(pool[0] == 0 && pool[1] == 0);

  aco_problem slow = p;
  slow.construct = slow_construct;
  real_problem = &p;
  for (int pooled = 1; pooled >= 0; pooled--) {
    if (!pooled) setenv("ANTROUTE_POOL", "0", 1);
    CHECK(fixture_run_counted(&slow, &par, MPI_COMM_WORLD, t.n, tour, &len, pool) == AR_OK);
    const int same = len == ref_len && memcmp(ref, tour, sizeof(int32_t) * t.n) == 0;
    MPI_Allreduce(pool, sums, 2, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d, pool %s: length %lld (1 x 1: %lld, %s); ants built for the other rank %lld, "
           "by it %lld\n",
           rank, pooled ? "on" : "off", (long long)len, (long long)ref_len,
           same ? "identical" : "DIFFERENT", (long long)pool[0], (long long)pool[1]);
    CHECK(same);
    CHECK(sums[0] == sums[1]); /* every ant built for another rank reached it */
    if (pooled && rank == 0) CHECK(pool[0] > 0);
    if (!pooled) CHECK(sums[0] == 0);
  }
  unsetenv("ANTROUTE_POOL");
  free(ref);
  free(tour);
  tour_problem_free(&tp);
  tour_net_free(&t);
  return 0;
}
