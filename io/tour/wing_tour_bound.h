/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour_bound: the tour kind's lower bound: the network's (/tour/lower_bound), or computed by
 * solve when the file has none (tour_bound.h), and what solve does with it: the gap in progress
 * lines, results and summary, and the --gap target. */
#ifndef AR_WING_TOUR_BOUND_H
#define AR_WING_TOUR_BOUND_H

#include <stddef.h>

#include "aco_params.h"
#include "tour_net.h"
#include "wing_solve.h"

/* Makes sure net->lower holds a bound: the file's, else (unless --no-bound) one kept in the
 * checkpoint folder by an earlier run of this input (run->keep_dir, ckpt_keep.h), else one
 * computed by every rank with its threads (the same on all, checked) and then kept there;
 * announced on rank 0 unless quiet. *computed_now: the bound is solve's, not the file's. --gap
 * without a bound (--no-bound) is a usage error; a stop signal during the computation is
 * AR_ERR_STOPPED ("while computing the lower bound ..."). Collective. */
ar_status wing_tour_bound_ensure(const solve_run *run, tour_net *net, int *computed_now);

/* --gap G: the engine stops once the best tour is at most that long. */
void wing_tour_bound_target(const solve_run *run, const tour_net *net, aco_params *par);

/* "  gap to bound 0.42 %" for a best length (empty without a bound). */
void wing_tour_bound_gap_text(const tour_net *net, double best, char *buf, size_t cap);

#endif
