/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_bind: binding the threads of a rank with hwloc where topo_bind_plan puts them. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_ALLOC */
#include "topo_bind.h"

#include <errno.h>
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "ar_comm.h"
#include "topo_bind_plan.h"
#include "topo_load.h"
#include "topo_plan.h"
#include "topo_shape.h"

ar_status topo_bind_word(const char *word, int *bind, topo_bind_unit *unit) {
  static const struct {
    const char *word;
    int bind;
    topo_bind_unit unit;
  } words[] = {{"none", 0, TOPO_BIND_AUTO},  {"auto", 1, TOPO_BIND_AUTO},
               {"cores", 1, TOPO_BIND_CORE}, {"threads", 1, TOPO_BIND_PU},
               {"core", 1, TOPO_BIND_CORE},  {"pu", 1, TOPO_BIND_PU}};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (strcmp(word, words[i].word) == 0) {
      *bind = words[i].bind;
      *unit = words[i].unit;
      return AR_OK;
    }
  return ar_fail(AR_ERR_USAGE, "--bind '%s': expected none, auto, cores or threads", word);
}

ar_status topo_bind_by_word(MPI_Comm comm, const char *word) {
  int bind = 0;
  topo_bind_unit unit = TOPO_BIND_AUTO;
  ar_status st = topo_bind_word(word, &bind, &unit);
  if (st == AR_OK && bind) st = topo_bind_threads(comm, NULL, unit);
  return ar_agree(comm, st);
}

ar_status topo_thread_mask(hwloc_bitmap_t out) {
  /* Grow the set until the kernel's mask fits (machines with more than CPU_SETSIZE CPUs). */
  for (int ncpus = 1024; ncpus <= (1 << 20); ncpus *= 4) {
    cpu_set_t *set = CPU_ALLOC((size_t)ncpus);
    if (!set) return ar_fail(AR_ERR_NOMEM, "out of memory reading the CPU mask");
    size_t size = CPU_ALLOC_SIZE((size_t)ncpus);
    CPU_ZERO_S(size, set);
    if (sched_getaffinity(0, size, set) == 0) {
      hwloc_bitmap_zero(out);
      for (int cpu = 0; cpu < ncpus; cpu++)
        if (CPU_ISSET_S((size_t)cpu, size, set)) hwloc_bitmap_set(out, (unsigned)cpu);
      CPU_FREE(set);
      return AR_OK;
    }
    int err = errno;
    CPU_FREE(set);
    if (err != EINVAL) return ar_fail(AR_ERR_INTERNAL, "sched_getaffinity: %s", strerror(err));
  }
  return ar_fail(AR_ERR_INTERNAL, "sched_getaffinity: the CPU mask is larger than 2^20 CPUs");
}

/* The union of the masks of a team of nthreads threads; *team receives the team's size. */
static ar_status team_mask(int nthreads, hwloc_bitmap_t mask, int *team) {
  ar_status read_st = AR_OK;
  char read_msg[512] = "";
  *team = 0;
#pragma omp parallel num_threads(nthreads)
  {
    hwloc_bitmap_t mine = hwloc_bitmap_alloc();
    ar_status my_st = mine ? topo_thread_mask(mine) : AR_ERR_NOMEM;
#pragma omp critical(topo_bind_mask)
    {
      *team = omp_get_num_threads();
      if (my_st == AR_OK) {
        hwloc_bitmap_or(mask, mask, mine);
      } else if (read_st == AR_OK) {
        /* The message lives in this thread's buffer: copy it for the calling thread. */
        read_st = my_st;
        snprintf(read_msg, sizeof read_msg, "OpenMP thread %d: %s", omp_get_thread_num(),
                 mine ? ar_error_message() : "out of memory");
      }
    }
    if (mine) hwloc_bitmap_free(mine);
  }
  if (read_st != AR_OK) return ar_fail(read_st, "%s", read_msg);
  if (*team != nthreads)
    return ar_fail(AR_ERR_INTERNAL, "asked for %d OpenMP threads, got %d (OMP_DYNAMIC?)", nthreads,
                   *team);
  return AR_OK;
}

