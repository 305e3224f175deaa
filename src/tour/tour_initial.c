/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_initial: a colony's first tour, improved by the full local search.
 *
 * Coordinates: the order along a Hilbert curve over the bounding box (tour_curve.h; O(n log n),
 * about 25 % above optimal), or on symmetric instances of TOUR_GREEDY_FROM nodes and more a greedy
 * edge matching (tour_greedy.h; some 15-20 % above, and local search from it ends as short in
 * about 40 % less time on 10^6 nodes), or for the odd colonies of 1,000-2,999 nodes the greedy
 * matching on the penalised costs (tour_greedy.h: tour_first_kind), then local search; made once
 * per rank and kind and shared by its colonies of that kind. EXPLICIT weights: a nearest-neighbour
 * tour from a node drawn from the colony's stream. */
#include "tour_initial.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ar_alloc.h"
#include "tour_construct.h"
#include "tour_curve.h"
#include "tour_greedy.h"
#include "tour_ls.h"
#include "tour_pass.h"
#include "tour_work.h"

static void set_cost(aco_solution *out, int64_t len) {
  out->cost.key[0] = (double)len;
  for (int c = 1; c < ACO_COST_KEYS; c++)
    out->cost.key[c] = 0.0;
  out->cost.value = (double)len;
}

/* One window of the first tour (positions lo..hi-1), improved on the shared order, pos and nlen
 * from a queue of its own (every node of the window). */
static ar_status improve_window(const tour_problem *tp, const tour_scratch *shared, int32_t *order,
                                int32_t lo, int32_t hi, int64_t *change) {
  tour_scratch w = *shared;
  w.qcap = hi - lo;
  w.qhead = w.qcount = 0;
  w.moves = 0;
  w.queue = malloc((size_t)w.qcap * sizeof(int32_t));
  w.queued = calloc((size_t)tp->n, 1);
  if (!w.queue || !w.queued) {
    free(w.queue);
    free(w.queued);
    return ar_fail(AR_ERR_NOMEM, "out of memory for a window of the first tour (%d nodes)", tp->n);
  }
  for (int32_t i = lo; i < hi; i++)
    tour_ls_push(&w, order[i]);
  *change = tour_ls_run_window(tp, &w, order, lo, hi);
  free(w.queue);
  free(w.queued);
  return AR_OK;
}

/* Large instances: the curve tour's windows of TOUR_WINDOW nodes are improved at once (OpenMP
 * tasks: a rank's idle threads take them), each inside itself, so the result does not depend on
 * the threads; then the whole-tour search goes on from the nodes near a window's end or with a
 * neighbour in another window. Returns the length change. */
static ar_status improve_windows(const tour_problem *tp, tour_scratch *s, int32_t *order,
                                 int64_t *change) {
  const int32_t n = tp->n, windows = n / TOUR_WINDOW;
  int64_t *delta = calloc((size_t)windows, sizeof(int64_t));
  int *status = calloc((size_t)windows, sizeof(int));
  int32_t *window_of = malloc((size_t)n * sizeof(int32_t));
  ar_status st = AR_OK;
  if (!delta || !status || !window_of) {
    st = ar_fail(AR_ERR_NOMEM, "out of memory for the windows of the first tour (%d nodes)", n);
  } else {
    /* The progress reports know all the work before any window starts. */
    for (int32_t k = 0; k < windows; k++)
      tour_work_tick(s->work, k, 0, (int64_t)(k + 1) * n / windows - (int64_t)k * n / windows);
      /* One task per window (a taskloop of grainsize 1; clang's taskloop warns on its own
       * unsigned trip count); the taskgroup waits for all of them. */
#pragma omp taskgroup
    {
      for (int32_t k = 0; k < windows; k++) {
#pragma omp task firstprivate(k) shared(delta, status)
        {
          int32_t lo = (int32_t)((int64_t)k * n / windows),
                  hi = (int32_t)((int64_t)(k + 1) * n / windows);
          tour_scratch part = *s;
          part.work_part = k; /* its progress reports (if any) count as part k */
          status[k] = (int)improve_window(tp, &part, order, lo, hi, &delta[k]);
        }
      }
    }
    for (int32_t k = 0; k < windows && st == AR_OK; k++) {
      *change += delta[k];
      if (status[k] != AR_OK)
        st = ar_fail((ar_status)status[k], "%s: the first tour's window %d failed", tp->net->name,
                     k);
    }
  }
  if (st == AR_OK) {
    for (int32_t k = 0; k < windows; k++)
      for (int32_t i = (int32_t)((int64_t)k * n / windows); i < (int64_t)(k + 1) * n / windows; i++)
        window_of[order[i]] = k;
    for (int32_t i = 0; i < n; i++) {
      int32_t x = order[i], k = window_of[x];
      int32_t lo = (int32_t)((int64_t)k * n / windows),
              hi = (int32_t)((int64_t)(k + 1) * n / windows);
      int border = i < lo + TOUR_WINDOW_MARGIN || i >= hi - TOUR_WINDOW_MARGIN;
      for (int32_t j = 0; j < tp->kl && !border; j++)
        border = window_of[tp->nbr[(size_t)x * tp->width + j]] != k;
      if (border) tour_ls_push(s, x);
    }
  }
  free(delta);
  free(status);
  free(window_of);
  return st;
}

