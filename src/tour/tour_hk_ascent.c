/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_hk_ascent: the Held-Karp bound by subgradient ascent on the node penalties, as LKH's
 * Ascent() does it (Helsgaun 2000, section 4.1): pi += t (0.7 v + 0.3 v_last) with v = degree - 2
 * in the minimum 1-tree, the step t doubling while the bound improves in the first period, the
 * period and the step halving after each period, the period doubling when the last step of a
 * period still improved.
 *
 * The 1-trees of the ascent are computed on the sparse graph. Now and then (see HK_CHECK_*), and
 * at the end of every period in which the best penalties changed, the minimum 1-tree of the
 * complete graph is computed: its value is a valid bound, and its edges that the sparse graph
 * lacked are added to it, so the ascent goes on with a graph that holds every tree it was checked
 * against. The reported bound is the best of these exact values, never a sparse one.
 */
#include "tour_hk_ascent.h"

#include <stdlib.h>
#include <string.h>

#include "ar_hooks.h"
#include "ar_signal.h"
#include "tour_hk.h"

/* Every `interval` steps the current penalties are checked, so that the ascent does not climb far
 * on a graph that lacks edges: sooner after a check that found the sparse tree too dear, later
 * after one that did not (between HK_CHECK_MIN and HK_CHECK_MAX steps). */
enum { HK_CHECK_MIN = 10, HK_CHECK_FIRST = 50, HK_CHECK_MAX = 800 };
/* A sparse tree dearer by less than 1 / HK_CHECK_SLACK of its value counts as right. */
#define HK_CHECK_SLACK 100000

/* A schedule whose last HK_TAIL periods still raised the bound by more than 1 / HK_TAIL_GAIN of
 * it has not converged (clustered instances such as fl3795): it runs again from its best
 * penalties, HK_ROUNDS times at most. */
enum { HK_TAIL = 3, HK_TAIL_GAIN = 10000, HK_ROUNDS = 4 };
/* The whole ascent in first periods, as measured on uniform and TSPLIB instances (for progress
 * lines and time estimates only). */
enum { HK_STEPS_PER_PERIOD = 3 };

typedef struct {
  hk_graph g;
  hk_sparse s;
  hk_prim w;
  hk_exact x;
  int64_t *pi, *best_pi;
  int32_t *v, *last_v;
  int64_t steps, checks, max_steps;
  int64_t steps_estimate; /* for progress lines: grows when the schedule runs longer */
  tour_bound_progress_fn progress;
  void *progress_arg;
  int64_t best_exact;           /* best exact 1-tree value so far (scaled) */
  int64_t interval, next_check; /* steps between checks of the current penalties */
} ascent;

static void ascent_free(ascent *a) {
  hk_sparse_free(&a->s);
  hk_prim_free(&a->w);
  hk_exact_free(&a->x);
  free(a->pi);
  free(a->best_pi);
  free(a->v);
  free(a->last_v);
}

static ar_status ascent_init(ascent *a, const tour_net *net, const tour_bound_options *opt) {
  memset(a, 0, sizeof *a);
  hk_graph_init(&a->g, net);
  int32_t n = a->g.n;
  a->max_steps = opt->max_steps > 0 ? opt->max_steps : INT64_MAX;
  a->progress = opt->progress;
  a->progress_arg = opt->progress_arg;
  a->best_exact = INT64_MIN;
  a->interval = a->next_check = HK_CHECK_FIRST;
  a->pi = calloc((size_t)n, sizeof *a->pi);
  a->best_pi = calloc((size_t)n, sizeof *a->best_pi);
  a->v = calloc((size_t)n, sizeof *a->v);
  a->last_v = calloc((size_t)n, sizeof *a->last_v);
  if (!a->pi || !a->best_pi || !a->v || !a->last_v)
    return ar_fail(AR_ERR_NOMEM, "out of memory for the bound's penalties (%d nodes)", n);
  int32_t width = opt->candidates > 0 ? opt->candidates : (a->g.atsp ? 5 : 8);
  int32_t quadrant = opt->quadrant >= 0 ? opt->quadrant : 2;
  ar_status st = hk_sparse_build(&a->g, width, quadrant, opt->work, opt->work_arg, &a->s);
  if (st == AR_OK) st = hk_prim_init(&a->w, n);
  if (st == AR_OK) st = hk_exact_init(&a->x, n);
  return st;
}

