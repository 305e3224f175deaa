/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_deadline: --max-hours and SLURM_JOB_END_TIME, with a margin measured from the run. */
#include "ckpt_deadline.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>

enum { DEADLINE_BYTES_PER_SECOND = 100000000 };

double ckpt_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

ar_status ckpt_deadline_init(ckpt_deadline *d, double max_hours, double start,
                             uint64_t checkpoint_bytes) {
  d->end = 0;
  d->source = NULL;
  d->longest_iteration = 0;
  d->longest_checkpoint = (double)checkpoint_bytes / DEADLINE_BYTES_PER_SECOND;
  d->factor = 2.0;
  d->slack = 1.0;
  if (max_hours > 0) {
    d->end = start + 3600.0 * max_hours;
    d->source = "--max-hours";
  }
  const char *slurm = getenv("SLURM_JOB_END_TIME");
  if (slurm && slurm[0]) {
    char *endp = NULL;
    errno = 0;
    double end = strtod(slurm, &endp);
    if (errno != 0 || endp == slurm || *endp != '\0' || end <= 0)
      return ar_fail(AR_ERR_USAGE, "SLURM_JOB_END_TIME='%s' is not a time in epoch seconds", slurm);
    if (d->end == 0 || end < d->end) {
      d->end = end;
      d->source = "SLURM_JOB_END_TIME";
    }
  }
  return AR_OK;
}

void ckpt_deadline_note_iteration(ckpt_deadline *d, double seconds) {
  if (seconds > d->longest_iteration) d->longest_iteration = seconds;
}

void ckpt_deadline_note_checkpoint(ckpt_deadline *d, double seconds) {
  if (seconds > d->longest_checkpoint) d->longest_checkpoint = seconds;
}

double ckpt_deadline_margin(const ckpt_deadline *d) {
  return d->factor * (d->longest_iteration + d->longest_checkpoint) + d->slack;
}

int ckpt_deadline_passed(const ckpt_deadline *d, double now) {
  return d->end > 0 && now + ckpt_deadline_margin(d) >= d->end;
}
