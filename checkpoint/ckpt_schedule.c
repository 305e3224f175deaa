/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_schedule: epoch ends, stop requests, every N iterations, every S seconds (rank 0 decides).
 */
#include "ckpt_schedule.h"

#include "ar_agree.h"

void ckpt_schedule_init(ckpt_schedule *s, int64_t every_iterations, double every_seconds) {
  s->every_iterations = every_iterations > 0 ? every_iterations : 0;
  s->every_seconds = every_seconds > 0 ? every_seconds : 0;
  s->last = MPI_Wtime();
}

ar_status ckpt_schedule_due(ckpt_schedule *s, int64_t iterations_done, int epoch_end, int stopping,
                            MPI_Comm comm, int *due) {
  *due = epoch_end || stopping ||
         (s->every_iterations > 0 && iterations_done > 0 &&
          iterations_done % s->every_iterations == 0);
  if (*due || s->every_seconds <= 0) return AR_OK;
  int rank = 0;
  ar_status st = ar_mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  if (st != AR_OK) return st;
  /* The ranks' clocks differ: only rank 0's counts. */
  int elapsed = rank == 0 && ckpt_schedule_seconds_passed(s, MPI_Wtime());
  st = ar_mpi_check(MPI_Bcast(&elapsed, 1, MPI_INT, 0, comm),
                    "MPI_Bcast of the checkpoint schedule");
  if (st == AR_OK) *due = elapsed;
  return st;
}

int ckpt_schedule_seconds_passed(const ckpt_schedule *s, double now) {
  return s->every_seconds > 0 && now - s->last >= s->every_seconds;
}

void ckpt_schedule_written(ckpt_schedule *s) { s->last = MPI_Wtime(); }
