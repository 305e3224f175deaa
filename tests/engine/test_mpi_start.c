/* SPDX-License-Identifier: BSD-3-Clause */
/* The first solutions made once per node (src/engine/aco_start.h), two ranks of one thread and
 * one colony each under mpirun, on an instance whose first tour gets the pass of long chains (the
 * part initial() shares out to the team): rank 0 makes it with a thread rank 1 lends, rank 1
 * receives it; a task the maker's colony makes while rank 1 waits is taken by the lent thread,
 * running on rank 1's CPUs; the first solutions and the best tour are the one rank's. Without the
 * pool (ANTROUTE_POOL=0), or where the colonies' keys differ, each rank makes its own. A maker that
 * fails is a failure on both ranks (the receiver is told, it does not wait for ever). A maker
 * whose CPUs may not include the lender's (rank 0 in a cpuset cgroup of its own CPU, where the
 * machine lets root make one) borrows nothing, and rank 1 still receives the solution. */
#include <errno.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ar_affinity.h"

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

/* Where the probe's task ran (the maker's colony 0, on a team of more than one thread). */
static _Atomic int probe_started;
static int probe_thread = -1;
static ar_affinity probe_cpus;

/* The first solution, then a task the calling thread does not take itself: it waits (up to 10 s,
 * not a scheduling point) until another thread of the team, idle at the team's barrier, has. */
static ar_status probed_initial(const aco_problem *p, aco_ant_ctx *ctx, void *scratch,
                                aco_solution *out) {
  const ar_status st = real_problem->initial(p, ctx, scratch, out);
  if (ctx->colony == 0 && omp_get_num_threads() > 1) {
#pragma omp task
    {
      probe_thread = omp_get_thread_num();
      (void)ar_affinity_get(&probe_cpus);
      atomic_store(&probe_started, 1);
    }
    for (int ms = 0; ms < 10000 && !atomic_load(&probe_started); ms++)
      nanosleep(&(struct timespec){0, 1000000L}, NULL);
#pragma omp taskwait
  }
  return st;
}

/* The maker's first solution fails (colony 0: rank 0's). */
static ar_status failing_initial(const aco_problem *p, aco_ant_ctx *ctx, void *scratch,
                                 aco_solution *out) {
  if (ctx->colony == 0) return ar_fail(AR_ERR_INTERNAL, "test: no first solution here");
  return real_problem->initial(p, ctx, scratch, out);
}

/* The cgroup v1 cpuset hierarchy (Debian 12 under a v1 or hybrid layout); where it is absent or
 * not writable the confined case is skipped, said so in the output. */
static const char cpuset_root[] = "/sys/fs/cgroup/cpuset";

static int write_text(const char *dir, const char *file, const char *text) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  const int ok = fputs(text, f) >= 0;
  return fclose(f) == 0 && ok ? 0 : -1;
}

/* This process's cpuset cgroup as a directory (from /proc/self/cgroup's "N:cpuset:/path"). */
static int cpuset_home(char *dir, size_t cap) {
  FILE *f = fopen("/proc/self/cgroup", "r");
  if (!f) return -1;
  char line[512];
  int found = -1;
  while (found != 0 && fgets(line, sizeof line, f)) {
    char *c = strstr(line, ":cpuset:");
    if (!c) continue;
    c += strlen(":cpuset:");
    c[strcspn(c, "\n")] = '\0';
    found =
        snprintf(dir, cap, "%s%s", cpuset_root, strcmp(c, "/") == 0 ? "" : c) < (int)cap ? 0 : -1;
  }
  fclose(f);
  return found;
}

/* Moves this whole process into a new cpuset child `dir` of `home` holding CPU `cpu` alone (its
 * threads then may not run elsewhere: sched_setaffinity to another CPU fails); -1 when the
 * machine does not allow it, nothing left behind. */
static int confine(const char *home, const char *dir, int cpu) {
  char path[512], text[64], mems[256] = "";
  FILE *f;
  snprintf(path, sizeof path, "%s/cpuset.mems", home);
  if (!(f = fopen(path, "r"))) return -1;
  if (!fgets(mems, sizeof mems, f)) mems[0] = '\0';
  fclose(f);
  if (mkdir(dir, 0755) != 0) return -1;
  snprintf(text, sizeof text, "%d", cpu);
  char pid[32];
  snprintf(pid, sizeof pid, "%ld", (long)getpid());
  if (write_text(dir, "cpuset.cpus", text) == 0 && write_text(dir, "cpuset.mems", mems) == 0 &&
      write_text(dir, "cgroup.procs", pid) == 0)
    return 0;
  (void)rmdir(dir);
  return -1;
}