/* One search of order from the nodes queued, reported as the step `step`; returns the length
 * change. whole: the whole-tour search, else the ants' (on every thread of the team that joins:
 * tour_pass.h, the same tour). */
static int64_t reported_search(tour_problem *tp, tour_scratch *s, int32_t *order, int whole,
                               const char *step) {
  tour_work w;
  tour_work_begin(&w, tp->opt.work, tp->opt.work_arg, tp->n, step, 1);
  s->work = w.fn ? &w : NULL;
  s->work_part = 0;
  tour_work_tick(s->work, 0, 0, s->qcount);
  int64_t change = whole ? tour_ls_run(tp, s, order, 1) : tour_pass_run(tp, s, order);
  s->work = NULL; /* the scratch goes on to serve a colony's ants: no reports there */
  tour_work_end(&w);
  return change;
}

/* The first tour of this kind (TOUR_START_*): the greedy tour or the Hilbert order, or the
 * greedy tour on the penalised costs, improved by the full local search, into out. */
static ar_status coordinate_tour(const aco_problem *p, tour_scratch *s, int kind,
                                 aco_solution *out) {
  tour_problem *tp = p->data; /* its pass under way is published in it (tour_pass.h) */
  ar_status st = kind == TOUR_START_PI_GREEDY              ? tour_greedy_order(tp, out->data, 1)
                 : tour_first_is_greedy(tp->net, &tp->opt) ? tour_greedy_order(tp, out->data, 0)
                                                           : tour_hilbert_order(tp->net, out->data);
  if (st != AR_OK) return st;
  tour_ls_clear(s);
  s->in_pieces = 0;
  tour_ls_prepare(tp, s, out->data);
  int64_t len = tour_length(tp->net, out->data);
  if (tp->opt.ls == TOUR_LS_NONE) {
    set_cost(out, len);
    return AR_OK;
  }
  int whole = tp->opt.ls >= TOUR_LS_FULL, passes = whole ? TOUR_FIRST_PASSES : 1;
  /* Every node is queued again for a second pass: a node leaves the list when it has no move,
   * and moves elsewhere later give it some (pla85900: 4.80 % -> 4.37 %). */
  for (int pass = 0; pass < passes && st == AR_OK; pass++) {
    char step[64];
    tour_work w;
    if (whole && tp->symmetric && tp->n >= 2 * TOUR_WINDOW) {
      snprintf(step, sizeof step, "first tour: pass %d/%d, windows", pass + 1, passes);
      tour_work_begin(&w, tp->opt.work, tp->opt.work_arg, tp->n, step, tp->n / TOUR_WINDOW);
      s->work = w.fn ? &w : NULL;
      st = improve_windows(tp, s, out->data, &len);
      s->work = NULL;
      tour_work_end(&w);
      if (st != AR_OK) break;
    } else {
      for (int32_t i = 0; i < tp->n; i++)
        tour_ls_push(s, out->data[i]);
    }
    snprintf(step, sizeof step, "first tour: pass %d/%d, whole tour", pass + 1, passes);
    len += reported_search(tp, s, out->data, whole, step);
  }
  /* With long chains, then the ants' search from every node: the colonies start from a tour
   * of about LKH's first trial's quality (fnl4461, seeds 1-3: the best after one iteration
   * 0.13-0.21 % above the optimum, 1.36-1.42 % without the pass; the pass takes about 0.5 s),
   * which their ants, one local change each, took seconds to reach (docs/performance.md). */
  if (st == AR_OK && whole && tp->symmetric && tour_long_chains(&tp->opt, tp->n)) {
    for (int32_t i = 0; i < tp->n; i++)
      tour_ls_push(s, out->data[i]);
    len += reported_search(tp, s, out->data, 0, "first tour: 5-opt chains");
  }
  set_cost(out, len);
  return st;
}

