/* SPDX-License-Identifier: BSD-3-Clause */
/* mpi_fault: an LD_PRELOAD library for tests that makes one MPI call fail the way MPI itself
 * reports a failure, so a test can see what antroute does then (tests/cli/test_mpi_errors.sh).
 *
 *   AR_MPI_FAULT=NAME[:N]   the N-th call (default: the first) of MPI function NAME in each
 *                           process fails with MPI_ERR_OTHER
 *   AR_MPI_FAULT_RANK=R     only in the process of rank R of MPI_COMM_WORLD (default: all)
 *
 * The failure goes through the communicator's error handler (MPI_Comm_call_errhandler), as a
 * real one does: under MPI_ERRORS_ARE_FATAL the job aborts, under MPI_ERRORS_RETURN the call
 * returns the code. Functions: MPI_Bcast, MPI_Allreduce, MPI_Gather, MPI_Barrier, MPI_Comm_dup,
 * MPI_Comm_split, MPI_Comm_split_type (through the profiling interface, PMPI_*).
 */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

/* Counts calls of `name` and says whether this one is to fail. */
static int fault_here(const char *name, int *calls) {
  const char *want = getenv("AR_MPI_FAULT");
  if (!want) return 0;
  size_t len = strlen(name);
  if (strncmp(want, name, len) != 0 || (want[len] != '\0' && want[len] != ':')) return 0;
  const char *rank_text = getenv("AR_MPI_FAULT_RANK");
  if (rank_text) {
    int rank = -1;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank != atoi(rank_text)) return 0;
  }
  int nth = want[len] == ':' ? atoi(want + len + 1) : 1;
  return ++*calls == nth;
}

static int fail(MPI_Comm comm) {
  PMPI_Comm_call_errhandler(comm, MPI_ERR_OTHER);
  return MPI_ERR_OTHER;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  static int calls;
  if (fault_here("MPI_Bcast", &calls)) return fail(comm);
  return PMPI_Bcast(buf, count, type, root, comm);
}

int MPI_Allreduce(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm) {
  static int calls;
  if (fault_here("MPI_Allreduce", &calls)) return fail(comm);
  return PMPI_Allreduce(in, out, count, type, op, comm);
}

int MPI_Gather(const void *in, int count, MPI_Datatype type, void *out, int out_count,
               MPI_Datatype out_type, int root, MPI_Comm comm) {
  static int calls;
  if (fault_here("MPI_Gather", &calls)) return fail(comm);
  return PMPI_Gather(in, count, type, out, out_count, out_type, root, comm);
}

int MPI_Barrier(MPI_Comm comm) {
  static int calls;
  if (fault_here("MPI_Barrier", &calls)) return fail(comm);
  return PMPI_Barrier(comm);
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *out) {
  static int calls;
  if (fault_here("MPI_Comm_dup", &calls)) return fail(comm);
  return PMPI_Comm_dup(comm, out);
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *out) {
  static int calls;
  if (fault_here("MPI_Comm_split", &calls)) return fail(comm);
  return PMPI_Comm_split(comm, color, key, out);
}

int MPI_Comm_split_type(MPI_Comm comm, int type, int key, MPI_Info info, MPI_Comm *out) {
  static int calls;
  if (fault_here("MPI_Comm_split_type", &calls)) return fail(comm);
  return PMPI_Comm_split_type(comm, type, key, info, out);
}
