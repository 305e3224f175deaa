/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_plan: where the ranks and threads of a layout go on a node, as Slurm's
 * `--ntasks-per-socket=K --distribution=block:block` and Open MPI's `--map-by ppr:K:socket:PE=T`
 * place them, and how they must be bound.
 *
 * Rules (docs/parallel.md, "Binding and the advisor"):
 * - A rank is given `cpus_per_rank` CPUs (Slurm's -c; by default its thread count).
 * - One thread per core when ranks x cpus fit on the cores (SMT unused, --threads-per-core=1);
 *   otherwise the CPUs are hardware threads (--threads-per-core = PUs per core).
 * - Ranks own whole cores (bind to cores, OMP_PLACES=cores) when they use one thread per core or
 *   their CPU count is a multiple of the PUs per core; else neighbouring ranks share a core and
 *   must be bound to hardware threads (--cpu-bind=threads, OMP_PLACES=threads, Open MPI
 *   --use-hwthread-cpus --bind-to hwthread). 64x3 on 4x24x2: 1.5 cores per rank, hardware threads.
 * - Ranks go package by package: the first R mod P packages get ceil(R/P) ranks, the others
 *   floor(R/P); inside a package each rank takes the next CPUs in logical order. When ceil(R/P)
 *   ranks do not fit in a package, ranks are packed over the whole node and some span packages.
 * Every node gets the same plan; global rank r lives on node r / ranks_per_node.
 *
 * Failures: AR_ERR_USAGE when a count is below 1 or ranks x cpus exceed the node's hardware
 * threads (the message gives both numbers); AR_ERR_INPUT for an irregular topology (topo_shape);
 * AR_ERR_NOMEM.
 */
#ifndef AR_TOPO_PLAN_H
#define AR_TOPO_PLAN_H

#include <hwloc.h>
#include <stddef.h>

#include "ar_error.h"
#include "topo_bind_plan.h"
#include "topo_shape.h"

typedef struct {
  int nodes;            /* >= 1 */
  int ranks_per_node;   /* >= 1 */
  int threads_per_rank; /* OpenMP threads of each rank (OMP_NUM_THREADS), >= 1 */
  int cpus_per_rank;    /* CPUs the launcher gives a rank (Slurm -c); 0: threads_per_rank */
} topo_layout;

/* Parses "RxT" (ranks per node x threads per rank, e.g. "64x3"). AR_ERR_USAGE naming the text. */
ar_status topo_layout_parse(const char *text, topo_layout *out);

/* The effective CPUs per rank (cpus_per_rank, or threads_per_rank when 0). */
int topo_layout_cpus(const topo_layout *layout);

typedef struct {
  int node, local_rank;           /* where this rank is (filled for node 0 only) */
  int package;                    /* logical index of the package of its first CPU */
  int npackages;                  /* packages its cpuset touches: > 1 means it spans packages */
  hwloc_bitmap_t cpuset;          /* OS-indexed PUs given to the rank (the launcher's mask) */
  hwloc_bitmap_t cores;           /* logical indexes of the cores it touches */
  hwloc_bitmap_t *thread_cpusets; /* [threads_per_rank]: each OpenMP thread's place */
  int threads_share;              /* more threads than CPUs: some threads share a CPU */
} topo_rank_plan;

typedef struct {
  topo_layout layout;
  topo_shape shape;
  int smt;               /* 1: ranks use every hardware thread of a core; 0: one per core */
  int threads_per_core;  /* Slurm --threads-per-core: pus_per_core when smt, else 1 */
  topo_bind_unit bind;   /* TOPO_BIND_CORE or TOPO_BIND_PU */
  int by_package;        /* 1: ranks placed package by package (--ntasks-per-socket) */
  int ranks_per_package; /* ceil(ranks / packages) when by_package, else 0 */
  int *package_ranks;    /* [shape.packages]: ranks whose first CPU is in each package */
  int *package_pus;      /* [shape.packages]: PUs of each package inside some rank's cpuset */
  int pus_given;         /* PUs inside some rank's cpuset */
  int cores_used;        /* cores with at least one thread placed on them */
  topo_rank_plan *ranks; /* [ranks_per_node]: the plan of node 0 (every node is alike) */
} topo_plan;

/* Computes the plan of `layout` on topo. On failure *plan is left empty (safe to free). */
ar_status topo_plan_make(hwloc_topology_t topo, const topo_layout *layout, topo_plan *plan);

/* The plan of global rank r (0 <= r < nodes * ranks_per_node), or NULL; *node and *local_rank
 * (may be NULL) receive its node and its rank on that node. */
const topo_rank_plan *topo_plan_rank(const topo_plan *plan, int r, int *node, int *local_rank);

void topo_plan_free(topo_plan *plan);

/* "0-1" style list of a bitmap (hwloc list syntax) into buf. */
void topo_bitmap_text(hwloc_const_bitmap_t set, char *buf, size_t size);

#endif
