/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_comm: communicator constructors that install MPI_ERRORS_RETURN on what they create. */
#include "ar_comm.h"

#include <stdio.h>

#include "ar_agree.h"

/* After a constructor returned rc: its failure, or the new communicator's error handler. */
static ar_status finish(int rc, MPI_Comm *out, const char *call, const char *what) {
  char context[256];
  snprintf(context, sizeof context, "%s (%s)", call, what);
  ar_status st = ar_mpi_check(rc, context);
  if (st == AR_OK && *out != MPI_COMM_NULL) {
    st = ar_mpi_errors_return(*out);
    if (st != AR_OK) {
      ar_error_prefix("%s", what);
      (void)MPI_Comm_free(out); /* best effort: the error handler's failure is the one to report */
    }
  }
  if (st != AR_OK) *out = MPI_COMM_NULL;
  return st;
}

ar_status ar_comm_dup(MPI_Comm comm, MPI_Comm *out, const char *what) {
  *out = MPI_COMM_NULL;
  return finish(MPI_Comm_dup(comm, out), out, "MPI_Comm_dup", what);
}

ar_status ar_comm_split(MPI_Comm comm, int color, int key, MPI_Comm *out, const char *what) {
  *out = MPI_COMM_NULL;
  return finish(MPI_Comm_split(comm, color, key, out), out, "MPI_Comm_split", what);
}

ar_status ar_comm_split_node(MPI_Comm comm, MPI_Comm *out, const char *what) {
  *out = MPI_COMM_NULL;
  int rank = 0;
  ar_status st = ar_mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  if (st != AR_OK) return st;
  return finish(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, out), out,
                "MPI_Comm_split_type", what);
}

ar_status ar_comm_free(MPI_Comm *comm) {
  ar_status st = AR_OK;
  if (*comm != MPI_COMM_NULL) st = ar_mpi_check(MPI_Comm_free(comm), "MPI_Comm_free");
  *comm = MPI_COMM_NULL;
  return st;
}

ar_status ar_comm_rank_size(MPI_Comm comm, int *rank, int *size) {
  int r = 0, s = 1;
  ar_status st = ar_mpi_check(MPI_Comm_rank(comm, &r), "MPI_Comm_rank");
  if (st == AR_OK) st = ar_mpi_check(MPI_Comm_size(comm, &s), "MPI_Comm_size");
  if (rank) *rank = r;
  if (size) *size = s;
  return st;
}
