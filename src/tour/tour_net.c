/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_net: metric names, tour length, permutation check, bounding box. */
#include "tour_net.h"

#include <stdlib.h>
#include <string.h>

#include "tour_uf.h"

static const char *const metric_names[] = {"EUC_2D", "CEIL_2D", "ATT", "GEO", "EXPLICIT"};

const char *tour_metric_name(tour_metric metric) {
  return (unsigned)metric < 5 ? metric_names[metric] : "UNKNOWN";
}

int tour_metric_parse(const char *name, tour_metric *metric) {
  for (int i = 0; i < 5; i++) {
    if (strcmp(name, metric_names[i]) == 0) {
      *metric = (tour_metric)i;
      return 0;
    }
  }
  return -1;
}

int64_t tour_length(const tour_net *t, const int32_t *order) {
  int64_t len = 0;
  for (int32_t k = 0; k + 1 < t->n; k++)
    len += tour_dist(t, order[k], order[k + 1]);
  if (t->n > 0) len += tour_dist(t, order[t->n - 1], order[0]);
  return len;
}

int64_t tour_length_file_order(const tour_net *t) {
  int64_t len = 0;
  for (int32_t k = 0; k + 1 < t->n; k++)
    len += tour_dist(t, k, k + 1);
  if (t->n > 0) len += tour_dist(t, t->n - 1, 0);
  return len;
}

ar_status tour_net_check_optimum(const tour_net *t, const char *where) {
  if (t->optimum < 0 && !t->lower.computed) return AR_OK;
  int64_t in_order = tour_length_file_order(t);
  if (t->lower.computed && t->lower.value > in_order)
    return ar_fail(AR_ERR_INPUT,
                   "%s: /tour/lower_bound %lld is longer than the tour that visits the nodes in "
                   "file order (%lld): a lower bound cannot exceed any tour",
                   where, (long long)t->lower.value, (long long)in_order);
  if (t->lower.computed && t->optimum >= 0 && t->lower.value > t->optimum)
    return ar_fail(AR_ERR_INPUT,
                   "%s: /tour/lower_bound %lld is above the optimum %lld: one of them is wrong",
                   where, (long long)t->lower.value, (long long)t->optimum);
  if (t->optimum < 0) return AR_OK;
  if (t->optimum > in_order)
    return ar_fail(AR_ERR_INPUT,
                   "%s: the optimum %lld is longer than the tour that visits the nodes in file "
                   "order (%lld): an optimum cannot be longer than any tour",
                   where, (long long)t->optimum, (long long)in_order);
  if (t->known_tour) {
    int64_t known = tour_length(t, t->known_tour);
    if (known < t->optimum)
      return ar_fail(AR_ERR_INPUT,
                     "%s: the known tour measures %lld, shorter than the optimum %lld: one of "
                     "them is wrong",
                     where, (long long)known, (long long)t->optimum);
  }
  return AR_OK;
}

int tour_is_permutation(const int32_t *order, int32_t n) {
  unsigned char *seen = calloc(n > 0 ? (size_t)n : 1, 1);
  if (!seen) return -1;
  int ok = 1;
  for (int32_t k = 0; k < n && ok; k++) {
    if (order[k] < 0 || order[k] >= n || seen[order[k]])
      ok = 0;
    else
      seen[order[k]] = 1;
  }
  free(seen);
  return ok;
}

void tour_net_bbox(const tour_net *t, double *minx, double *maxx, double *miny, double *maxy) {
  double x0 = t->x[0], x1 = t->x[0], y0 = t->y[0], y1 = t->y[0];
  for (int32_t i = 1; i < t->n; i++) {
    x0 = fmin(x0, t->x[i]);
    x1 = fmax(x1, t->x[i]);
    y0 = fmin(y0, t->y[i]);
    y1 = fmax(y1, t->y[i]);
  }
  *minx = x0;
  *maxx = x1;
  *miny = y0;
  *maxy = y1;
}

void tour_net_free(tour_net *t) {
  free(t->x);
  free(t->y);
  free(t->weights);
  free(t->known_tour);
  free(t->alpha.pi);
  free(t->alpha.tree);
  t->x = t->y = NULL;
  t->weights = NULL;
  t->known_tour = NULL;
  memset(&t->alpha, 0, sizeof t->alpha);
}

int64_t tour_net_alpha_pi_fault(int32_t n, const int64_t *pi) {
  /* Within what hk_graph's scale leaves room for: keys and their sums over n edges fit. */
  const int64_t most = ((int64_t)1 << 58) / (4 * (int64_t)n);
  for (int32_t i = 0; i < n; i++)
    if (pi[i] > most || pi[i] < -most) return i;
  return -1;
}

int64_t tour_net_alpha_tree_fault(int32_t n, const int32_t *tree, const char **why) {
  int32_t *up = malloc((size_t)n * sizeof *up);
  *why = "cannot be checked (out of memory)";
  if (!up) return -2;
  for (int32_t v = 0; v < n; v++)
    up[v] = v;
  int64_t at = -1;
  for (int32_t k = 0; k < n - 1 && at < 0; k++) {
    int32_t u = tree[2 * k], v = tree[2 * k + 1];
    if (u < 0 || u >= n || v < 0 || v >= n) {
      *why = "names a node outside 0..n-1";
      at = k;
    } else if (tour_uf_find(up, u) == tour_uf_find(up, v)) {
      *why = "closes a cycle (the edges must form a spanning tree)";
      at = k;
    } else {
      up[tour_uf_find(up, u)] = tour_uf_find(up, v);
    }
  }
  free(up);
  return at;
}
