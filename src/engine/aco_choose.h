/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_choose: the ACO decision rule over one row's options, for problems' construct().
 * Cannot fail. */
#ifndef AR_ACO_CHOOSE_H
#define AR_ACO_CHOOSE_H

#include <stdint.h>

#include "aco_rng.h"

/* Picks one of count weights (>= 0): with probability q0 the largest (lowest index on ties),
 * otherwise at random in proportion to the weights. Returns -1 when every weight is 0. The sum
 * is taken in index order in double, so the pick depends only on the weights and the stream. */
static inline int32_t aco_choose(const float *w, int32_t count, double q0, aco_rng *rng) {
  double total = 0.0;
  int32_t best = -1;
  float best_w = 0.0f;
  for (int32_t i = 0; i < count; i++) {
    total += w[i];
    if (w[i] > best_w) {
      best_w = w[i];
      best = i;
    }
  }
  if (best < 0) return -1;
  if (q0 > 0.0 && aco_rng_uniform(rng) < q0) return best;
  double r = aco_rng_uniform(rng) * total;
  double acc = 0.0;
  int32_t last = best;
  for (int32_t i = 0; i < count; i++) {
    if (w[i] <= 0.0f) continue;
    acc += w[i];
    last = i;
    if (r < acc) return i;
  }
  return last; /* r rounded up to total */
}

#endif