/* The exact 1-tree at pi: keeps the best value and adds its edges to the sparse graph. */
static ar_status ascent_check(ascent *a, const int64_t *pi) {
  ar_status st = hk_onetree_exact(&a->g, &a->s, pi, &a->x);
  int64_t added = 0;
  if (st == AR_OK) st = hk_sparse_add(&a->g, &a->s, a->x.eu, a->x.ev, a->x.edges, &added);
  if (st != AR_OK) return st;
  a->checks++;
  if (a->x.value > a->best_exact) a->best_exact = a->x.value;
  return AR_OK;
}

/* Checks the current penalties; *value and *norm are the sparse tree's, redone if the graph grew.
 * Edges that the sparse graph lacked but that change its tree by a hair do not mislead the
 * ascent, so only a clearly dearer sparse tree makes the next check come sooner. */
static ar_status ascent_check_current(ascent *a, int64_t *value, int64_t *norm) {
  int64_t before = a->s.m, sparse_value = *value;
  ar_status st = ascent_check(a, a->pi);
  if (st != AR_OK) return st;
  int64_t slack = (sparse_value >= 0 ? sparse_value : -sparse_value) / HK_CHECK_SLACK;
  if (a->x.value < sparse_value - slack)
    a->interval = a->interval / 2 > HK_CHECK_MIN ? a->interval / 2 : HK_CHECK_MIN;
  else
    a->interval = a->interval * 2 < HK_CHECK_MAX ? a->interval * 2 : HK_CHECK_MAX;
  a->next_check = a->steps + a->interval;
  if (a->s.m != before) st = hk_onetree_sparse(&a->g, &a->s, a->pi, &a->w, a->v, value, norm);
  return st;
}

/* The sparse 1-tree at a->pi. A tour there (norm 0) ends the ascent only if the complete graph
 * agrees: otherwise the sparse graph missed edges, which are added, and the tree is redone. */
static ar_status ascent_tree(ascent *a, int64_t *value, int64_t *norm) {
  /* A stop signal ends the ascent between steps (solve then stops cleanly: ar_signal.h). */
  ar_hook_pause(AR_PAUSE_BOUND);
  if (ar_signal_received())
    return ar_fail(AR_ERR_STOPPED, "while computing the lower bound (ascent step %lld)",
                   (long long)a->steps + 1);
  a->steps++;
  if (a->progress) {
    if (a->steps > a->steps_estimate) a->steps_estimate = a->steps + a->steps_estimate / 4 + 1;
    a->progress(a->progress_arg, a->steps, a->steps_estimate);
  }
  ar_status st = hk_onetree_sparse(&a->g, &a->s, a->pi, &a->w, a->v, value, norm);
  if (st == AR_OK && a->steps >= a->next_check) st = ascent_check_current(a, value, norm);
  while (st == AR_OK && *norm == 0) {
    int64_t before = a->s.m;
    st = ascent_check_current(a, value, norm);
    if (a->s.m == before) break;
  }
  return st;
}

/* After a check of the best penalties: their sparse value on the grown graph (the current
 * penalties and their tree's degrees are kept). */
static ar_status best_on_grown_graph(ascent *a, int64_t *best_w) {
  int32_t n = a->g.n;
  int32_t *keep_v = a->last_v; /* last_v is rebuilt from v at the next step anyway */
  memcpy(keep_v, a->v, (size_t)n * sizeof *keep_v);
  int64_t norm;
  ar_status st = hk_onetree_sparse(&a->g, &a->s, a->best_pi, &a->w, a->v, best_w, &norm);
  memcpy(a->v, keep_v, (size_t)n * sizeof *keep_v);
  return st;
}

/* LKH's schedule, from a->pi. Returns with a->best_pi the best penalties found on the sparse
 * graph, and in *tail what the last HK_TAIL periods still gained. */
