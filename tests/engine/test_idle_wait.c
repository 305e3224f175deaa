/* SPDX-License-Identifier: BSD-3-Clause */
/* A thread with nothing to claim sleeps instead of spinning: one colony of two ants on two
 * threads, the first ant built (by either thread) is held for HOLD_MS in nanosleep, during which
 * the other thread can at most build the second ant and then must wait for the colony's update.
 * The process's CPU time over the hold must stay far below it: a thread spinning at a barrier or
 * in the queue would burn up to HOLD_MS (less only under heavy load), a sleeping one a few
 * milliseconds of start-up and the second ant. The answer is still the one a single thread
 * finds. */
#include <omp.h>
#include <stdatomic.h>
#include <time.h>

#include "engine_fixture.h"
#include "test_util.h"

enum { HOLD_MS = 600, ITERATIONS = 6 };

static const aco_problem *real_problem;
static _Atomic int held; /* 0: not yet, 1: holding, 2: released */
static double cpu_during_hold = -1.0;

static double process_cpu(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void held_construct(const aco_problem *p, aco_ant_ctx *ctx, void *scratch,
                           aco_solution *out) {
  int expected = 0;
  if (atomic_compare_exchange_strong(&held, &expected, 1)) {
    const struct timespec hold = {0, HOLD_MS * 1000000L};
    const double c0 = process_cpu();
    nanosleep(&hold, NULL);
    cpu_during_hold = process_cpu() - c0;
    atomic_store(&held, 2);
  }
  (void)p;
  real_problem->construct(real_problem, ctx, scratch, out);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  aco_params par = aco_params_default();
  par.colonies = 1;
  par.ants = 2;
  par.iterations = ITERATIONS;
  par.epoch_iterations = ITERATIONS;
  par.seed = 5;
  int64_t ref_len = -1, len = -2;
  int same_tour = 0;
  CHECK(fixture_held_runs(200, 9, &par, held_construct, &real_problem, &ref_len, &len,
                          &same_tour) == AR_OK);
  printf("CPU seconds of the process while one ant was held %d ms: %.4f; length %lld, 1 thread "
         "%lld\n",
         HOLD_MS, cpu_during_hold, (long long)len, (long long)ref_len);
  CHECK_EQ_INT(atomic_load(&held), 2);
  CHECK(cpu_during_hold >= 0.0 && cpu_during_hold < 0.25 * HOLD_MS / 1000.0);
  CHECK_EQ_INT(len, ref_len);
  CHECK(same_tour);
  return 0;
}
