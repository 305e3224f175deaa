/* SPDX-License-Identifier: BSD-3-Clause */
/* progress: how `solve` shows its progress (rank 0 only).
 *
 * On a terminal, one live line rewritten in place (carriage return, clear to end of line) at most
 * a few times a second; in batch (stdout not a terminal, e.g. a Slurm output file), plain lines
 * prefixed with the wall-clock time, at most one per `every` seconds, so logs of requeued jobs
 * can be read across restarts. Never fails: progress output is best effort.
 */
#ifndef AR_PROGRESS_H
#define AR_PROGRESS_H

typedef struct {
  int live;      /* 1: stdout is a terminal, rewrite one line */
  int line_open; /* a live line is on screen without its newline */
  int quiet;     /* no output at all */
  double every;  /* seconds between batch lines (0: every call) */
  double last;   /* elapsed time of the last line, -1e9 before the first */
} progress_out;

/* Decides live or batch from stdout; ANTROUTE_PROGRESS=batch|live overrides (for tests). */
void progress_init(progress_out *p, double every, int quiet);

/* 1 if a line is due at elapsed time now (always for the first call). */
int progress_due(const progress_out *p, double now);

/* Shows one progress line (text without newline) at elapsed time now. */
void progress_show(progress_out *p, double now, const char *text);

/* Ends a live line with a newline, so that what is printed next starts on its own line. */
void progress_end(progress_out *p);

#endif
