/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_alpha: candidate lists by alpha-nearness (Helsgaun 2000, section 4.1), LKH's key to a
 * strong local search on few neighbours.
 *
 * A short Held-Karp ascent gives node penalties pi and the minimum spanning tree T of the
 * complete graph under d(i, j) + pi_i + pi_j. The alpha value of an edge (i, j) is how much the
 * tree would grow if it had to contain the edge: its penalised cost minus the dearest edge on
 * the path from i to j in T (0 for the tree's own edges). Edges of optimal tours have small
 * alpha values far more often than they are among the nearest neighbours, above all where
 * points form clusters (the edges between clusters are long but cheap in alpha).
 *
 * The values are computed only for a superset of each node's candidates (its nearest
 * neighbours, its nearest per quadrant for 2-D coordinates, its tree neighbours), the path
 * maximum by binary lifting (O(log n) per pair, O(n log n) memory), so the cost is the ascent's
 * (O(n log n) per step) and never O(n^2). Everything is deterministic: the lists do not depend on
 * the threads. */
#include "tour_alpha.h"

#include <stdlib.h>
#include <string.h>

#include "tour_bound.h"
#include "tour_hk.h"
#include "tour_hk_ascent.h"

/* Tree neighbours of a node put in its superset, at most (a star of duplicate points has many). */
enum { ALPHA_TREE_MAX = 8 };

typedef struct {
  int64_t alpha, dist;
  int32_t node;
} alpha_entry;

static int alpha_less(const alpha_entry *a, const alpha_entry *b) {
  if (a->alpha != b->alpha) return a->alpha < b->alpha;
  if (a->dist != b->dist) return a->dist < b->dist;
  return a->node < b->node;
}

static int dist_less(const alpha_entry *a, const alpha_entry *b) {
  if (a->dist != b->dist) return a->dist < b->dist;
  return a->node < b->node;
}

static void sort_entries(alpha_entry *e, int32_t count,
                         int (*less)(const alpha_entry *, const alpha_entry *)) {
  for (int32_t i = 1; i < count; i++) {
    alpha_entry x = e[i];
    int32_t j = i;
    while (j > 0 && less(&x, &e[j - 1])) {
      e[j] = e[j - 1];
      j--;
    }
    e[j] = x;
  }
}

/* The tree rooted at node 0 with binary-lifting tables: up[l][v] is v's ancestor 2^l edges up,
 * top[l][v] the dearest key on that path. */
typedef struct {
  int32_t n, levels;
  int32_t *depth;
  int32_t *up;   /* [levels][n] */
  int64_t *top;  /* [levels][n] */
  int32_t *adj0; /* [n + 1] CSR of the tree's neighbours */
  int32_t *adj;  /* [2 (n - 1)] */
} alpha_tree;

static void tree_free(alpha_tree *t) {
  free(t->depth);
  free(t->up);
  free(t->top);
  free(t->adj0);
  free(t->adj);
  memset(t, 0, sizeof *t);
}

