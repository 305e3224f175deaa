/* topo_bind: thread placement inside a rank's mask, and binding the threads with hwloc. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_ALLOC */
#include "topo_bind.h"

#include <errno.h>
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "topo_load.h"
#include "topo_plan.h"
#include "topo_shape.h"

const char *topo_bind_unit_name(topo_bind_unit unit) {
  switch (unit) {
  case TOPO_BIND_CORE: return "cores";
  case TOPO_BIND_PU: return "hardware threads";
  default: return "auto";
  }
}

void topo_bitmaps_free(hwloc_bitmap_t *sets, int n) {
  for (int i = 0; i < n; i++) {
    if (sets[i]) hwloc_bitmap_free(sets[i]);
    sets[i] = NULL;
  }
}

/* The objects of `type` whose cpuset meets mask, in logical order. Caller frees. */
static int objs_in_mask(hwloc_topology_t topo, hwloc_obj_type_t type, hwloc_const_cpuset_t mask,
                        hwloc_obj_t **out) {
  int total = hwloc_get_nbobjs_by_type(topo, type), n = 0;
  *out = total > 0 ? malloc((size_t)total * sizeof **out) : NULL;
  if (total > 0 && !*out) return -1;
  for (int i = 0; i < total; i++) {
    hwloc_obj_t obj = hwloc_get_obj_by_type(topo, type, (unsigned)i);
    if (obj && hwloc_bitmap_intersects(obj->cpuset, mask)) (*out)[n++] = obj;
  }
  return n;
}

/* Index of the PU among its core's PUs (0 for the first hardware thread of a core). */
static int sibling_rank(hwloc_topology_t topo, hwloc_obj_t pu, hwloc_obj_type_t core_type) {
  if (core_type == HWLOC_OBJ_PU) return 0;
  hwloc_obj_t core = hwloc_get_ancestor_obj_by_type(topo, core_type, pu);
  if (!core) return 0;
  int rank = 0;
  hwloc_obj_t other = NULL;
  while (
      (other = hwloc_get_next_obj_inside_cpuset_by_type(topo, core->cpuset, HWLOC_OBJ_PU, other)) &&
      other != pu)
    rank++;
  return rank;
}

ar_status topo_bind_plan(hwloc_topology_t topo, hwloc_const_cpuset_t mask, int nthreads,
                         topo_bind_unit unit, hwloc_bitmap_t *sets, topo_bind_unit *used,
                         int *shared) {
  if (nthreads < 1) return ar_fail(AR_ERR_USAGE, "cannot place %d threads", nthreads);
  for (int i = 0; i < nthreads; i++)
    sets[i] = NULL;
  hwloc_obj_type_t core_type = topo_core_type(topo);
  hwloc_obj_t *pus = NULL, *cores = NULL;
  int npus = objs_in_mask(topo, HWLOC_OBJ_PU, mask, &pus);
  int ncores = objs_in_mask(topo, core_type, mask, &cores);
  ar_status st = AR_OK;
  if (npus < 0 || ncores < 0) {
    st = ar_fail(AR_ERR_NOMEM, "out of memory planning thread placement");
    goto done;
  }
  if (npus == 0) {
    char text[256];
    hwloc_bitmap_list_snprintf(text, sizeof text, mask);
    st = ar_fail(AR_ERR_USAGE, "CPU mask {%s} holds no hardware thread of the topology", text);
    goto done;
  }
  if (unit == TOPO_BIND_AUTO) unit = nthreads <= ncores ? TOPO_BIND_CORE : TOPO_BIND_PU;
  if (used) *used = unit;
  if (shared) *shared = nthreads > (unit == TOPO_BIND_CORE ? ncores : npus);

  /* For PUs: with fewer threads than PUs, take the first PU of every core before any second one,
   * then keep the chosen PUs in logical order so neighbouring threads stay close. */
  if (unit == TOPO_BIND_PU && nthreads < npus) {
    hwloc_obj_t *chosen = malloc((size_t)nthreads * sizeof *chosen);
    if (!chosen) {
      st = ar_fail(AR_ERR_NOMEM, "out of memory planning thread placement");
      goto done;
    }
    int nchosen = 0;
    for (int round = 0; nchosen < nthreads; round++)
      for (int i = 0; i < npus && nchosen < nthreads; i++)
        if (sibling_rank(topo, pus[i], core_type) == round) chosen[nchosen++] = pus[i];
    /* Restore logical order (insertion sort: nthreads is small). */
    for (int i = 1; i < nchosen; i++)
      for (int j = i; j > 0 && chosen[j - 1]->logical_index > chosen[j]->logical_index; j--) {
        hwloc_obj_t tmp = chosen[j];
        chosen[j] = chosen[j - 1];
        chosen[j - 1] = tmp;
      }
    free(pus);
    pus = chosen;
    npus = nchosen;
  }
  for (int i = 0; i < nthreads; i++) {
    sets[i] = hwloc_bitmap_alloc();
    if (!sets[i]) {
      st = ar_fail(AR_ERR_NOMEM, "out of memory planning thread placement");
      goto done;
    }
    if (unit == TOPO_BIND_CORE) {
      int c = nthreads <= ncores ? i : (int)((long long)i * ncores / nthreads);
      hwloc_bitmap_and(sets[i], cores[c]->cpuset, mask);
    } else {
      int p = nthreads <= npus ? i : (int)((long long)i * npus / nthreads);
      hwloc_bitmap_only(sets[i], pus[p]->os_index);
    }
  }
done:
  if (st != AR_OK) topo_bitmaps_free(sets, nthreads);
  free(pus);
  free(cores);
  return st;
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
  int rank = 0, node_rank = 0, node_size = 1;
  if (MPI_Comm_rank(comm, &rank) != MPI_SUCCESS ||
      MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node) != MPI_SUCCESS)
    return ar_fail(AR_ERR_MPI, "cannot split the communicator per node");
  ar_status st = AR_OK;
  int unbound = hwloc_bitmap_isincluded(hwloc_topology_get_allowed_cpuset(topo), mask);
  int all_unbound = 0;
  if (MPI_Comm_rank(node, &node_rank) != MPI_SUCCESS ||
      MPI_Comm_size(node, &node_size) != MPI_SUCCESS ||
      MPI_Allreduce(&unbound, &all_unbound, 1, MPI_INT, MPI_MIN, node) != MPI_SUCCESS) {
    st = ar_fail(AR_ERR_MPI, "cannot agree on the node's binding");
  } else if (all_unbound && node_size > 1) {
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
  MPI_Comm_free(&node);
  return st;
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
    int failed = st != AR_OK, any_failed = 0;
    if (MPI_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_MAX, comm) != MPI_SUCCESS)
      st = ar_fail(AR_ERR_MPI, "cannot agree on the ranks' CPU masks");
    else if (any_failed && !failed)
      st = ar_fail(AR_ERR_INTERNAL, "another rank could not read its CPU mask");
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
