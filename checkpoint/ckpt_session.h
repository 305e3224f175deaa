/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_session: checkpoints of one run, from its options to its last checkpoint
 * (docs/checkpoint.md).
 *
 * The driver opens a session from the parsed options (ckpt_param_defs), asks it which checkpoint
 * to continue from (ckpt_session_pick), reads the parts it needs from that file
 * (ckpt_session_read: a problem kind's part first, then the engine's, once the engine is made),
 * attaches the parts that the checkpoints written from now on hold, and calls
 * ckpt_session_boundary() at iteration boundaries (every one; or, when ranks plan a segment
 * ahead, where the schedule's iterations fall and where ckpt_session_look() found something on
 * some rank): there the ranks agree on a stop (signals, deadline), and the checkpoints the
 * schedule asks for are written. Nothing here knows what a part holds.
 *
 * Messages go to the streams the driver gives (rank 0 only): `info` for a line per checkpoint
 * written and the resume line (NULL: quiet), `warn` for warnings (a failed checkpoint inside a
 * run, a damaged file moved aside).
 */
#ifndef AR_CKPT_SESSION_H
#define AR_CKPT_SESSION_H

#include <mpi.h>
#include <stdio.h>

#include "ckpt_deadline.h"
#include "ckpt_field.h"
#include "ckpt_input.h"
#include "ckpt_lock.h"
#include "ckpt_options.h"
#include "ckpt_schedule.h"
#include "h5u.h"

typedef struct {
  ckpt_options opt;
  int enabled; /* --checkpoint-dir or --resume given */
  int writing; /* --checkpoint-dir given: checkpoints are written */
  MPI_Comm comm;
  int rank;
  FILE *info, *warn;
  /* 1: a line on info per checkpoint (solve --verbose); 0: the first, then at most one a minute
   * (the run's summary counts them all). The driver sets it after ckpt_session_init. */
  int info_every;
  double info_last; /* MPI_Wtime() of the last line; 0: none yet */
  char input_checksum[CKPT_INPUT_CHECKSUM_MAX];
  char *search; /* param_serialize(ps, 1) */
  const param_set *ps;
  const char *input;
  ckpt_deadline deadline;
  ckpt_schedule schedule;
  ckpt_lock lock;       /* rank 0, with --checkpoint-dir: the folder is this run's (ckpt_lock.h) */
  double last_boundary; /* MPI_Wtime() at the previous iteration boundary */
  ckpt_state state;     /* the parts attached */

  /* What happened: */
  int stop_reasons, stop_signal; /* why the run stopped (ckpt_stop.h), 0: it did not */
  int retry;   /* a checkpoint picked by --resume auto proved damaged when its parts were read:
                  it was moved aside; the run must start over from the pick (ckpt_session_read) */
  int written; /* checkpoints written by this run */
  int failed;  /* checkpoints that could not be written (the run went on; one warning) */
  double write_seconds; /* their total time */
  char last_path[H5U_PATH_MAX];
} ckpt_session;

/* Collective, first thing of a run. Reads the checkpoint options from ps (ckpt_param_defs); with
 * --checkpoint-dir: proves that the folder can be written (ckpt_dir_probe), takes its lock (rank
 * 0, ckpt_lock.h: one run per folder), and starts the deadline and the schedule. AR_ERR_USAGE for
 * contradictory options (the same on every rank) and for a folder another run holds (its holder
 * named), AR_ERR_IO when the folder cannot be written. (Stop signals are caught from main's first
 * instruction: ar_signal.h.) */
ar_status ckpt_session_init(ckpt_session *s, const param_set *ps, const char *input, FILE *info,
                            FILE *warn, MPI_Comm comm);

/* Collective, once the run's parameters are final (a problem kind's defaults applied): with
 * --checkpoint-dir or --resume, the input file's checksum and the search parameters, which
 * checkpoints are matched and named by (ckpt_identity.h). AR_ERR_IO when the input cannot be read
 * for its checksum. */
ar_status ckpt_session_identify(ckpt_session *s);