static ar_status tree_build(const hk_graph *g, const int64_t *pi, const int32_t *eu,
                            const int32_t *ev, alpha_tree *t) {
  int32_t n = g->n;
  memset(t, 0, sizeof *t);
  t->n = n;
  t->levels = 1;
  while ((1 << t->levels) < n)
    t->levels++;
  t->depth = malloc((size_t)n * sizeof *t->depth);
  t->up = malloc((size_t)t->levels * n * sizeof *t->up);
  t->top = malloc((size_t)t->levels * n * sizeof *t->top);
  t->adj0 = calloc((size_t)n + 1, sizeof *t->adj0);
  t->adj = malloc((size_t)2 * n * sizeof *t->adj);
  int32_t *queue = malloc((size_t)n * sizeof *queue);
  if (!t->depth || !t->up || !t->top || !t->adj0 || !t->adj || !queue) {
    free(queue);
    tree_free(t);
    return ar_fail(AR_ERR_NOMEM, "out of memory for alpha-nearness (%d nodes)", n);
  }
  for (int32_t k = 0; k < n - 1; k++) {
    t->adj0[eu[k] + 1]++;
    t->adj0[ev[k] + 1]++;
  }
  for (int32_t v = 0; v < n; v++)
    t->adj0[v + 1] += t->adj0[v];
  int32_t *fill = queue; /* borrowed before the walk */
  memcpy(fill, t->adj0, (size_t)n * sizeof *fill);
  for (int32_t k = 0; k < n - 1; k++) {
    t->adj[fill[eu[k]]++] = ev[k];
    t->adj[fill[ev[k]]++] = eu[k];
  }
  for (int32_t v = 0; v < n; v++)
    t->depth[v] = -1;
  int32_t head = 0, tail = 0;
  queue[tail++] = 0;
  t->depth[0] = 0;
  t->up[0] = 0;
  t->top[0] = INT64_MIN;
  while (head < tail) { /* breadth first, so parents come before children */
    int32_t u = queue[head++];
    for (int32_t k = t->adj0[u]; k < t->adj0[u + 1]; k++) {
      int32_t v = t->adj[k];
      if (t->depth[v] >= 0) continue;
      t->depth[v] = t->depth[u] + 1;
      t->up[v] = u;
      t->top[v] = hk_key(g, pi, u, v);
      queue[tail++] = v;
    }
  }
  free(queue);
  if (tail != n) {
    tree_free(t);
    return ar_fail(AR_ERR_INTERNAL, "the alpha-nearness tree is not spanning (a bug)");
  }
  for (int32_t l = 1; l < t->levels; l++) {
    const int32_t *u0 = t->up + (size_t)(l - 1) * n;
    const int64_t *t0 = t->top + (size_t)(l - 1) * n;
    int32_t *u1 = t->up + (size_t)l * n;
    int64_t *t1 = t->top + (size_t)l * n;
    for (int32_t v = 0; v < n; v++) {
      u1[v] = u0[u0[v]];
      t1[v] = t0[v] > t0[u0[v]] ? t0[v] : t0[u0[v]];
    }
  }
  return AR_OK;
}

/* The dearest key on the tree path between a and b (a != b). */
static int64_t path_max(const alpha_tree *t, int32_t a, int32_t b) {
  int64_t most = INT64_MIN;
  const int32_t n = t->n;
  if (t->depth[a] < t->depth[b]) {
    int32_t x = a;
    a = b;
    b = x;
  }
  int32_t lift = t->depth[a] - t->depth[b];
  for (int32_t l = 0; lift > 0; l++, lift >>= 1)
    if (lift & 1) {
      if (t->top[(size_t)l * n + a] > most) most = t->top[(size_t)l * n + a];
      a = t->up[(size_t)l * n + a];
    }
  if (a == b) return most;
  for (int32_t l = t->levels - 1; l >= 0; l--) {
    int32_t ua = t->up[(size_t)l * n + a], ub = t->up[(size_t)l * n + b];
    if (ua == ub) continue;
    if (t->top[(size_t)l * n + a] > most) most = t->top[(size_t)l * n + a];
    if (t->top[(size_t)l * n + b] > most) most = t->top[(size_t)l * n + b];
    a = ua;
    b = ub;
  }
  if (t->top[a] > most) most = t->top[a];
  if (t->top[b] > most) most = t->top[b];
  return most;
}

static void add_entry(alpha_entry *e, int32_t *count, const hk_graph *g, const int64_t *pi,
                      const alpha_tree *t, int32_t i, int32_t j) {
  if (j < 0 || j == i) return;
  for (int32_t k = 0; k < *count; k++)
    if (e[k].node == j) return;
  e[*count].node = j;
  e[*count].dist = tour_d(g->net, i, j);
  e[*count].alpha = hk_key(g, pi, i, j) - path_max(t, i, j);
  (*count)++;
}

/* Node i's new list: the `width` smallest alpha values of its superset, the first `first` of
 * them (then the rest) nearest first, as the local search expects. */
