/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_synth: uniform and clustered random EUC_2D instances. */
#include "tour_synth.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "synth_rng.h"

enum { TOUR_SYNTH_SIDE = 1000000 };

/* An approximately standard normal number without libm: the sum of 12 uniforms minus 6. */
static double normal_ish(synth_rng *rng) {
  double sum = 0;
  for (int i = 0; i < 12; i++)
    sum += synth_rng_unit(rng);
  return sum - 6.0;
}

static double clamp_round(double v) {
  if (v < 0) v = 0;
  if (v > TOUR_SYNTH_SIDE) v = TOUR_SYNTH_SIDE;
  return (double)(int64_t)(v + 0.5);
}

ar_status tour_synth_generate(int32_t n, uint64_t seed, tour_synth_distribution distribution,
                              tour_net *t) {
  memset(t, 0, sizeof *t);
  t->optimum = -1;
  if (n < 3 || n > TOUR_MAX_N)
    return ar_fail(AR_ERR_USAGE, "a tour instance needs 3 to %d nodes, not %d", TOUR_MAX_N, n);
  const char *kind = distribution == TOUR_SYNTH_CLUSTERED ? "clustered" : "uniform";
  snprintf(t->name, sizeof t->name, "synthetic-%s-%d-s%llu", kind, n, (unsigned long long)seed);
  snprintf(t->comment, sizeof t->comment,
           "antroute import synthetic --kind tour --nodes %d --distribution %s --seed %llu", n,
           kind, (unsigned long long)seed);
  t->n = n;
  t->metric = TOUR_METRIC_EUC_2D;
  t->x = malloc((size_t)n * sizeof *t->x);
  t->y = malloc((size_t)n * sizeof *t->y);
  int32_t ncentres = n / 10 > 1 ? n / 10 : 1;
  double *cx = NULL, *cy = NULL;
  if (distribution == TOUR_SYNTH_CLUSTERED) {
    cx = malloc((size_t)ncentres * sizeof *cx);
    cy = malloc((size_t)ncentres * sizeof *cy);
  }
  if (!t->x || !t->y || (distribution == TOUR_SYNTH_CLUSTERED && (!cx || !cy))) {
    free(cx);
    free(cy);
    tour_net_free(t);
    return ar_fail(AR_ERR_NOMEM, "out of memory for %d nodes", n);
  }
  synth_rng rng;
  synth_rng_seed(&rng, seed);
  if (distribution == TOUR_SYNTH_UNIFORM) {
    for (int32_t i = 0; i < n; i++) {
      t->x[i] = synth_rng_below(&rng, TOUR_SYNTH_SIDE);
      t->y[i] = synth_rng_below(&rng, TOUR_SYNTH_SIDE);
    }
  } else {
    for (int32_t c = 0; c < ncentres; c++) {
      cx[c] = synth_rng_below(&rng, TOUR_SYNTH_SIDE);
      cy[c] = synth_rng_below(&rng, TOUR_SYNTH_SIDE);
    }
    /* deviation = side / sqrt(n), computed without libm by Newton's method on the integer n */
    double root = n;
    for (int i = 0; i < 60; i++)
      root = 0.5 * (root + n / root);
    double deviation = TOUR_SYNTH_SIDE / root;
    for (int32_t i = 0; i < n; i++) {
      int32_t c = synth_rng_below(&rng, ncentres);
      t->x[i] = clamp_round(cx[c] + deviation * normal_ish(&rng));
      t->y[i] = clamp_round(cy[c] + deviation * normal_ish(&rng));
    }
  }
  free(cx);
  free(cy);
  return AR_OK;
}
