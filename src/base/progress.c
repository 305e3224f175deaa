/* SPDX-License-Identifier: BSD-3-Clause */
/* progress: live line on a terminal, time-stamped lines in batch. */
#include "progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { PROGRESS_LIVE_MIN_MS = 250 }; /* a terminal line is refreshed at most 4 times a second */

void progress_init(progress_out *p, double every, int quiet) {
  const char *mode = getenv("ANTROUTE_PROGRESS");
  const char *term = getenv("TERM");
  p->live = isatty(STDOUT_FILENO) && !(term && strcmp(term, "dumb") == 0);
  if (mode && strcmp(mode, "batch") == 0) p->live = 0;
  if (mode && strcmp(mode, "live") == 0) p->live = 1;
  p->line_open = 0;
  p->quiet = quiet;
  p->every = every;
  p->last = -1e9;
}

int progress_due(const progress_out *p, double now) {
  if (p->quiet) return 0;
  double gap = p->live ? PROGRESS_LIVE_MIN_MS / 1000.0 : p->every;
  return now - p->last >= gap;
}

void progress_show(progress_out *p, double now, const char *text) {
  if (p->quiet) return;
  if (p->live) {
    printf("\r%s\033[K", text);
    p->line_open = 1;
  } else {
    char stamp[32];
    time_t t = time(NULL);
    struct tm tm_local;
    localtime_r(&t, &tm_local);
    strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &tm_local);
    printf("%s %s\n", stamp, text);
  }
  fflush(stdout);
  p->last = now;
}

void progress_end(progress_out *p) {
  if (p->line_open) {
    printf("\n");
    fflush(stdout);
  }
  p->line_open = 0;
}
