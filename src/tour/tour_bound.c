/* tour_bound: which bound an instance gets, and the bookkeeping around it (see tour_bound.h). */
#include "tour_bound.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tour_bound_options tour_bound_options_default(void) {
  tour_bound_options o = {.candidates = 0, .quadrant = -1, .initial_period = 0, .max_steps = 0};
  return o;
}

int32_t tour_bound_period(int32_t n) {
  if (n <= 2000) return 1000;
  int32_t p = 2000000 / n;
  return p < 100 ? 100 : p;
}

/* Position of (x, y) on a Hilbert curve over a 2^16 x 2^16 grid. */
static uint64_t hilbert_index(uint32_t x, uint32_t y) {
  uint64_t d = 0;
  for (uint32_t s = 1u << 15; s > 0; s >>= 1) {
    uint32_t rx = (x & s) > 0, ry = (y & s) > 0;
    d += (uint64_t)s * s * ((3 * rx) ^ ry);
    if (ry == 0) {
      if (rx == 1) {
        x = s - 1 - x;
        y = s - 1 - y;
      }
      uint32_t t = x;
      x = y;
      y = t;
    }
  }
  return d;
}

typedef struct {
  uint64_t key;
  int32_t node;
} spatial_item;

static int compare_spatial(const void *a, const void *b) {
  const spatial_item *x = a, *y = b;
  if (x->key != y->key) return x->key < y->key ? -1 : 1;
  return (x->node > y->node) - (x->node < y->node);
}

/* A copy of a coordinate instance with its nodes in Hilbert-curve order: the bound does not
 * depend on the numbering, and neighbours close in memory make each 1-tree about twice as fast
 * on large instances. */
static ar_status spatial_copy(const tour_net *net, tour_net *copy) {
  int32_t n = net->n;
  memset(copy, 0, sizeof *copy);
  copy->n = n;
  copy->metric = net->metric;
  spatial_item *item = malloc((size_t)n * sizeof *item);
  copy->x = malloc((size_t)n * sizeof *copy->x);
  copy->y = malloc((size_t)n * sizeof *copy->y);
  if (!item || !copy->x || !copy->y) {
    free(item);
    tour_net_free(copy);
    return ar_fail(AR_ERR_NOMEM, "out of memory ordering %d nodes for the bound", n);
  }
  double x0 = net->x[0], x1 = net->x[0], y0 = net->y[0], y1 = net->y[0];
  for (int32_t i = 1; i < n; i++) {
    x0 = fmin(x0, net->x[i]);
    x1 = fmax(x1, net->x[i]);
    y0 = fmin(y0, net->y[i]);
    y1 = fmax(y1, net->y[i]);
  }
  double side = fmax(x1 - x0, y1 - y0);
  double cell = side > 0 ? 65535.0 / side : 0.0;
  for (int32_t i = 0; i < n; i++) {
    item[i].key =
        hilbert_index((uint32_t)((net->x[i] - x0) * cell), (uint32_t)((net->y[i] - y0) * cell));
    item[i].node = i;
  }
  qsort(item, (size_t)n, sizeof *item, compare_spatial);
  for (int32_t k = 0; k < n; k++) {
    copy->x[k] = net->x[item[k].node];
    copy->y[k] = net->y[item[k].node];
  }
  free(item);
  return AR_OK;
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
    st = spatial_copy(net, &ordered);
    if (st == AR_OK) st = tour_hk_bound(&ordered, opt, &hk);
    tour_net_free(&ordered);
  }
  if (st != AR_OK) return st;
  *out = hk;
  snprintf(out->method, sizeof out->method, "%s",
           net->directed ? TOUR_BOUND_METHOD_HK_ATSP : TOUR_BOUND_METHOD_HELD_KARP);
  if (net->directed) {
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
