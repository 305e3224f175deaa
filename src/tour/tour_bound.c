/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_bound: which bound an instance gets, and the bookkeeping around it (see tour_bound.h). */
#include "tour_bound.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tour_assign.h"
#include "tour_curve.h"
#include "tour_hk_ascent.h"

tour_bound_options tour_bound_options_default(void) {
  tour_bound_options o = {.candidates = 0,
                          .quadrant = -1,
                          .initial_period = 0,
                          .max_steps = 0,
                          .progress = NULL,
                          .progress_arg = NULL,
                          .work = NULL,
                          .work_arg = NULL};
  return o;
}

/* The bound does not depend on the numbering (tour_curve.h gives the order). */
ar_status tour_bound_spatial_copy(const tour_net *net, tour_net *copy, int32_t *order_out) {
  int32_t n = net->n;
  memset(copy, 0, sizeof *copy);
  copy->n = n;
  copy->metric = net->metric;
  int32_t *order = order_out ? order_out : malloc((size_t)n * sizeof *order);
  copy->x = malloc((size_t)n * sizeof *copy->x);
  copy->y = malloc((size_t)n * sizeof *copy->y);
  ar_status st = order && copy->x && copy->y
                     ? tour_hilbert_order(net, order)
                     : ar_fail(AR_ERR_NOMEM, "out of memory ordering %d nodes for the bound", n);
  for (int32_t k = 0; st == AR_OK && k < n; k++) {
    copy->x[k] = net->x[order[k]];
    copy->y[k] = net->y[order[k]];
  }
  if (!order_out) free(order);
  if (st != AR_OK) tour_net_free(copy);
  return st;
}

ar_status tour_bound_compute(const tour_net *net, const tour_bound_options *opt,
                             tour_lower_bound *out) {
  memset(out, 0, sizeof *out);
  if (opt->candidates < 0 || opt->quadrant < -1 || opt->initial_period < 0 || opt->max_steps < 0)
    return ar_fail(AR_ERR_USAGE, "negative option of the tour bound");
  if (net->n < 3) return ar_fail(AR_ERR_USAGE, "a tour bound needs at least 3 nodes");
  double start = omp_get_wtime();
  tour_lower_bound hk = {0};
  ar_status st;
  if (net->metric == TOUR_METRIC_EXPLICIT || net->metric == TOUR_METRIC_GEO) {
    st = tour_hk_bound(net, opt, &hk);
  } else {
    tour_net ordered;
    st = tour_bound_spatial_copy(net, &ordered, NULL);
    if (st == AR_OK) st = tour_hk_bound(&ordered, opt, &hk);
    tour_net_free(&ordered);
  }
  if (st != AR_OK) return st;
  *out = hk;
  snprintf(out->method, sizeof out->method, "%s",
           net->directed ? TOUR_BOUND_METHOD_HK_ATSP : TOUR_BOUND_METHOD_HELD_KARP);
  if (net->directed && net->n <= TOUR_ASSIGN_MAX_N) {
    int64_t assignment = 0;
    st = tour_assign_bound(net, &assignment);
    if (st != AR_OK) return st;
    if (assignment > out->value) {
      out->value = assignment;
      snprintf(out->method, sizeof out->method, "%s", TOUR_BOUND_METHOD_ASSIGNMENT);
    }
  }
  out->seconds = omp_get_wtime() - start;
  out->computed = 1;
  return AR_OK;
}
