/* SPDX-License-Identifier: BSD-3-Clause */
/* cli_rank0: serial work on rank 0, status agreed by a broadcast. */
#include "cli_rank0.h"

#include <mpi.h>
#include <stdio.h>

#include "ar_agree.h"

ar_status cli_rank0_run(ar_status (*work)(void *ctx), void *ctx) {
  int rank = 0, size = 1;
  ar_status st = ar_mpi_check(MPI_Comm_rank(MPI_COMM_WORLD, &rank), "MPI_Comm_rank");
  if (st == AR_OK) st = ar_mpi_check(MPI_Comm_size(MPI_COMM_WORLD, &size), "MPI_Comm_size");
  if (st != AR_OK) return st;
  if (rank == 0) {
    st = work(ctx);
    fflush(stdout); /* rank 0's output before the others go on */
  }
  if (size == 1) return st;
  int code = (int)st;
  ar_status bcast =
      ar_mpi_check(MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD), "MPI_Bcast of rank 0's status");
  if (bcast != AR_OK) return bcast;
  if (code != AR_OK) {
    if (rank != 0) ar_fail((ar_status)code, "failed on rank 0");
    ar_error_mark_shared();
  }
  return (ar_status)code;
}

typedef struct {
  ar_status (*work)(const param_set *ps);
  const param_set *ps;
} params_job;

static ar_status run_params_job(void *ctx) {
  const params_job *job = ctx;
  return job->work(job->ps);
}

ar_status cli_rank0_run_params(ar_status (*work)(const param_set *ps), const param_set *ps) {
  params_job job = {work, ps};
  return cli_rank0_run(run_params_job, &job);
}
