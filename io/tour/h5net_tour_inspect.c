/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_tour_inspect: the `antroute inspect` summary of a tour network. The lines are
 * "key: value" so that scripts (and the tests) can pick values out with grep. */
#include <float.h>
#include <stdio.h>

#include "h5field.h"
#include "h5net_tour.h"
#include "h5net_tour_fields.h"
#include "h5u.h"
#include "tour_alpha.h"

static void print_coordinate_box(const tour_net *t, FILE *out) {
  double x0 = DBL_MAX, x1 = -DBL_MAX, y0 = DBL_MAX, y1 = -DBL_MAX;
  for (int32_t i = 0; i < t->n; i++) {
    if (t->x[i] < x0) x0 = t->x[i];
    if (t->x[i] > x1) x1 = t->x[i];
    if (t->y[i] < y0) y0 = t->y[i];
    if (t->y[i] > y1) y1 = t->y[i];
  }
  fprintf(out, "coordinates: x in [%.10g, %.10g], y in [%.10g, %.10g]%s\n", x0, x1, y0, y1,
          t->metric == TOUR_METRIC_GEO ? " (DDD.MM latitude, longitude)" : "");
}

static void print_weight_range(const tour_net *t, FILE *out) {
  int32_t lo = INT32_MAX, hi = 0;
  for (int32_t i = 0; i < t->n; i++)
    for (int32_t j = 0; j < t->n; j++) {
      if (i == j) continue;
      int32_t w = t->weights[(int64_t)i * t->n + j];
      if (w < lo) lo = w;
      if (w > hi) hi = w;
    }
  fprintf(out, "weights: %d x %d, off-diagonal in [%d, %d]\n", t->n, t->n, (int)lo, (int)hi);
}

static void print_lower_bound(const tour_net *t, FILE *out) {
  const tour_lower_bound *b = &t->lower;
  if (!b->computed) {
    fprintf(out, "lower bound: none\n");
    return;
  }
  fprintf(out, "lower bound: %lld (%s, %lld ascent steps, %lld exact checks, %.1f s)",
          (long long)b->value, b->method, (long long)b->ascent_steps, (long long)b->exact_checks,
          b->seconds);
  if (t->optimum > 0)
    fprintf(out, ", %.3f %% below the optimum",
            100.0 * (double)(t->optimum - b->value) / (double)t->optimum);
  fprintf(out, "\n");
}

ar_status h5net_tour_inspect(hid_t file, FILE *out) {
  tour_net t;
  ar_status st = h5net_tour_read_file(file, &t);
  if (st != AR_OK) return st;
  char source[1024] = "", tour_source[1024] = "";
  const h5field *F = h5net_tour_fields;
  if (h5field_exists(file, &F[H5NET_TOUR_F_SOURCE]))
    st = h5field_attr_read_str(file, &F[H5NET_TOUR_F_SOURCE], source, sizeof source);
  if (st == AR_OK && t.known_tour && h5field_exists(file, &F[H5NET_TOUR_F_KNOWN_SOURCE]))
    st =
        h5field_attr_read_str(file, &F[H5NET_TOUR_F_KNOWN_SOURCE], tour_source, sizeof tour_source);
  if (st != AR_OK) {
    tour_net_free(&t);
    return st;
  }
  fprintf(out, "kind: tour (%s)\n", t.directed ? "ATSP" : "TSP");
  fprintf(out, "name: %s\n", t.name[0] ? t.name : "(none)");
  if (t.comment[0]) fprintf(out, "comment: %s\n", t.comment);
  if (source[0]) fprintf(out, "source: %s\n", source);
  fprintf(out, "nodes: %d\n", t.n);
  fprintf(out, "metric: %s\n", tour_metric_name(t.metric));
  fprintf(out, "directed: %s\n", t.directed ? "yes" : "no");
  if (t.optimum >= 0)
    fprintf(out, "optimum: %lld\n", (long long)t.optimum);
  else
    fprintf(out, "optimum: unknown\n");
  if (t.known_tour) {
    int64_t len = tour_length(&t, t.known_tour);
    fprintf(out, "known tour length: %lld", (long long)len);
    if (t.optimum > 0)
      fprintf(out, " (%+.3f %% over the optimum)",
              100.0 * (double)(len - t.optimum) / (double)t.optimum);
    fprintf(out, "%s%s\n", tour_source[0] ? ", from " : "", tour_source);
  } else {
    fprintf(out, "known tour: none\n");
  }
  print_lower_bound(&t, out);
  if (t.alpha.pi)
    fprintf(out, "alpha-nearness penalties: stored (%d ascent steps: %s)\n", (int)t.alpha.steps,
            tour_alpha_stored_fits(&t, tour_alpha_steps(t.n, TOUR_ALPHA_STEPS_DEFAULT))
                ? "a solve with the default --alpha-steps skips its ascent"
                : "not those of the default --alpha-steps: a solve with it runs its own ascent");
  else
    fprintf(out, "alpha-nearness penalties: none\n");
  if (t.metric == TOUR_METRIC_EXPLICIT)
    print_weight_range(&t, out);
  else
    print_coordinate_box(&t, out);
  tour_net_free(&t);
  return AR_OK;
}
