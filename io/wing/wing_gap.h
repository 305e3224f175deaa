/* wing_gap: the gap between a solve's best and a proven lower bound, and the --gap stop rule
 * (docs/bounds.md). The gap is (best - bound) / best in percent, as MIP solvers print it; --gap G
 * stops at the first epoch end whose agreed global best is within G % of the bound (the engine's
 * cost target, aco_params.target), so a run with fixed iterations stops at the same iteration on
 * every layout. */
#ifndef AR_WING_GAP_H
#define AR_WING_GAP_H

#include "param.h"

/* Entry for solve's option table (the kinds' notes say which bound: solve_kind.notes). */
#define WING_GAP_PARAM                                                                             \
  {                                                                                                \
    "gap", 0, PARAM_REAL, NULL, NULL, 0, 100, "PERCENT",                                           \
        "also stop at the first epoch end where the best is within PERCENT % of the proven lower " \
        "bound",                                                                                   \
        0                                                                                          \
  }

/* 100 (best - bound) / best; NaN when either is not a finite positive number. */
double wing_gap_percent(double best, double bound);

/* The largest best whose gap to bound is at most percent (HUGE_VAL for 100 % or more). */
double wing_gap_target(double bound, double percent);

#endif
