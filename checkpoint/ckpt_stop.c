/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_stop: the stop decision agreed across ranks (signals and the deadline). */
#include "ckpt_stop.h"

#include <stdio.h>
#include <string.h>

#include "ar_agree.h"
#include "ar_signal.h"

void ckpt_stop_local(const ckpt_deadline *deadline, int local[2]) {
  local[0] = ar_signal_received();
  local[1] = deadline ? ckpt_deadline_passed(deadline, ckpt_now()) : 0;
}

ar_status ckpt_stop_requested(const ckpt_deadline *deadline, MPI_Comm comm, int *reasons,
                              int *signal) {
  int local[2];
  ckpt_stop_local(deadline, local);
  int all[2] = {0, 0};
  *reasons = CKPT_STOP_NONE;
  if (signal) *signal = 0;
  ar_status st = ar_mpi_check(MPI_Allreduce(local, all, 2, MPI_INT, MPI_MAX, comm),
                              "MPI_Allreduce of the stop flags");
  if (st != AR_OK) return st;
  if (all[0]) *reasons |= CKPT_STOP_SIGNAL;
  if (all[1]) *reasons |= CKPT_STOP_DEADLINE;
  if (signal) *signal = all[0];
  if (all[0]) ar_signal_note(all[0]); /* another rank's signal: this rank's exit status too */
  return AR_OK;
}

const char *ckpt_stop_describe(int reasons, int signal, const ckpt_deadline *deadline) {
  static _Thread_local char text[128];
  text[0] = '\0';
  if (reasons & CKPT_STOP_SIGNAL) snprintf(text, sizeof text, "%s", ar_signal_name(signal));
  if (reasons & CKPT_STOP_DEADLINE) {
    size_t len = strlen(text);
    snprintf(text + len, sizeof text - len, "%sthe %s deadline", len ? " and " : "",
             deadline && deadline->source ? deadline->source : "time");
  }
  if (!text[0]) snprintf(text, sizeof text, "nothing");
  return text;
}
