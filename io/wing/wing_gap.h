/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_gap: the gap between a solve's best and a proven lower bound, and the --gap stop rule
 * (docs/bounds.md). The gap is (best - bound) / best in percent, as MIP solvers print it; --gap G
 * stops at the first epoch end whose agreed global best is within G % of the bound (the engine's
 * cost target, aco_params.target), so a run with fixed iterations stops at the same iteration on
 * every layout. */
#ifndef AR_WING_GAP_H
#define AR_WING_GAP_H

#include <stddef.h>
#include <stdint.h>

#include "param.h"

/* Entry for solve's option table (the kinds' notes say which bound: solve_kind.notes). */
#define WING_GAP_PARAM                                                                             \
  {                                                                                                \
    "gap", 0, PARAM_REAL, NULL, NULL, 0, 100, "PERCENT",                                           \
        "also stop at the first epoch end where the best is within PERCENT % of the proven lower " \
        "bound",                                                                                   \
        0                                                                                          \
  }

/* 100 (best - bound) / best; 0 when best equals bound (0 and 0 included: degenerate inputs); NaN
 * when either is not finite or best is not positive otherwise. */
double wing_gap_percent(double best, double bound);

/* "gap to bound 0.042 %" with `decimals` decimals, or "gap to bound not defined (best B, bound
 * L)" when the gap is NaN, for summaries and progress lines. */
void wing_gap_text(char *buf, size_t cap, double best, double bound, int decimals);

/* Where a best was found: "at iteration N", or for the initial solutions (iteration -1) "in the
 * `first` (before iteration 1)" (first: "first tours", "first plans"). */
void wing_found_text(char *buf, size_t cap, int64_t iteration, const char *first);

/* The largest best whose gap to bound is at most percent (HUGE_VAL for 100 % or more). */
double wing_gap_target(double bound, double percent);

#endif