static ar_status ascent_run(ascent *a, int32_t period0, int64_t *tail) {
  int32_t n = a->g.n, ends = 0;
  int64_t w, norm, best_w, best_norm, checked_w, at_end[HK_TAIL] = {0};
  ar_status st = ascent_tree(a, &w, &norm);
  if (st != AR_OK) return st;
  best_w = checked_w = w;
  best_norm = norm;
  memcpy(a->best_pi, a->pi, (size_t)n * sizeof *a->pi);
  memcpy(a->last_v, a->v, (size_t)n * sizeof *a->v);
  int initial_phase = 1;
  int64_t t = a->g.scale;
  for (int32_t period = period0; period > 0 && t > 0 && norm != 0; period /= 2, t /= 2) {
    for (int32_t p = 1; t > 0 && p <= period && norm != 0 && a->steps < a->max_steps; p++) {
      for (int32_t x = 0; x < n; x++) {
        if (a->v[x] != 0) a->pi[x] += t * (7 * a->v[x] + 3 * a->last_v[x]) / 10;
        a->last_v[x] = a->v[x];
      }
      st = ascent_tree(a, &w, &norm);
      if (st != AR_OK) return st;
      if (w > best_w || (w == best_w && norm < best_norm)) {
        best_w = w;
        best_norm = norm;
        memcpy(a->best_pi, a->pi, (size_t)n * sizeof *a->pi);
        if (initial_phase) t *= 2;
        if (p == period && (period *= 2) > period0) period = period0;
      } else if (initial_phase && p > period / 2) {
        initial_phase = 0;
        p = 0;
        t = 3 * t / 4;
      }
    }
    if (best_w != checked_w) { /* check the best penalties on the complete graph */
      st = ascent_check(a, a->best_pi);
      if (st == AR_OK) st = best_on_grown_graph(a, &best_w);
      if (st != AR_OK) return st;
      checked_w = best_w;
    }
    at_end[ends++ % HK_TAIL] = best_w;
    if (a->steps >= a->max_steps) break;
  }
  *tail = ends > HK_TAIL ? best_w - at_end[ends % HK_TAIL] : 0;
  return AR_OK;
}

int32_t tour_bound_period(int32_t n) {
  if (n <= 2000) return 1000;
  int32_t p = 2000000 / n;
  return p < 100 ? 100 : p;
}

int64_t tour_bound_steps_estimate(int32_t period, int64_t max_steps) {
  /* A round's periods halve from the first: about twice its steps; a few rounds at most. */
  int64_t steps = (int64_t)HK_STEPS_PER_PERIOD * period;
  return max_steps > 0 && max_steps < steps ? max_steps : steps;
}

ar_status tour_hk_bound(const tour_net *net, const tour_bound_options *opt, tour_lower_bound *out) {
  ascent a;
  ar_status st = ascent_init(&a, net, opt);
  /* The exact tree at pi = 0 first: it makes the sparse graph connected. */
  if (st == AR_OK) st = ascent_check(&a, a.pi);
  int32_t period = opt->initial_period > 0 ? opt->initial_period : tour_bound_period(a.g.n);
  a.steps_estimate = tour_bound_steps_estimate(period, a.max_steps);
  for (int round = 0; st == AR_OK && round < HK_ROUNDS; round++) {
    int64_t tail = 0;
    st = ascent_run(&a, period, &tail);
    if (st != AR_OK || a.steps >= a.max_steps ||
        tail <= (a.best_exact < 0 ? -a.best_exact : a.best_exact) / HK_TAIL_GAIN)
      break;
    memcpy(a.pi, a.best_pi, (size_t)a.g.n * sizeof *a.pi); /* not converged: once more */
  }
  if (st == AR_OK) st = ascent_check(&a, a.best_pi);
  if (st == AR_OK) {
    int64_t value = a.best_exact + (a.g.atsp ? (int64_t)a.g.n0 * a.g.fixed * a.g.scale : 0);
    out->value = hk_ceil_div(value, a.g.scale);
    out->ascent_steps = a.steps;
    out->exact_checks = a.checks;
    out->sparse_edges = a.s.m;
  }
  ascent_free(&a);
  return st;
}

ar_status tour_hk_penalties(const tour_net *net, const tour_bound_options *opt, int64_t *pi,
                            int32_t *eu, int32_t *ev) {
  if (net->directed)
    return ar_fail(AR_ERR_INTERNAL, "penalties for candidates of a directed instance (a bug)");
  ascent a;
  ar_status st = ascent_init(&a, net, opt);
  if (st == AR_OK) st = ascent_check(&a, a.pi); /* connects the sparse graph */
  int32_t period = opt->initial_period > 0 ? opt->initial_period : tour_bound_period(a.g.n);
  a.steps_estimate = tour_bound_steps_estimate(period, a.max_steps);
  int64_t tail = 0;
  if (st == AR_OK) st = ascent_run(&a, period, &tail);
  if (st == AR_OK) st = ascent_check(&a, a.best_pi); /* the tree the candidates are taken from */
  if (st == AR_OK) {
    memcpy(pi, a.best_pi, (size_t)a.g.n * sizeof *pi);
    memcpy(eu, a.x.eu, (size_t)(a.g.n - 1) * sizeof *eu);
    memcpy(ev, a.x.ev, (size_t)(a.g.n - 1) * sizeof *ev);
  }
  ascent_free(&a);
  return st;
}
