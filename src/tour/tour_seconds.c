/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_seconds: the time model of a tour solve's steps around its search (see tour_seconds.h). */
#include "tour_seconds.h"

#include <math.h>

#include "tour_alpha.h"
#include "tour_assign.h"
#include "tour_greedy.h"
#include "tour_hk_ascent.h"
#include "tour_problem.h"

/* CPU seconds per node of one sparse 1-tree up to 4,000 nodes (0.38 us measured on att532),
 * growing with the cache misses of larger graphs: x (1 + TREE_GROWTH log2(n / 4,000)) (1.0 us
 * measured at 50,000 nodes; 85 s for the bound of 200,000 uniform nodes, measured 58 s). */
#define TREE_NODE_SECONDS 0.4e-6
#define TREE_GROWTH       0.45
/* One comparison in a complete-matrix row (explicit weights): Prim, nearest lists. */
#define MATRIX_CELL_SECONDS 2e-9
/* One k-d tree neighbour per node (nearest-neighbour lists of coordinates). */
#define KD_NEIGHBOUR_SECONDS 100e-9
/* One node of the first tour (its passes of local search): with the lists about 1.1 CPU s
 * measured at 50,000 nodes. */
#define FIRST_PASS_NODE_SECONDS 4.5e-6
/* One node of the first tour's pass with long 5-opt chains (tour_long_chains), above its other
 * passes. With the automatic --ls-5opt (long chains on symmetric instances of 3,000-9,999 nodes
 * that are not clustered) the whole first tour took 60-105 us a node here (quiet, one thread,
 * 2026-12-06: pcb3038 72, fnl4461 70, uniform 4,000 / 6,000 / 9,999 nodes 83 / 73 / 103, random
 * lattice points 4,000 / 6,000 105 / 95): 150 us leaves a slower or busier machine room without
 * refusing budgets the run meets (at 250 us, 1.2 s was refused on fnl4461, which starts its
 * search after 0.4 s). With --ls-5opt given, clustered instances have chains too, which the
 * automatic value spares and the model cannot tell before the lists exist: fl3795 with
 * --ls-5opt 50 took 200-400 us a node. */
#define FIRST_CHAINS_AUTO_NODE_SECONDS  150e-6
#define FIRST_CHAINS_GIVEN_NODE_SECONDS 400e-6
/* Writing: the file's fixed cost, and per node (the self-check, the tour, the records). */
#define WRITE_FIXED_SECONDS 0.05
#define WRITE_NODE_SECONDS  60e-9

static double tree_seconds(int32_t n) {
  double growth = n > 4000 ? TREE_GROWTH * log2((double)n / 4000.0) : 0.0;
  return TREE_NODE_SECONDS * (1.0 + growth) * (double)n;
}

double tour_seconds_bound(const tour_net *net) {
  int32_t n = net->directed ? 2 * net->n : net->n;
  double steps = (double)tour_bound_steps_estimate(tour_bound_period(n), 0);
  double s = steps * tree_seconds(n);
  if (net->metric == TOUR_METRIC_EXPLICIT) /* exact checks: Prim on the matrix, ~1 in 50 steps */
    s += (steps / 50.0 + 2.0) * MATRIX_CELL_SECONDS * (double)n * (double)n;
  if (net->directed && net->n <= TOUR_ASSIGN_MAX_N) /* the assignment bound: O(n^3) */
    s += MATRIX_CELL_SECONDS * (double)net->n * (double)net->n * (double)net->n;
  return s;
}

void tour_seconds_estimate(const tour_net *net, const tour_options *opt, tour_seconds *out) {
  int32_t n = net->n, width = opt->candidates + 4 * (opt->quadrant > 0 ? opt->quadrant : 2);
  double dn = (double)n;
  out->bound = tour_seconds_bound(net);
  if (net->metric == TOUR_METRIC_EXPLICIT)
    out->candidates = MATRIX_CELL_SECONDS * dn * dn * (net->directed ? 2.0 : 1.0);
  else
    out->candidates = KD_NEIGHBOUR_SECONDS * dn * (double)width * (1.0 + log2(dn) / 8.0);
  int32_t steps = net->directed ? 0 : tour_alpha_steps(n, opt->alpha_steps);
  if (steps > 0 && !tour_alpha_stored_fits(net, steps)) /* else the import ran it */
    out->candidates += (double)steps * tree_seconds(n);
  out->first_tours = FIRST_PASS_NODE_SECONDS * dn * (1.0 + log2(dn) / 8.0);
  /* Long chains (before the lists exist, the automatic value by size alone). */
  tour_options chains = *opt;
  if (chains.ls_5opt < 0) chains.ls_5opt = tour_chain_steps_by_size(opt, n);
  if (!net->directed && net->metric != TOUR_METRIC_EXPLICIT && tour_long_chains(&chains, n))
    out->first_tours +=
        (opt->ls_5opt < 0 ? FIRST_CHAINS_AUTO_NODE_SECONDS : FIRST_CHAINS_GIVEN_NODE_SECONDS) * dn;
  /* Colonies of two kinds of first tour: a rank may make both (tour_greedy.h) */
  if (tour_first_kind(net, opt, 1) != tour_first_kind(net, opt, 0)) out->first_tours *= 2;
  out->write = WRITE_FIXED_SECONDS + WRITE_NODE_SECONDS * dn;
}