/* The first tour of this kind into start (its maker's). */
static ar_status make_start(const aco_problem *p, tour_scratch *s, int kind, tour_start *start) {
  tour_problem *tp = p->data;
  start->order = ar_alloc_array((size_t)tp->n, sizeof(int32_t));
  if (!start->order)
    return ar_fail(AR_ERR_NOMEM, "out of memory for the first tour (%d nodes)", tp->n);
  aco_solution first = {aco_cost_worst(), start->order};
  ar_status st = coordinate_tour(p, s, kind, &first);
  start->cost = first.cost;
  return st;
}

int64_t tour_initial_key(const aco_problem *p, int64_t colony) {
  const tour_problem *tp = p->data;
  if (tp->net->metric == TOUR_METRIC_EXPLICIT) return -1;
  return tour_first_kind(tp->net, &tp->opt, (int32_t)colony);
}

ar_status tour_initial(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out) {
  tour_problem *tp = p->data;
  if (tp->net->metric == TOUR_METRIC_EXPLICIT) {
    aco_ant_ctx nn = *ctx;
    nn.choice = NULL; /* pure nearest neighbour */
    nn.source = NULL;
    tour_construct(p, &nn, scratch, out);
    if (tp->opt.ls != TOUR_LS_NONE) tour_improve(p, ctx, scratch, out);
    return AR_OK;
  }
  /* The first tour depends on the colony only through its kind (tour_first_kind): the first
   * colony of a kind to get here makes it, the others of that kind help with its pass of long
   * chains (they would only compute the same tour) and wait for it; each copies it. Makers of
   * different kinds take turns where they make such a pass (one at a time is published for
   * helpers), else work at once. */
  const int kind = tour_first_kind(tp->net, &tp->opt, ctx->colony);
  tour_start *start = &tp->start[kind];
  int maker = 0, done = 0;
#pragma omp critical(tour_initial_start)
  if (!start->claimed) {
    start->claimed = 1;
    maker = 1;
  }
  if (maker) {
    ar_status st = AR_OK;
    if (tour_long_chains(&tp->opt, tp->n)) {
#pragma omp critical(tour_initial_make)
      st = make_start(p, scratch, kind, start);
    } else {
      st = make_start(p, scratch, kind, start);
    }
    start->ready = st == AR_OK;
    start->status = (int)st;
    if (st != AR_OK) snprintf(start->message, sizeof start->message, "%s", ar_error_message());
#pragma omp atomic write seq_cst
    start->done = 1;
    if (st != AR_OK) return st;
  }
  for (;;) {
#pragma omp atomic read seq_cst
    done = start->done;
    if (done) break;
    /* Between passes (the curve, the whole-tour search) a short sleep, not a spin: a thread that
     * shares its core with the maker would slow it. */
    if (!tour_pass_help(tp)) nanosleep(&(struct timespec){0, TOUR_INITIAL_WAIT_NS}, NULL);
  }
  if (!start->ready) return ar_fail((ar_status)start->status, "%s", start->message);
  memcpy(out->data, start->order, (size_t)tp->n * sizeof(int32_t));
  out->cost = start->cost;
  return AR_OK;
}
