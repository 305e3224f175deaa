/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_seconds: how long the steps of a tour solve around its search take, estimated before any
 * of them runs, so that `solve --time T` can plan its phases (docs/cli.md): the lower bound, the
 * candidate lists, the first tour, writing the results. A model of the work (ascent steps x nodes,
 * neighbour searches, passes of the first tour's local search) with constants measured on one
 * core of a loaded 2-core machine, so rather long than short. Used for plans, refusals and
 * progress lines only: never for a result. Never fails.
 */
#ifndef AR_TOUR_SECONDS_H
#define AR_TOUR_SECONDS_H

#include "tour_net.h"
#include "tour_problem_types.h"

typedef struct {
  double bound;       /* the Held-Karp bound of tour_bound_compute (the whole ascent) */
  double candidates;  /* nearest-neighbour lists, and alpha-nearness where it applies */
  double first_tours; /* the first tours (tour_initial.h: made once per kind, copied to every
                         colony of the kind) */
  double write;       /* the self-check of the best tour and the results file */
} tour_seconds;

void tour_seconds_estimate(const tour_net *net, const tour_options *opt, tour_seconds *out);

/* The bound's part alone (import: "estimated T s"). */
double tour_seconds_bound(const tour_net *net);

#endif
