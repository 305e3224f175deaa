/* SPDX-License-Identifier: BSD-3-Clause */
/* bound_progress: the announcement and progress lines of a lower bound (see bound_progress.h). */
#include "bound_progress.h"

#include <mpi.h>
#include <stdio.h>

#include "tour_seconds.h"

static void bound_progress_step(void *arg, int64_t step, int64_t estimate) {
  bound_progress *p = arg;
  double now = MPI_Wtime() - p->t0;
  /* From the second step on: the first gives no pace for the ETA. */
  if (step < 2 || !progress_due(&p->out, now)) return;
  double eta = now / (double)(step - 1) * (double)(estimate - step + 1);
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
  p->shown = 0;
  p->label = "bound";
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
  p->shown = 0;
  p->label = "alpha-nearness";
  opt->progress = quiet ? NULL : bound_progress_step;
  opt->progress_arg = quiet ? NULL : p;
}

void bound_progress_end(bound_progress *p) { progress_end(&p->out); }