static void node_list(const hk_graph *g, const int64_t *pi, const alpha_tree *t, int32_t i,
                      int32_t width, int32_t first, const int32_t *quad, int32_t nquad,
                      alpha_entry *e, int32_t *nbr, int64_t *dist) {
  int32_t count = 0;
  for (int32_t k = t->adj0[i]; k < t->adj0[i + 1] && count < ALPHA_TREE_MAX; k++)
    add_entry(e, &count, g, pi, t, i, t->adj[k]);
  for (int32_t k = 0; k < nquad; k++)
    add_entry(e, &count, g, pi, t, i, quad[k]);
  for (int32_t k = 0; k < width; k++)
    add_entry(e, &count, g, pi, t, i, nbr[k]);
  sort_entries(e, count, alpha_less);
  if (count > width) count = width;
  int32_t head = first < count ? first : count;
  sort_entries(e, head, dist_less);
  sort_entries(e + head, count - head, dist_less);
  for (int32_t k = 0; k < count; k++) {
    nbr[k] = e[k].node;
    dist[k] = e[k].dist;
  }
}

/* Penalties and tree of the instance, on a Hilbert-ordered copy for coordinates (faster
 * 1-trees), mapped back to the instance's numbering. */
static ar_status penalties(const tour_net *net, int32_t steps, const tour_bound_options *progress,
                           int64_t *pi, int32_t *eu, int32_t *ev) {
  tour_bound_options opt = tour_bound_options_default();
  opt.max_steps = steps;
  opt.progress = progress->progress;
  opt.progress_arg = progress->progress_arg;
  /* Periods that halve from a quarter of the steps: the schedule reaches its small steps
   * within the budget (a first period longer than the budget would stop it in its initial
   * phase, where the step size is still growing). */
  opt.initial_period = steps / 4 > 25 ? steps / 4 : 25;
  int32_t n = net->n;
  if (net->metric == TOUR_METRIC_EXPLICIT || net->metric == TOUR_METRIC_GEO)
    return tour_hk_penalties(net, &opt, pi, eu, ev);
  tour_net copy;
  int32_t *order = malloc((size_t)n * sizeof *order);
  int64_t *cpi = malloc((size_t)n * sizeof *cpi);
  if (!order || !cpi) {
    free(order);
    free(cpi);
    return ar_fail(AR_ERR_NOMEM, "out of memory for alpha-nearness (%d nodes)", n);
  }
  ar_status st = tour_bound_spatial_copy(net, &copy, order);
  if (st == AR_OK) st = tour_hk_penalties(&copy, &opt, cpi, eu, ev);
  if (st == AR_OK) {
    for (int32_t k = 0; k < n; k++)
      pi[order[k]] = cpi[k];
    for (int32_t k = 0; k < n - 1; k++) {
      eu[k] = order[eu[k]];
      ev[k] = order[ev[k]];
    }
    tour_net_free(&copy);
  }
  free(order);
  free(cpi);
  return st;
}

ar_status tour_alpha_penalties_compute(const tour_net *net, int32_t steps,
                                       tour_alpha_penalties *out) {
  memset(out, 0, sizeof *out);
  const int32_t n = net->n;
  steps = net->directed ? 0 : tour_alpha_steps(n, steps);
  if (steps <= 0) return AR_OK;
  hk_graph g;
  hk_graph_init(&g, net);
  int32_t *eu = malloc((size_t)n * sizeof *eu), *ev = malloc((size_t)n * sizeof *ev);
  out->pi = malloc((size_t)n * sizeof *out->pi);
  out->tree = malloc((size_t)2 * n * sizeof *out->tree);
  tour_bound_options no_progress = {0};
  ar_status st = eu && ev && out->pi && out->tree
                     ? penalties(net, steps, &no_progress, out->pi, eu, ev)
                     : ar_fail(AR_ERR_NOMEM, "out of memory for alpha-nearness (%d nodes)", n);
  for (int32_t k = 0; st == AR_OK && k < n - 1; k++) {
    out->tree[2 * k] = eu[k];
    out->tree[2 * k + 1] = ev[k];
  }
  free(eu);
  free(ev);
  if (st != AR_OK) {
    free(out->pi);
    free(out->tree);
    memset(out, 0, sizeof *out);
    return st;
  }
  out->steps = steps;
  out->scale = g.scale;
  return AR_OK;
}

