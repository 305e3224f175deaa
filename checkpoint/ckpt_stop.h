/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_stop: should the run checkpoint and stop now? All ranks agree.
 *
 * Called by every rank at each iteration boundary: one MPI_Allreduce (MAX) of each rank's signal
 * flag and deadline test, so a signal that reached a single rank, or a deadline one rank's clock
 * has passed, stops every rank at the same iteration.
 */
#ifndef AR_CKPT_STOP_H
#define AR_CKPT_STOP_H

#include <mpi.h>

#include "ar_error.h"
#include "ckpt_deadline.h"

typedef enum {
  CKPT_STOP_NONE = 0,
  CKPT_STOP_SIGNAL = 1 << 0,  /* SIGTERM, SIGINT, SIGHUP or SIGUSR1 reached some rank */
  CKPT_STOP_DEADLINE = 1 << 1 /* --max-hours or SLURM_JOB_END_TIME minus the margin */
} ckpt_stop_reason;

/* Local: this rank's stop flags, local[0] the signal received (0: none), local[1] whether the
 * deadline (may be NULL: none) has come within its margin. What ckpt_stop_requested() agrees on. */
void ckpt_stop_local(const ckpt_deadline *deadline, int local[2]);

/* Collective over comm. *reasons: a mask of ckpt_stop_reason (0: go on), the same on every rank;
 * *signal (may be NULL): the highest signal number received by any rank, 0 if none. deadline
 * may be NULL (no deadline). AR_ERR_MPI if the allreduce fails. */
ar_status ckpt_stop_requested(const ckpt_deadline *deadline, MPI_Comm comm, int *reasons,
                              int *signal);

/* A word for messages: "signal SIGTERM", "the --max-hours deadline", ... (static buffer). */
const char *ckpt_stop_describe(int reasons, int signal, const ckpt_deadline *deadline);

#endif