/* When no rank of the node is bound, replaces mask by this rank's share of the node. */
static ar_status divide_node(MPI_Comm comm, hwloc_topology_t topo, int nthreads,
                             hwloc_bitmap_t mask) {
  MPI_Comm node;
  ar_status st = ar_comm_split_node(comm, &node, "the ranks of this node, for --bind");
  if (st != AR_OK) return st;
  int unbound = hwloc_bitmap_isincluded(hwloc_topology_get_allowed_cpuset(topo), mask);
  int all_unbound = 0, node_rank = 0, node_size = 1;
  st = ar_mpi_check(MPI_Comm_rank(node, &node_rank), "MPI_Comm_rank of the node communicator");
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Comm_size(node, &node_size), "MPI_Comm_size of the node communicator");
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Allreduce(&unbound, &all_unbound, 1, MPI_INT, MPI_MIN, node),
                      "MPI_Allreduce of whether the node's ranks are bound");
  if (st == AR_OK && all_unbound && node_size > 1) {
    topo_shape shape;
    st = topo_shape_of(topo, "of this node", &shape);
    if (st == AR_OK && node_size <= shape.pus) {
      topo_layout lay = {1, node_size, nthreads, shape.pus / node_size};
      topo_plan plan;
      st = topo_plan_make(topo, &lay, &plan);
      if (st == AR_OK) hwloc_bitmap_copy(mask, plan.ranks[node_rank].cpuset);
      topo_plan_free(&plan);
    }
  }
  ar_status free_st = ar_comm_free(&node);
  return st != AR_OK ? st : free_st;
}

ar_status topo_bind_threads(MPI_Comm comm, hwloc_topology_t topo, topo_bind_unit unit) {
  hwloc_topology_t own = NULL;
  ar_status st = AR_OK;
  if (!topo) {
    st = topo_load(TOPO_SOURCE_THIS_MACHINE, NULL, &own);
    if (st != AR_OK) return st;
    topo = own;
  }
  int nthreads = omp_get_max_threads(), team = 0;
  hwloc_bitmap_t mask = hwloc_bitmap_alloc();
  hwloc_bitmap_t *sets = calloc((size_t)nthreads, sizeof *sets);
  if (!mask || !sets)
    st = ar_fail(AR_ERR_NOMEM, "out of memory binding threads");
  else
    st = team_mask(nthreads, mask, &team);
  if (comm != MPI_COMM_NULL) {
    /* Every rank must reach divide_node's collectives, or none. */
    st = ar_agree(comm, st);
    if (st == AR_OK) st = divide_node(comm, topo, nthreads, mask);
  }
  if (st == AR_OK) st = topo_bind_plan(topo, mask, nthreads, unit, sets, NULL, NULL);
  if (st != AR_OK) goto done;
  char failure[512] = "";
#pragma omp parallel num_threads(nthreads)
  {
    int tid = omp_get_thread_num();
    if (hwloc_set_cpubind(topo, sets[tid], HWLOC_CPUBIND_THREAD) != 0) {
      int err = errno;
      char text[128];
      hwloc_bitmap_list_snprintf(text, sizeof text, sets[tid]);
#pragma omp critical(topo_bind_failure)
      if (!failure[0])
        snprintf(failure, sizeof failure, "cannot bind OpenMP thread %d to PUs {%s}: %s", tid, text,
                 strerror(err));
    }
  }
  if (failure[0]) st = ar_fail(AR_ERR_INTERNAL, "%s", failure);
done:
  if (sets) topo_bitmaps_free(sets, nthreads);
  free(sets);
  if (mask) hwloc_bitmap_free(mask);
  if (own) hwloc_topology_destroy(own);
  return st;
}