/* Back into `home`, the child removed. */
static int unconfine(const char *home, const char *dir) {
  char pid[32];
  snprintf(pid, sizeof pid, "%ld", (long)getpid());
  if (write_text(home, "cgroup.procs", pid) != 0) return -1;
  return rmdir(dir) == 0 || errno == ENOENT ? 0 : -1;
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

  /* Each rank on a CPU of its own (mpirun here binds nothing): a thread the maker's team makes
   * starts on rank 0's, so only the lending puts it on rank 1's. */
  ar_affinity home, cpus[2];
  CHECK(ar_affinity_get(&home) == 0);
  int cpu = -1;
  for (int c = 0, seen = 0; c < 64 * AR_AFFINITY_WORDS && cpu < 0; c++)
    if (ar_affinity_has(&home, c) && seen++ == rank) cpu = c;
  CHECK(cpu >= 0); /* two CPUs at least (the suite's machines have them) */
  cpus[rank] = ar_affinity_one(cpu);
  CHECK(ar_affinity_set(&cpus[rank]) == 0);
  MPI_Allgather(MPI_IN_PLACE, 0, MPI_BYTE, cpus, (int)sizeof cpus[0], MPI_BYTE, MPI_COMM_WORLD);
  aco_problem probed = p;
  probed.initial = probed_initial;
  real_problem = &p;
  start_run two = run(&probed, &par, MPI_COMM_WORLD, t.n, tour);
  printf("rank %d, pool on: first %lld (1 x 1: %lld), best %lld (%lld); team %d, lent %d, "
         "received %d\n",
         rank, (long long)two.first, (long long)one.first, (long long)two.best, (long long)one.best,
         two.threads, two.lent, two.received);
  if (rank == 0) { /* the maker's team: its own thread 0 and the one rank 1 lent */
    printf("the probe's task ran on thread %d, on rank 1's CPUs: %s\n", probe_thread,
           memcmp(&probe_cpus, &cpus[1], sizeof probe_cpus) == 0 ? "yes" : "NO");
    CHECK(atomic_load(&probe_started) && probe_thread == 1);
    CHECK(memcmp(&probe_cpus, &cpus[1], sizeof probe_cpus) == 0);
  }
  CHECK(ar_affinity_set(&home) == 0);
  CHECK(two.st == AR_OK && two.first == one.first && two.best == one.best);
  CHECK(memcmp(ref, tour, sizeof(int32_t) * t.n) == 0);
  CHECK(two.threads == 2);
  CHECK(rank == 0 ? two.lent == 1 && !two.received : two.lent == 0 && two.received);

  /* Rank 0 confined to its CPU: the maker may not go to rank 1's, so it makes the solution alone
   * (may_borrow says no) and rank 1 still receives it. */
  char home_dir[400] = "", child[480] = "";
  int confined = 0;
  if (rank == 0 && cpuset_home(home_dir, sizeof home_dir) == 0) { /* cpu: rank 0's */
    snprintf(child, sizeof child, "%s/antroute-test-%ld", home_dir, (long)getpid());
    confined = confine(home_dir, child, cpu) == 0;
  }
  MPI_Bcast(&confined, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (confined) {
    /* The checks come after the cgroup is left: a failing one leaves nothing behind. */
    const int placed = ar_affinity_set(&cpus[rank]) == 0;
    const int refused = rank != 0 || ar_affinity_set(&cpus[1]) != 0; /* the cgroup forbids it */
    two = run(&p, &par, MPI_COMM_WORLD, t.n, tour);
    if (rank == 0) CHECK(unconfine(home_dir, child) == 0);
    CHECK(placed && refused);
    CHECK(ar_affinity_set(&home) == 0);
    printf("rank %d, maker confined to its CPU: team %d, lent %d, received %d\n", rank, two.threads,
           two.lent, two.received);
    CHECK(two.st == AR_OK && two.first == one.first && two.best == one.best);
    CHECK(memcmp(ref, tour, sizeof(int32_t) * t.n) == 0);
    CHECK(two.threads == 1 && two.lent == 0);
    CHECK(rank == 0 ? !two.received : two.received);
  } else if (rank == 0) {
    printf("maker confined to its CPU: skipped (no writable cpuset cgroup at %s)\n", cpuset_root);
  }

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
  two = run(&failing, &par, MPI_COMM_WORLD, t.n, tour);
  printf("rank %d, the maker fails: status %d (%s)\n", rank, (int)two.st, ar_error_message());
  CHECK(two.st != AR_OK); /* rank 1 alone would have made its own */

  free(ref);
  free(tour);
  tour_problem_free(&tp);
  tour_net_free(&t);
  return 0;
}
