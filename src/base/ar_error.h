/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_error: the one error header of antroute.
 *
 * Lower layers never print and never exit: they return an ar_status and record a message with
 * ar_fail() that says what failed, naming the file, dataset, line or row involved. Only the driver
 * (main and the command functions) turns a status into a message on stderr and an exit code, after
 * every rank has agreed on the failure (see ar_agree()).
 *
 * The message buffer is thread-local, so OpenMP threads can fail independently; the driver reads
 * the message of the thread that returned the status.
 */
#ifndef AR_ERROR_H
#define AR_ERROR_H

#include <stddef.h>

typedef enum {
  AR_OK = 0,
  AR_ERR_USAGE,      /* bad command line or parameter file */
  AR_ERR_INPUT,      /* input data is malformed or inconsistent */
  AR_ERR_IO,         /* a file could not be read, written or renamed */
  AR_ERR_NOMEM,      /* an allocation failed or a size is beyond what we accept */
  AR_ERR_MPI,        /* an MPI call failed */
  AR_ERR_HDF5,       /* an HDF5 call failed (not a data problem) */
  AR_ERR_INTERNAL,   /* a self-check failed: a bug in antroute */
  AR_ERR_RESUME,     /* not an error: the run checkpointed and asks to be resumed */
  AR_ERR_INFEASIBLE, /* a plan given to check breaks a constraint (`antroute evaluate`) */
  AR_ERR_STOPPED     /* a stop signal ended the run where nothing could be kept (ar_signal.h):
                        exit status 128 + the signal */
} ar_status;

/* Exit codes, documented in docs/cli.md; scripts (and the Slurm templates) rely on them. */
enum {
  AR_EXIT_OK = 0,
  AR_EXIT_FAILURE = 1,    /* internal error, MPI or HDF5 failure */
  AR_EXIT_USAGE = 2,      /* bad command line or parameter file */
  AR_EXIT_INPUT = 3,      /* bad input data */
  AR_EXIT_IO = 4,         /* file system error (missing file, permission, full disk) */
  AR_EXIT_NOMEM = 5,      /* out of memory */
  AR_EXIT_INFEASIBLE = 6, /* the plan checked is valid but breaks constraints (evaluate) */
  AR_EXIT_RESUME = 75,    /* checkpointed, please resume (EX_TEMPFAIL in sysexits.h) */
  AR_EXIT_STOPPED = 143   /* AR_ERR_STOPPED: 128 + SIGTERM; main gives 128 + the signal noted
                             (ar_signal_exit_status) */
};

/* Records a printf-style message for the calling thread and returns code, so that a failing
 * function can write `return ar_fail(AR_ERR_INPUT, "%s:%d: ...", path, line);`. */
ar_status ar_fail(ar_status code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prepends "prefix: " to the calling thread's message (for adding context on the way up), unless
 * the message already starts with it (a reader that names its file, then a caller that does too).
 */
void ar_error_prefix(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The calling thread's last message ("" if none). */
const char *ar_error_message(void);

/* Marks the calling thread's message as one that every rank holds (after an agreement), so that
 * only rank 0 prints it. Cleared by ar_fail() and ar_error_clear(). */
void ar_error_mark_shared(void);
int ar_error_is_shared(void);

/* Clears the calling thread's message. */
void ar_error_clear(void);

/* The process exit code for a status. */
int ar_exit_code(ar_status code);

/* A short name for a status ("input error", ...), for messages. */
const char *ar_status_name(ar_status code);

#endif
