/* SPDX-License-Identifier: BSD-3-Clause */
/* A thread that is held up delays nobody: while thread 0 is stuck inside one ant, the other
 * thread goes on building the ants of the other colonies, through many iterations, instead of
 * waiting for it at the end of the iteration. The stuck ant waits until the other thread has
 * built more ants than two whole iterations of every colony hold (impossible with a barrier per
 * iteration: it could build at most the rest of the stuck ant's iteration), with a generous
 * time-out that makes the test fail rather than hang. The answer is still the one a single thread
 * finds. */
#include <omp.h>
#include <stdatomic.h>
#include <time.h>

#include "engine_fixture.h"
#include "test_util.h"

enum { COLONIES = 3, ANTS = 4, ITERATIONS = 60, EPOCH = 30 };

static const aco_problem *real_problem;
static _Atomic long others_built; /* ants built by threads other than 0 */
static _Atomic int held;          /* 0: not yet, 1: holding, 2: released */
static long built_while_held = -1;

static void held_construct(const aco_problem *p, aco_ant_ctx *ctx, void *scratch,
                           aco_solution *out) {
  (void)p;
  int expected = 0;
  if (omp_get_thread_num() == 0 && atomic_compare_exchange_strong(&held, &expected, 1)) {
    const long goal = atomic_load(&others_built) + 2L * COLONIES * ANTS + 1;
    const struct timespec nap = {0, 1000000};
    /* Sleeps (uses no CPU) until the other thread has built `goal` ants (a few milliseconds'
     * work), or a generous 300 s pass on the clock (a loaded machine); then the check fails. */
    const double until = omp_get_wtime() + 300.0;
    while (atomic_load(&others_built) < goal && omp_get_wtime() < until)
      nanosleep(&nap, NULL);
    built_while_held = atomic_load(&others_built) - (goal - 2L * COLONIES * ANTS - 1);
    atomic_store(&held, 2);
  } else if (omp_get_thread_num() != 0) {
    atomic_fetch_add(&others_built, 1);
  }
  real_problem->construct(real_problem, ctx, scratch, out);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  aco_params par = aco_params_default();
  par.colonies = COLONIES;
  par.ants = ANTS;
  par.iterations = ITERATIONS;
  par.epoch_iterations = EPOCH;
  par.seed = 11;
  int64_t ref_len = -1, len = -2;
  int same_tour = 0;
  CHECK(fixture_held_runs(300, 5, &par, held_construct, &real_problem, &ref_len, &len,
                          &same_tour) == AR_OK);
  printf("while thread 0 was held inside one ant, thread 1 built %ld ants (one iteration of all "
         "colonies has %d); length %lld, 1 thread %lld\n",
         built_while_held, COLONIES * ANTS, (long long)len, (long long)ref_len);
  CHECK_EQ_INT(atomic_load(&held), 2);
  CHECK(built_while_held > 2L * COLONIES * ANTS);
  CHECK_EQ_INT(len, ref_len);
  CHECK(same_tour);
  return 0;
}
