/* SPDX-License-Identifier: BSD-3-Clause */
/* work_progress: the progress lines of candidate lists and first tours (see work_progress.h). */
#include "work_progress.h"

#include <stdio.h>
#include <string.h>

#include "ar_clock.h"

static void work_progress_report(void *arg, const char *step, int64_t done, int64_t total) {
  work_progress *p = arg;
  double now = ar_clock_elapsed();
  if (done <= 0 || strcmp(step, p->step) != 0) { /* a step starts: its clock too */
    snprintf(p->step, sizeof p->step, "%s", step);
    p->t0 = now;
  }
  if (done <= 0 || !progress_due(&p->out, now)) return;
  if (total < done) total = done;
  double took = now - p->t0;
  double eta = took / (double)done * (double)(total - done);
  char line[160];
  snprintf(line, sizeof line, "%s, %d %%, %.1f s, ETA %.1f s", step,
           (int)(100.0 * (double)done / (double)total), took, eta > 0 ? eta : 0.0);
  progress_show(&p->out, now, line);
}

void work_progress_begin(work_progress *p, double every, int quiet, tour_work_fn *work,
                         void **work_arg) {
  progress_init(&p->out, every, quiet);
  p->step[0] = '\0';
  p->t0 = ar_clock_elapsed();
  *work = quiet ? NULL : work_progress_report;
  *work_arg = quiet ? NULL : p;
}

void work_progress_end(work_progress *p) {
  progress_end(&p->out);
  p->out.quiet = 1; /* the steps before the search are over */
}
