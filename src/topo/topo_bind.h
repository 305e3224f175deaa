/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_bind: binding the OpenMP threads of a rank with hwloc, where topo_bind_plan.h puts them
 * (antroute's `--bind`). The binding uses hwloc_set_cpubind(), which does nothing on a synthetic
 * or XML topology.
 */
#ifndef AR_TOPO_BIND_H
#define AR_TOPO_BIND_H

#include <hwloc.h>
#include <mpi.h>

#include "ar_error.h"
#include "topo_bind_plan.h"

/* The words of `--bind` (solve and advise), as a param choice list (param.h): none, auto, and
 * the words of Slurm's --cpu-bind and OMP_PLACES, cores and threads; the old words core and pu
 * (of solve) stay accepted as aliases of cores and threads. */
#define TOPO_BIND_CHOICES "none|auto|cores|threads|core=cores|pu=threads"

/* What a --bind word asks: *bind = 0 for "none", else 1 and *unit (aliases included).
 * AR_ERR_USAGE naming the word when it is not one of them. */
ar_status topo_bind_word(const char *word, int *bind, topo_bind_unit *unit);

/* `--bind WORD` on every rank of comm: topo_bind_threads() with the unit the word names (nothing
 * for "none"), then ar_agree(), so every rank returns the same status and message (the lowest
 * failing rank's). Collective over comm. */
ar_status topo_bind_by_word(MPI_Comm comm, const char *word);

/* The calling thread's CPU mask from sched_getaffinity() (OS indexes). AR_ERR_INTERNAL if the
 * call fails. */
ar_status topo_thread_mask(hwloc_bitmap_t out);

/* Binds each thread of an OpenMP team of omp_get_max_threads() threads to its planned core or PU
 * (`unit`) inside the rank's mask: the union of the team's current masks, i.e. what the launcher
 * gave the rank. When every rank of a node has the whole node (the launcher did not bind, e.g.
 * mpirun --bind-to none) and comm is not MPI_COMM_NULL, the node is first divided among its
 * ranks as topo_plan does (ranks of the node x (hardware threads / ranks) CPUs each), so ranks do
 * not pile onto the same cores. Collective over comm (MPI_COMM_NULL: this process alone).
 * `topo` is this machine's topology (NULL: load it). The binding holds for later parallel
 * regions of the same size (OpenMP runtimes keep their thread pool). On a topology that is not
 * this system (synthetic, XML) the binding calls do nothing. Fails with AR_ERR_INTERNAL naming
 * the thread and PUs when hwloc cannot bind or the team is smaller than asked, AR_ERR_MPI when an
 * MPI call fails. */
ar_status topo_bind_threads(MPI_Comm comm, hwloc_topology_t topo, topo_bind_unit unit);

#endif
