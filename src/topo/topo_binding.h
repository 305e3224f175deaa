/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_binding: the run-time binding report (`--report-binding`): where every OpenMP thread of
 * every rank may run, gathered per node, with MPI Advisor-style warnings.
 *
 * Each thread reads its own mask with sched_getaffinity(); the masks are gathered on the node's
 * first rank (MPI_Comm_split_type(MPI_COMM_TYPE_SHARED)), which reads the node's topology with
 * hwloc, writes one table line per thread (rank, host, thread, packages, cores, PUs) and the
 * node's warnings, and sends them to rank 0, which prints every node in rank order.
 *
 * Warnings (one line per kind and node, listing the ranks):
 * - threads not bound: a thread may run anywhere on the node (its mask is the whole node);
 * - threads exceed PUs: a rank runs more threads than its mask has hardware threads;
 * - masks overlap: two bound ranks share hardware threads;
 * - spans packages: a bound rank's mask lies in two or more packages.
 * Notes (not counted): threads of a rank that all share the rank's whole mask (not pinned).
 * Cores are hwloc logical indexes, PUs are OS indexes (as in taskset and /proc/cpuinfo).
 */
#ifndef AR_TOPO_BINDING_H
#define AR_TOPO_BINDING_H

#include <mpi.h>
#include <stdio.h>

#include "ar_error.h"

/* Collective over comm. Rank 0 prints the report to out (other ranks may pass NULL); every rank
 * receives the total number of warnings in *nwarnings (may be NULL). Uses a team of
 * omp_get_max_threads() threads. Fails with AR_ERR_MPI when an MPI call fails, AR_ERR_NOMEM, or
 * AR_ERR_INTERNAL when a thread cannot read its mask; every rank returns the same status. */
ar_status topo_binding_report(MPI_Comm comm, FILE *out, int *nwarnings);

#endif
