/* ckpt_signal: SIGTERM, SIGUSR1 and SIGINT ask the run to checkpoint and stop.
 *
 * The handlers only set a flag (async-signal-safe); the run looks at it at iteration boundaries
 * through ckpt_stop_requested(), which makes all ranks agree, so a signal that reached one rank
 * stops all of them at the same iteration. A second SIGINT (Ctrl-C twice) exits at once with
 * status 130, without a checkpoint.
 *
 * Slurm sends SIGTERM at preemption, `scancel` and `scontrol requeue` (and SIGKILL after
 * KillWait); `--signal=B:USR1@N` sends SIGUSR1 to the batch shell, which forwards it.
 */
#ifndef AR_CKPT_SIGNAL_H
#define AR_CKPT_SIGNAL_H

#include "ar_error.h"

enum { CKPT_EXIT_SECOND_SIGINT = 130 };

/* Installs the handlers (call after MPI_Init, which may install its own). AR_ERR_INTERNAL if
 * sigaction fails. */
ar_status ckpt_signal_install(void);

/* Restores the handlers that were in place before ckpt_signal_install(). */
void ckpt_signal_restore(void);

/* The first stop signal this process received (SIGTERM, SIGUSR1, SIGINT), 0 if none. */
int ckpt_signal_received(void);

/* Forgets received signals (tests). */
void ckpt_signal_clear(void);

#endif
