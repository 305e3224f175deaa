/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_lock: a checkpoint folder belongs to one run at a time (docs/checkpoint.md, "One run per
 * folder").
 *
 * Rank 0 of a run that writes checkpoints holds DIR/antroute.lock for the life of the run: an
 * fcntl() write lock on the file (the kernel releases it when the process ends, however it ends;
 * NFS and Lustre pass it to their servers), and in the file one line saying who holds it: `host=H
 * pid=P job=J since=T` (J: SLURM_JOB_ID, or - outside Slurm). A second run on the folder finds the
 * lock held and stops at once, naming the holder.
 *
 * On a file system without locks (fcntl fails with ENOLCK, EOPNOTSUPP, ...; or the test switch
 * ANTROUTE_TEST_NO_FLOCK) the file alone decides: a line in it is a holder unless it is stale, that
 * is: its host is this host and its PID runs no more; or its job is this run's Slurm job (an
 * earlier incarnation of a requeued job); or the file has not been refreshed for
 * CKPT_LOCK_STALE_SECONDS (the holder touches it at least every CKPT_LOCK_REFRESH_SECONDS while it
 * searches). A stale lock is taken over with a note.
 *
 * A live holder of this very Slurm job (a requeue on another node, whose lock may outlive the old
 * node for a lease time) is waited for, up to CKPT_LOCK_REQUEUE_WAIT seconds, with a note.
 * When the run ends, the holder empties the file (an empty lock file is free) and releases the
 * lock; the file stays (removing it would race with a run that has just opened it).
 */
#ifndef AR_CKPT_LOCK_H
#define AR_CKPT_LOCK_H

#include <stdio.h>

#include "ar_error.h"
#include "h5u.h"

enum {
  CKPT_LOCK_STALE_SECONDS = 3600,
  CKPT_LOCK_REFRESH_SECONDS = 60,
  CKPT_LOCK_REQUEUE_WAIT = 180
};

#define CKPT_LOCK_NAME "antroute.lock"

typedef struct {
  int held; /* 0: not held (a zeroed struct holds nothing) */
  int fd;
  int kernel;     /* 1: an fcntl lock; 0: the file alone (no locks on this file system) */
  double touched; /* when the file was last refreshed (seconds, CLOCK_REALTIME) */
  char path[H5U_PATH_MAX];
} ckpt_lock;

/* Rank 0. Takes the lock of dir (which exists). AR_ERR_USAGE when another run holds it: "checkpoint
 * folder DIR is in use by another run (host H, PID P, Slurm job J, since T): ..."; AR_ERR_IO when
 * the lock file cannot be created or read. Notes (a stale lock taken over, a wait for an earlier
 * incarnation of this job) go to `note` (may be NULL). */
ar_status ckpt_lock_take(ckpt_lock *l, const char *dir, FILE *note);

/* Rank 0, cheap: without kernel locks, touches the file at most every CKPT_LOCK_REFRESH_SECONDS.
 * Never fails (a failed touch only ages the file). */
void ckpt_lock_refresh(ckpt_lock *l);

/* Rank 0: empties the file and releases the lock (nothing when not held). */
void ckpt_lock_release(ckpt_lock *l);

#endif
