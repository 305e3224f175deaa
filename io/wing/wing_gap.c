/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_gap: gaps to a lower bound (see wing_gap.h). */
#include "wing_gap.h"

#include <math.h>
#include <stdio.h>

double wing_gap_percent(double best, double bound) {
  if (!isfinite(best) || !isfinite(bound)) return NAN;
  if (best == bound) return 0.0; /* also 0 and 0: a best at its bound is optimal */
  if (best <= 0.0) return NAN;
  return 100.0 * (best - bound) / best;
}

void wing_gap_text(char *buf, size_t cap, double best, double bound, int decimals) {
  double gap = wing_gap_percent(best, bound);
  if (isnan(gap))
    snprintf(buf, cap, "gap to bound not defined (best %g, bound %g)", best, bound);
  else
    snprintf(buf, cap, "gap to bound %.*f %%", decimals, gap);
}

void wing_found_text(char *buf, size_t cap, int64_t iteration, const char *first) {
  if (iteration < 0)
    snprintf(buf, cap, "in the %s (before iteration 1)", first);
  else
    snprintf(buf, cap, "at iteration %lld", (long long)iteration);
}

double wing_gap_target(double bound, double percent) {
  if (percent >= 100.0) return HUGE_VAL;
  /* (best - bound) / best <= p  <=>  best <= bound / (1 - p); a hair more for rounding. */
  return bound / (1.0 - percent / 100.0) * (1.0 + 1e-12);
}
