/* SPDX-License-Identifier: BSD-3-Clause */
/* solve_parallel: binding, binding report, timers and sharing options of solve. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "solve_parallel.h"

#include <mpi.h>
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "ar_agree.h"

#include "aco_engine.h"
#include "cli_bind.h"
#include "timer.h"

const param_def solve_parallel_param_defs[] = {
    {.name = "share-every",
     .type = PARAM_INT,
     .default_value = "0",
     .min = 0,
     .max = 1e15,
     .arg_name = "K",
     .help = "every K epochs all colonies' pheromone becomes its average over the colonies (0: "
             "never)",
     .flags = PARAM_SEARCH},
    {.name = "share-endpoints",
     .type = PARAM_FLAG,
     .min = PARAM_UNBOUNDED_MIN,
     .max = PARAM_UNBOUNDED_MAX,
     .help = "sharing: each OpenMP thread reduces a slice on its own communicator (needs "
             "MPI_THREAD_MULTIPLE; same result)"},
    {.name = "timers",
     .type = PARAM_CHOICE,
     .default_value = "yes",
     .choices = "yes|no",
     .min = 0,
     .max = -1,
     .arg_name = "yes|no",
     .help = "named phase timers, the BSP cost per epoch in /bsp and a table at the end"},
    {.name = "bind",
     .type = PARAM_CHOICE,
     .default_value = "none",
     .choices = TOPO_BIND_CHOICES,
     .min = 0,
     .max = -1,
     .arg_name = "UNIT",
     .help = "bind each OpenMP thread to a core or hardware thread inside its rank's mask (hwloc)"},
    {.name = "report-binding",
     .type = PARAM_FLAG,
     .min = PARAM_UNBOUNDED_MIN,
     .max = PARAM_UNBOUNDED_MAX,
     .help = "print where every thread of every rank may run, with warnings, at start-up"},
};
const int solve_parallel_ndefs =
    (int)(sizeof solve_parallel_param_defs / sizeof solve_parallel_param_defs[0]);

/* MPI Advisor's first check, always (not only with --report-binding): a rank that runs more
 * OpenMP threads than its CPU mask has hardware threads makes them time-share. One warning on rank
 * 0, naming the rank with the most threads per hardware thread. Collective. */
static ar_status threads_check(void) {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  int cpus = sched_getaffinity(0, sizeof mask, &mask) == 0 ? CPU_COUNT(&mask) : 0;
  int threads = omp_get_max_threads(), rank = 0;
  ar_status st = ar_mpi_check(MPI_Comm_rank(MPI_COMM_WORLD, &rank), "MPI_Comm_rank");
  /* The excess scaled, so that MAXLOC picks the worst rank (and the lowest on a tie). */
  struct {
    int excess, rank;
  } mine = {cpus > 0 && threads > cpus ? (int)((double)threads / cpus * 1000) : 0, rank}, worst;
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Allreduce(&mine, &worst, 1, MPI_2INT, MPI_MAXLOC, MPI_COMM_WORLD),
                      "MPI_Allreduce of the threads per hardware thread");
  int facts[2] = {threads, cpus};
  if (st == AR_OK && worst.excess > 0)
    st = ar_mpi_check(MPI_Bcast(facts, 2, MPI_INT, worst.rank, MPI_COMM_WORLD),
                      "MPI_Bcast of a rank's threads and CPUs");
  if (st == AR_OK && worst.excess > 0 && rank == 0) {
    fprintf(stderr,
            "antroute solve: warning: rank %d runs %d OpenMP threads on the %d hardware thread%s "
            "of its CPU mask: the threads exceed the cores given to the rank, so they time-share "
            "them and the run is slower; set OMP_NUM_THREADS to at most %d, or give each rank "
            "more CPUs (srun -c, mpirun --map-by ...:PE=)\n",
            worst.rank, facts[0], facts[1], facts[1] == 1 ? "" : "s", facts[1]);
    fflush(stderr);
  }
  return st;
}

ar_status solve_parallel_setup(const param_set *ps) {
  timer_enable(strcmp(param_str(ps, "timers"), "yes") == 0);
  ar_status st = ar_agree(MPI_COMM_WORLD, threads_check()); /* before --bind narrows the mask */
  if (st != AR_OK) return st;
  return cli_bind(param_str(ps, "bind"), param_flag(ps, "report-binding"));
}

void solve_parallel_params(const param_set *ps, aco_params *par) {
  par->share_every = param_int(ps, "share-every");
  par->share_endpoints = param_flag(ps, "share-endpoints");
}
