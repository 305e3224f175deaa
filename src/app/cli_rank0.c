/* cli_rank0: serial work on rank 0, status agreed by a broadcast. */
#include "cli_rank0.h"

#include <mpi.h>

ar_status cli_rank0_run(ar_status (*work)(void *ctx), void *ctx) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  ar_status st = rank == 0 ? work(ctx) : AR_OK;
  if (size == 1) return st;
  int code = (int)st;
  if (MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD) != MPI_SUCCESS)
    return ar_fail(AR_ERR_MPI, "MPI_Bcast of rank 0's status failed");
  if (code != AR_OK) {
    if (rank != 0) ar_fail((ar_status)code, "failed on rank 0");
    ar_error_mark_shared();
  }
  return (ar_status)code;
}
