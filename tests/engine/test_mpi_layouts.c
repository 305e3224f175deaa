/* SPDX-License-Identifier: BSD-3-Clause */
/* Layout independence under mpirun: 4 colonies on this communicator's ranks (with 1 and 2
 * threads each) give the same best tour as 4 colonies on one rank, also where colonies start
 * from two kinds of first tour; more ranks than colonies is a usage error on every rank, not a
 * hang. */
#include <omp.h>

#include "engine_fixture.h"
#include "test_util.h"

static void compare(const char *label, const tour_net *t, const tour_options *to,
                    const aco_params *par) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int32_t *ref = malloc(sizeof(int32_t) * t->n), *tour = malloc(sizeof(int32_t) * t->n);
  int64_t ref_len = -1, len = -1;
  omp_set_num_threads(1);
  CHECK(fixture_solve(t, to, par, MPI_COMM_SELF, ref, &ref_len) == AR_OK); /* 1 x 1 */
  for (int threads = 1; threads <= 2; threads++) {
    omp_set_num_threads(threads);
    CHECK(fixture_solve(t, to, par, MPI_COMM_WORLD, tour, &len) == AR_OK);
    int same = len == ref_len && memcmp(ref, tour, sizeof(int32_t) * t->n) == 0;
    if (rank == 0)
      printf("%s: %d x %d gives length %lld, 1 x 1 gives %lld: %s\n", label, size, threads,
             (long long)len, (long long)ref_len, same ? "identical" : "DIFFERENT");
    CHECK(same);
  }
  free(ref);
  free(tour);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  tour_net t = fixture_random_euc(300, 31);
  tour_options to = tour_options_default();
  aco_params par = aco_params_default();
  par.colonies = 4;
  par.ants = 6;
  par.iterations = 90;
  par.epoch_iterations = 20; /* the last epoch is partial */
  par.seed = 12;
  compare("mmas, migration", &t, &to, &par);
  par.migrate = 0;
  par.algorithm = ACO_ACS;
  par.q0 = 0.9;
  par.beta = 8;
  compare("acs, no migration", &t, &to, &par);

  /* 1,000 nodes: the odd colonies start from the pi-greedy first tour, the even from the curve
   * (tour_first_kind), so a rank may make both: at once with short chains, in turns with a pass
   * of long chains (two threads, or one rank with colonies of both kinds). */
  tour_net kinds = fixture_random_euc(1000, 31);
  par = aco_params_default();
  par.colonies = 4;
  par.ants = 4;
  par.iterations = 6;
  par.epoch_iterations = 3;
  par.seed = 5;
  compare("mmas, two kinds of first tour", &kinds, &to, &par);
  tour_options chains = to;
  chains.ls_5opt = 50;
  compare("mmas, two kinds of first tour, long chains", &kinds, &chains, &par);
  tour_net_free(&kinds);

  /* More ranks than colonies: the same usage error everywhere, at once. */
  par = aco_params_default();
  par.colonies = size - 1;
  par.iterations = 5;
  int32_t *tour = malloc(sizeof(int32_t) * t.n);
  int64_t len;
  ar_status st = fixture_solve(&t, &to, &par, MPI_COMM_WORLD, tour, &len);
  CHECK(st == AR_ERR_USAGE);
  CHECK(strstr(ar_error_message(), "only") != NULL);
  free(tour);
  tour_net_free(&t);
  return 0;
}
