/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_deadline: stop by ourselves before the walltime (like GROMACS -maxh).
 *
 * The deadline is the earlier of start + --max-hours and SLURM_JOB_END_TIME (epoch seconds, set
 * by Slurm in the job's environment). The run must stop early enough to finish the iteration in
 * progress and write a checkpoint, so the deadline is considered passed when
 *     now + margin >= end,   margin = factor * (longest iteration + longest checkpoint) + slack
 * with the durations measured during the run (the checkpoint's estimated from its size until the
 * first one is written), factor 2 and slack 1 s by default.
 */
#ifndef AR_CKPT_DEADLINE_H
#define AR_CKPT_DEADLINE_H

#include <stdint.h>

#include "ar_error.h"

typedef struct {
  double end;                /* epoch seconds; 0: no deadline */
  const char *source;        /* "--max-hours" or "SLURM_JOB_END_TIME" (for messages) */
  double longest_iteration;  /* seconds */
  double longest_checkpoint; /* seconds (an estimate until one is measured) */
  double factor, slack;
} ckpt_deadline;

/* Seconds since the epoch (CLOCK_REALTIME, the clock of SLURM_JOB_END_TIME). */
double ckpt_now(void);

/* Sets the deadline from max_hours (0: none) counted from start (ckpt_now() at program start) and
 * from SLURM_JOB_END_TIME when set; checkpoint_bytes gives the first estimate of a checkpoint's
 * duration (at 100 MB/s). AR_ERR_USAGE when SLURM_JOB_END_TIME is set but not a number. */
ar_status ckpt_deadline_init(ckpt_deadline *d, double max_hours, double start,
                             uint64_t checkpoint_bytes);

/* Records a measured duration (the longest one counts). */
void ckpt_deadline_note_iteration(ckpt_deadline *d, double seconds);
void ckpt_deadline_note_checkpoint(ckpt_deadline *d, double seconds);

double ckpt_deadline_margin(const ckpt_deadline *d);

/* 1 when there is a deadline and now + margin has reached it. */
int ckpt_deadline_passed(const ckpt_deadline *d, double now);

#endif