/* net->alpha when it holds the ascent of `steps` steps on the cost scale `scale`, else NULL. */
static const tour_alpha_penalties *stored_ascent(const tour_net *net, int32_t steps,
                                                 int64_t scale) {
  const tour_alpha_penalties *a = &net->alpha;
  return a->pi && a->tree && steps > 0 && a->steps == steps && a->scale == scale ? a : NULL;
}

int tour_alpha_stored_fits(const tour_net *net, int32_t steps) {
  if (!net->alpha.pi || net->alpha.steps != steps) return 0; /* before the graph's O(n) set-up */
  hk_graph g;
  hk_graph_init(&g, net);
  return stored_ascent(net, steps, g.scale) != NULL;
}

int32_t tour_alpha_steps(int32_t n, int32_t steps) {
  int32_t most = n > 0 ? TOUR_ALPHA_WORK / n : 0;
  if (steps > most) steps = most;
  return steps < TOUR_ALPHA_MIN_STEPS ? 0 : steps;
}

ar_status tour_candidates_alpha(const tour_net *net, int32_t width, int32_t first, int32_t steps,
                                int32_t quadrant, int32_t *nbr, int64_t *dist) {
  return tour_candidates_alpha_with(net, width, first, steps, quadrant, NULL, NULL, nbr, dist, NULL,
                                    NULL);
}

ar_status tour_candidates_alpha_with(const tour_net *net, int32_t width, int32_t first,
                                     int32_t steps, int32_t quadrant,
                                     tour_bound_progress_fn progress, void *progress_arg,
                                     int32_t *nbr, int64_t *dist, int64_t *pi_out,
                                     int64_t *scale_out) {
  if (net->directed || steps <= 0) return AR_OK;
  int32_t n = net->n;
  hk_graph g;
  hk_graph_init(&g, net);
  if (!g.planar) quadrant = 0;
  int32_t nquad = 4 * quadrant;
  int64_t *pi = pi_out ? pi_out : malloc((size_t)n * sizeof *pi); /* the caller's, if given */
  int32_t *eu = malloc((size_t)n * sizeof *eu), *ev = malloc((size_t)n * sizeof *ev);
  int32_t *quad = nquad ? malloc((size_t)n * nquad * sizeof *quad) : NULL;
  alpha_tree t = {0};
  ar_status st = pi && eu && ev && (!nquad || quad)
                     ? AR_OK
                     : ar_fail(AR_ERR_NOMEM, "out of memory for alpha-nearness (%d nodes)", n);
  tour_bound_options hook = {.progress = progress, .progress_arg = progress_arg};
  const tour_alpha_penalties *stored = stored_ascent(net, steps, g.scale);
  if (st == AR_OK && stored) {
    memcpy(pi, stored->pi, (size_t)n * sizeof *pi);
    for (int32_t k = 0; k < n - 1; k++) {
      eu[k] = stored->tree[2 * k];
      ev[k] = stored->tree[2 * k + 1];
    }
  } else if (st == AR_OK) {
    st = penalties(net, steps, &hook, pi, eu, ev);
  }
  if (st == AR_OK && nquad) st = hk_quadrant_planar(&g, quadrant, quad, "", NULL, NULL);
  if (st == AR_OK) st = tree_build(&g, pi, eu, ev, &t);
  int failed = 0;
  if (st == AR_OK) {
    int32_t most = width + nquad + ALPHA_TREE_MAX;
#pragma omp parallel
    {
      alpha_entry *e = malloc((size_t)most * sizeof *e);
      if (!e) {
#pragma omp atomic write
        failed = 1;
      }
#pragma omp for schedule(dynamic, 256)
      for (int32_t i = 0; i < n; i++) {
        if (!e) continue;
        node_list(&g, pi, &t, i, width, first, quad ? quad + (size_t)i * nquad : NULL, nquad, e,
                  nbr + (size_t)i * width, dist + (size_t)i * width);
      }
      free(e);
    }
  }
  if (st == AR_OK && failed) st = ar_fail(AR_ERR_NOMEM, "out of memory for alpha-nearness");
  if (st == AR_OK && pi_out) *scale_out = g.scale;
  tree_free(&t);
  if (pi != pi_out) free(pi);
  free(eu);
  free(ev);
  free(quad);
  return st;
}
