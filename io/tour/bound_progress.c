/* SPDX-License-Identifier: BSD-3-Clause */
/* bound_progress: the announcement and progress lines of a lower bound (see bound_progress.h). */
#include "bound_progress.h"

#include <mpi.h>
#include <stdio.h>

#include "tour_seconds.h"

static void bound_progress_step(void *arg, int64_t step, int64_t estimate) {
  bound_progress *p = arg;
  work_progress_end(&p->lists); /* the lists are built before the first step */
  double now = MPI_Wtime() - p->t0;
  /* The pace from the first step on (the sparse graph built before it is no step); lines from
   * the second step on: the first gives no pace for the ETA. */
  if (step <= 1) p->first_step = now;
  if (step < 2 || !progress_due(&p->out, now)) return;
  double eta = (now - p->first_step) / (double)(step - 1) * (double)(estimate - step + 1);
  char line[160];
  snprintf(line, sizeof line, "%s: step %lld/~%lld, %.1f s, ETA %.0f s", p->label, (long long)step,
           (long long)estimate, now, eta > 0 ? eta : 0.0);
  progress_show(&p->out, now, line);
  p->shown++;
}

void bound_progress_begin(bound_progress *p, const tour_net *net, double every, int quiet,
                          tour_bound_options *opt) {
  progress_init(&p->out, every, quiet);
  p->t0 = MPI_Wtime();
  p->first_step = 0.0;
  p->shown = 0;
  p->label = "bound";
  work_progress_begin(&p->lists, every, quiet, &opt->work, &opt->work_arg);
  if (quiet) return;
  double est = tour_seconds_bound(net);
  if (est >= BOUND_PROGRESS_ANNOUNCE_SECONDS) {
    printf("computing the Held-Karp bound of %d nodes (estimated %.0f s; --no-bound skips it)\n",
           (int)net->n, est);
    fflush(stdout);
  }
  opt->progress = bound_progress_step;
  opt->progress_arg = p;
}

void bound_progress_alpha(bound_progress *p, double every, int quiet, tour_options *opt) {
  progress_init(&p->out, every, quiet);
  p->t0 = MPI_Wtime();
  p->first_step = 0.0;
  p->shown = 0;
  p->label = "alpha-nearness";
  tour_work_fn none;
  void *none_arg;
  work_progress_begin(&p->lists, every, 1, &none, &none_arg); /* no lists reported here */
  opt->progress = quiet ? NULL : bound_progress_step;
  opt->progress_arg = quiet ? NULL : p;
}

void bound_progress_end(bound_progress *p) {
  work_progress_end(&p->lists);
  progress_end(&p->out);
}
