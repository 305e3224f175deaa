/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_signal: the stop signals, from the first instruction of main to the exit (docs/cli.md,
 * "Signals").
 *
 * SIGTERM, SIGINT, SIGHUP and SIGUSR1 are caught from the start of main (installed before
 * MPI_Init, and again after it in case MPI's start-up replaced a handler). Two modes:
 *   AR_SIGNAL_DEFER (the default; `solve`): the handler only notes the signal; the run looks at
 *       ar_signal_received() where it can stop cleanly (iteration boundaries, the steps before the
 *       search, the lower bound's ascent steps) and ends there with its documented status;
 *   AR_SIGNAL_EXIT (the commands that have nothing to keep): the handler removes the registered
 *       temporary files and ends the process at once with status 128 + the signal.
 * In either mode a second SIGINT (Ctrl-C twice) removes the registered temporary files and ends
 * the process at once with status 130.
 *
 * Temporary files: an output being written registers its PATH.tmp (ar_signal_tmp_add) until it is
 * renamed or removed (ar_signal_tmp_remove), so that no .tmp file survives a handled signal. The
 * handler itself only calls unlink(), write() and _exit() (async-signal-safe).
 */
#ifndef AR_SIGNAL_H
#define AR_SIGNAL_H

#include "ar_error.h"

typedef enum { AR_SIGNAL_DEFER = 0, AR_SIGNAL_EXIT = 1 } ar_signal_mode;

enum { AR_SIGNAL_SECOND_SIGINT_STATUS = 130 };

/* Installs the handlers (idempotent: call it again after MPI_Init). AR_ERR_INTERNAL naming the
 * signal when sigaction fails. */
ar_status ar_signal_install(void);

/* Sets the mode. Switching to AR_SIGNAL_EXIT after a signal was noted acts on it now (removes
 * the registered temporary files, exits with 128 + the signal). */
void ar_signal_set_mode(ar_signal_mode mode);

/* The first stop signal this process received (SIGTERM, SIGINT, SIGHUP, SIGUSR1), 0 if none. */
int ar_signal_received(void);

/* Where the handler's own messages go (-1: stderr): the real stderr while an output mutes it. */
void ar_signal_message_fd(int fd);

/* Notes a signal that another rank received (the ranks agreed to stop for it), for the exit
 * status, unless this process noted one itself. */
void ar_signal_note(int sig);

/* Forgets noted signals (tests). */
void ar_signal_clear(void);

/* "SIGTERM", "SIGINT", "SIGHUP", "SIGUSR1", else "a signal". */
const char *ar_signal_name(int sig);

/* The exit status of a run ended by the noted signal without a checkpoint: 128 + the signal
 * (143 for SIGTERM, the status a shell shows for a process killed by it; 143 when none noted). */
int ar_signal_exit_status(void);

/* Registers a temporary file to remove if a signal ends the process: its slot, or -1 when all
 * AR_SIGNAL_TMP_SLOTS are taken (the file is then not removed by a signal). Thread-safe. */
enum { AR_SIGNAL_TMP_SLOTS = 16 };
int ar_signal_tmp_add(const char *path);

/* Forgets slot (from ar_signal_tmp_add; -1 is ignored). Thread-safe. */
void ar_signal_tmp_remove(int slot);

#endif
