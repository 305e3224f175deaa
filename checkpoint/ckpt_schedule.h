/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_schedule: when to write a checkpoint.
 *
 * At every epoch end, on a stop request, every N iterations (--checkpoint-every N, counted from
 * the start of the search, so the same iterations are checkpointed whether or not the run was
 * restarted) and every S seconds of wall time since the last checkpoint (--checkpoint-seconds S;
 * rank 0's clock decides and broadcasts, so all ranks agree).
 */
#ifndef AR_CKPT_SCHEDULE_H
#define AR_CKPT_SCHEDULE_H

#include <mpi.h>
#include <stdint.h>

#include "ar_error.h"

typedef struct {
  int64_t every_iterations; /* 0: off */
  double every_seconds;     /* 0: off */
  double last;              /* MPI_Wtime() of the last checkpoint (or of the start) */
} ckpt_schedule;

/* every_iterations and every_seconds must be the same on every rank. */
void ckpt_schedule_init(ckpt_schedule *s, int64_t every_iterations, double every_seconds);

/* Collective over comm when every_seconds > 0 (one MPI_Bcast from rank 0), local otherwise.
 * iterations_done: iterations completed since the start of the search; epoch_end and stopping
 * must be the same on every rank. *due: 1 when a checkpoint is to be written now. AR_ERR_MPI when
 * the broadcast fails. */
ar_status ckpt_schedule_due(ckpt_schedule *s, int64_t iterations_done, int epoch_end, int stopping,
                            MPI_Comm comm, int *due);

/* Local: whether --checkpoint-seconds has passed since the last checkpoint by the clock value
 * now (MPI_Wtime()); 0 when it is off. Only rank 0's answer counts (the ranks' clocks differ). */
int ckpt_schedule_seconds_passed(const ckpt_schedule *s, double now);

/* Restarts the seconds clock (call after each checkpoint written). */
void ckpt_schedule_written(ckpt_schedule *s);

#endif
