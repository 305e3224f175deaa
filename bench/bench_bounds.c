/* SPDX-License-Identifier: BSD-3-Clause */
/* bench_bounds: the tour lower bound of TSPLIB instances, one line each (bench/bounds.sh drives
 * it): name, n, bound, optimum (from OPTIMA.tsv beside the file, if any), gap, ascent steps,
 * exact checks, sparse edges, wall seconds, CPU seconds of all threads.
 *
 *   bench_bounds [--period N] [--steps N] [--candidates N] [--quadrant N] FILE.tsp...
 *
 * An argument "uniform:N:SEED" or "clustered:N:SEED" stands for a generated instance
 * (tour_synth) instead of a file.
 */
#include <libgen.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tour_bound.h"
#include "tour_synth.h"
#include "tsplib_optima.h"
#include "tsplib_parse.h"

/* A file, or a generated instance for "uniform:N:SEED" / "clustered:N:SEED". */
static ar_status load(const char *arg, tour_net *t) {
  int n = 0;
  unsigned long long seed = 0;
  if (sscanf(arg, "uniform:%d:%llu", &n, &seed) == 2 ||
      sscanf(arg, "clustered:%d:%llu", &n, &seed) == 2) {
    ar_status st =
        tour_synth_generate(n, seed, arg[0] == 'u' ? TOUR_SYNTH_UNIFORM : TOUR_SYNTH_CLUSTERED, t);
    if (st == AR_OK) snprintf(t->name, sizeof t->name, "%c%d", arg[0] == 'u' ? 'u' : 'c', n);
    return st;
  }
  return tsplib_load_instance(arg, t);
}

static int64_t optimum_beside(const char *path, const char *name) {
  char copy[4096], table[4200];
  snprintf(copy, sizeof copy, "%s", path);
  snprintf(table, sizeof table, "%s/OPTIMA.tsv", dirname(copy));
  tsplib_optimum o;
  if (tsplib_optima_lookup(table, name, &o) != AR_OK || !o.found) return -1;
  return o.optimal_length;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  tour_bound_options opt = tour_bound_options_default();
  int rc = 0;
  printf("%-10s %7s %12s %12s %8s %7s %6s %9s %9s %9s\n", "instance", "n", "bound", "optimum",
         "gap%", "steps", "exact", "edges", "seconds", "cpu_s");
  for (int a = 1; a < argc; a++) {
    if (a + 1 < argc && strcmp(argv[a], "--period") == 0) {
      opt.initial_period = atoi(argv[++a]);
      continue;
    }
    if (a + 1 < argc && strcmp(argv[a], "--steps") == 0) {
      opt.max_steps = atoll(argv[++a]);
      continue;
    }
    if (a + 1 < argc && strcmp(argv[a], "--quadrant") == 0) {
      opt.quadrant = atoi(argv[++a]);
      continue;
    }
    if (a + 1 < argc && strcmp(argv[a], "--candidates") == 0) {
      opt.candidates = atoi(argv[++a]);
      continue;
    }
    tour_net t;
    tour_lower_bound b;
    ar_status st = load(argv[a], &t);
    clock_t cpu0 = clock();
    if (st == AR_OK) st = tour_bound_compute(&t, &opt, &b);
    double cpu = (double)(clock() - cpu0) / CLOCKS_PER_SEC;
    if (st != AR_OK) {
      fprintf(stderr, "bench_bounds: %s: %s\n", argv[a], ar_error_message());
      rc = 1;
      continue;
    }
    int64_t opt_len = strchr(argv[a], ':') ? -1 : optimum_beside(argv[a], t.name);
    char gap[32] = "-";
    if (opt_len > 0) snprintf(gap, sizeof gap, "%.3f", 100.0 * (opt_len - b.value) / opt_len);
    printf("%-10s %7d %12lld %12lld %8s %7lld %6lld %9lld %9.2f %9.2f %s\n", t.name, t.n,
           (long long)b.value, (long long)opt_len, gap, (long long)b.ascent_steps,
           (long long)b.exact_checks, (long long)b.sparse_edges, b.seconds, cpu, b.method);
    if (opt_len > 0 && b.value > opt_len) {
      fprintf(stderr, "bench_bounds: %s: bound %lld above the optimum %lld\n", t.name,
              (long long)b.value, (long long)opt_len);
      rc = 1;
    }
    fflush(stdout);
    tour_net_free(&t);
  }
  MPI_Finalize();
  return rc;
}
