/* SPDX-License-Identifier: BSD-3-Clause */
/* The iteration loop allocates nothing: every allocation function our code can reach is wrapped
 * (-Wl,--wrap=...) and counted while aco_engine_run() works; the set-up may allocate. */
#include <omp.h>
#include <stdatomic.h>

#include "engine_fixture.h"
#include "test_util.h"

#ifdef ANTROUTE_HAVE_TBB
#include <oneapi/tbb/scalable_allocator.h>
#endif

static atomic_long allocations;
static atomic_int counting;

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
int __real_posix_memalign(void **p, size_t align, size_t size);
void *__real_aligned_alloc(size_t align, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
int __wrap_posix_memalign(void **p, size_t align, size_t size);
void *__wrap_aligned_alloc(size_t align, size_t size);

static void count(void) {
  if (atomic_load(&counting)) atomic_fetch_add(&allocations, 1);
}
void *__wrap_malloc(size_t size) {
  count();
  return __real_malloc(size);
}
void *__wrap_calloc(size_t n, size_t size) {
  count();
  return __real_calloc(n, size);
}
void *__wrap_realloc(void *p, size_t size) {
  count();
  return __real_realloc(p, size);
}
int __wrap_posix_memalign(void **p, size_t align, size_t size) {
  count();
  return __real_posix_memalign(p, align, size);
}
void *__wrap_aligned_alloc(size_t align, size_t size) {
  count();
  return __real_aligned_alloc(align, size);
}
#ifdef ANTROUTE_HAVE_TBB
void *__real_scalable_aligned_malloc(size_t size, size_t align);
void *__wrap_scalable_aligned_malloc(size_t size, size_t align);
void *__wrap_scalable_aligned_malloc(size_t size, size_t align) {
  count();
  return __real_scalable_aligned_malloc(size, align);
}
#endif

/* At each epoch end: the allocations counted since the first epoch end. */
static long first_epoch_count = -1, between_epochs = -1;
static ar_status on_epoch(aco_engine *e, void *arg) {
  (void)e;
  (void)arg;
  long now = atomic_load(&allocations);
  if (first_epoch_count < 0)
    first_epoch_count = now;
  else
    between_epochs = now - first_epoch_count;
  return AR_OK;
}

static void check_run(const char *label, const tour_net *t, const tour_options *to, aco_params par,
                      int threads) {
  omp_set_num_threads(threads);
  tour_problem tp;
  aco_problem p;
  CHECK(tour_problem_create(t, to, &tp, &p) == AR_OK);
  aco_engine *e = NULL;
  /* Allocations during set-up are expected: they are counted too, to show the counter works. */
  atomic_store(&allocations, 0);
  atomic_store(&counting, 1);
  CHECK(aco_engine_create(&p, &par, MPI_COMM_SELF, &e) == AR_OK);
  atomic_store(&counting, 0);
  long setup = atomic_load(&allocations);
  /* The loop from the first epoch end to the last: iterations, trail updates, exchanges. */
  atomic_store(&allocations, 0);
  first_epoch_count = between_epochs = -1;
  aco_hooks hooks = {.epoch_end = on_epoch};
  atomic_store(&counting, 1);
  CHECK(aco_engine_run(e, &hooks) == AR_OK);
  atomic_store(&counting, 0);
  long total = atomic_load(&allocations);
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  printf("%s, %d thread(s): %ld allocations in set-up, %ld in the %lld iterations after the "
         "first epoch (%ld in the whole run, with the first epoch and the final gathering)\n",
         label, threads, setup, between_epochs, (long long)(in.iteration - par.epoch_iterations),
         total);
  CHECK(setup > 0);
  CHECK(in.epoch >= 3);
  CHECK_EQ_INT(between_epochs, 0);
  aco_engine_free(e);
  tour_problem_free(&tp);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  tour_net t = fixture_random_euc(500, 13);
  tour_options to = tour_options_default();
  aco_params par = aco_params_default();
  par.iterations = 200;
  par.epoch_iterations = 50;
  par.colonies = 2;
  check_run("mmas focused", &t, &to, par, 1);
  check_run("mmas focused", &t, &to, par, 2);
  par.algorithm = ACO_ACS;
  par.q0 = 0.9;
  check_run("acs", &t, &to, par, 2);
  par.algorithm = ACO_MMAS;
  par.q0 = 0;
  to.new_edges = 0;
  par.iterations = 30;
  par.epoch_iterations = 10;
  check_run("mmas whole tours", &t, &to, par, 2);
  tour_net_free(&t);
  tour_net a = fixture_random_atsp(100, 3);
  to = tour_options_default();
  par.iterations = 150;
  check_run("atsp", &a, &to, par, 2);
  tour_net_free(&a);
  return 0;
}
