/* wing_gap: gaps to a lower bound (see wing_gap.h). */
#include "wing_gap.h"

#include <math.h>

double wing_gap_percent(double best, double bound) {
  if (!isfinite(best) || !isfinite(bound) || best <= 0.0) return NAN;
  return 100.0 * (best - bound) / best;
}

double wing_gap_target(double bound, double percent) {
  if (percent >= 100.0) return HUGE_VAL;
  /* (best - bound) / best <= p  <=>  best <= bound / (1 - p); a hair more for rounding. */
  return bound / (1.0 - percent / 100.0) * (1.0 + 1e-12);
}