/* Collective, at a point before the search where the run can stop cleanly: the ranks agree
 * whether a stop signal arrived (or, with --checkpoint-dir, the deadline passed); *stop = 1 then,
 * and the reasons are recorded for ckpt_session_stop_message(). AR_ERR_MPI if the agreement
 * fails. */
ar_status ckpt_session_stop_now(ckpt_session *s, int *stop);

/* Collective. Applies --resume (ckpt_pick: the newest sound checkpoint of this run, damaged ones
 * moved aside): *found = 1 and path when the run continues from a checkpoint. Fails as ckpt_pick
 * (AR_ERR_INPUT for a checkpoint of another run or none left sound, AR_ERR_IO, AR_ERR_MPI), the
 * same status on every rank. */
ar_status ckpt_session_pick(ckpt_session *s, char *path, size_t cap, int *found);

/* Collective. Reads parts[0..n-1] from checkpoint path (ckpt_read: checksums, shapes, each part's
 * restore() with its cross-checks); first/count: this rank's colony block (0, 0 when the parts
 * hold no distributed field). Failures: AR_ERR_INPUT naming the file for a checkpoint that cannot
 * be continued. Under --resume auto a damaged one is reported and moved aside like a damaged
 * candidate of the pick, and s->retry is set: the caller frees what it built from the file and
 * starts again from ckpt_session_pick() (a new session), which then takes the previous one. */
ar_status ckpt_session_read(ckpt_session *s, const char *path, ckpt_part *const *parts, int n,
                            hsize_t first, hsize_t count);

/* How often the session wants ckpt_session_boundary() called: at every multiple of *every
 * iterations (0: no such multiples) and at least every *seconds (0: no need; with checkpoints
 * written, often enough that a signal or the deadline is acted on within about half a second,
 * and that --checkpoint-seconds is kept). Cannot fail. */
void ckpt_session_cadence(const ckpt_session *s, int64_t *every, double *seconds);

/* What the checkpoints written from now on hold (replaces what was attached). AR_ERR_NOMEM or
 * AR_ERR_MPI, agreed by every rank. */
ar_status ckpt_session_attach(ckpt_session *s, ckpt_part *const *parts, int n, hsize_t first,
                              hsize_t count);

/* Local (no collective), at a look between boundaries: whether this rank wants
 * ckpt_session_boundary() called soon: a stop signal arrived, or, with --checkpoint-dir, the
 * deadline has come within its margin or (rank 0) --checkpoint-seconds has passed since the last
 * checkpoint. Notes the time since the last look or boundary for the deadline's margin, and keeps
 * a lock file fresh. Lets ranks that plan a segment ahead call ckpt_session_boundary() only
 * where it has work (aco_plan.h): it then agrees on everything itself. */
int ckpt_session_look(ckpt_session *s);

/* Collective, at an iteration boundary where no mid-epoch exchange has happened. `iteration`:
 * iterations completed; epoch_end: this boundary ends an epoch; finishing: the run ends here by
 * its iteration limit (then a stop request is ignored: the run ends normally). Agrees on a stop
 * (also without --checkpoint-dir: a signal then stops the run with nothing kept), writes the
 * checkpoints the schedule asks for, and sets *stop after writing one on a stop request. A failed
 * checkpoint is counted (s->failed; the first is reported on warn) and the run goes on, unless it
 * was the checkpoint of a stop: then the run fails with its status. */
ar_status ckpt_session_boundary(ckpt_session *s, int64_t iteration, int epoch_end, int finishing,
                                int *stop);

/* The message of the stop that ended the run, with `where` (e.g. " in month 2013-05", may be "")
 * after the reason: "stopped by SIGTERM after iteration N; checkpoint F; exit status 75: run
 * again with --resume auto --checkpoint-dir D to continue"; iteration < 0: stopped before the
 * search ("nothing new to checkpoint", or the checkpoint it resumed from); without
 * --checkpoint-dir: "... nothing is kept (no --checkpoint-dir); exit status 143 (128 + SIGTERM)".
 */
void ckpt_session_stop_message(const ckpt_session *s, int64_t iteration, const char *where,
                               const char *resumed_from, char *buf, size_t cap);

void ckpt_session_free(ckpt_session *s);

#endif
