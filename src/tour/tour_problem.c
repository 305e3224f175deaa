/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_problem: the tour kind's callbacks for the ACO engine and its set-up. */
#include "tour_problem.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ar_alloc.h"
#include "tour_alpha.h"
#include "tour_candidates.h"
#include "tour_combine.h"
#include "tour_construct.h"
#include "tour_initial.h"
#include "tour_merge.h"
#include "tour_quadrant.h"

tour_options tour_options_default(void) {
  tour_options o = {.candidates = 16,
                    .ls_neighbours = 0,
                    .ls = TOUR_LS_LK,
                    .new_edges = -1,
                    .stall_kick = 100,
                    .ls_penalties = 1,
                    .ls_5opt = -1,
                    .trial_every = 0,
                    .trial_window = -1,
                    .trial_stall = 0,
                    .first = TOUR_FIRST_AUTO,
                    .pieces_from = TOUR_PIECES_FROM,
                    .rows_from = TOUR_ROWS_FROM,
                    .combine = 1,
                    .merge = 1,
                    .quadrant = -1,
                    .alpha_steps = TOUR_ALPHA_STEPS_DEFAULT,
                    .progress = NULL,
                    .progress_arg = NULL,
                    .work = NULL,
                    .work_arg = NULL};
  return o;
}

tour_options tour_options_resolve(const tour_net *net, const tour_options *opt) {
  tour_options o = *opt;
  int alpha = !net->directed && tour_alpha_steps(net->n, o.alpha_steps) > 0;
  if (o.ls_neighbours == 0) o.ls_neighbours = alpha ? TOUR_KL_ALPHA : TOUR_KL_NEAREST;
  if (o.quadrant < 0) o.quadrant = alpha ? TOUR_QUADRANT_ALPHA : 0;
  if (o.new_edges < 0)
    o.new_edges = tour_ants_in_pieces(&o, net->n) ? TOUR_NEW_EDGES_PIECES : TOUR_NEW_EDGES_WHOLE;
  if (o.trial_window < 0) o.trial_window = net->n < TOUR_TRIALS_WHOLE_BELOW ? 0 : TOUR_TRIAL_WINDOW;
  if (o.trial_window == 0 || o.trial_window > net->n) o.trial_window = net->n;
  return o;
}

int tour_penalised(const tour_net *net, const tour_options *opt) {
  return opt->ls_penalties && opt->ls != TOUR_LS_NONE && !net->directed &&
         tour_alpha_steps(net->n, opt->alpha_steps) > 0;
}

/* eta = 1 / distance, scaled per row so the nearest candidate has 1 (only ratios matter, and
 * the scale keeps eta^beta inside float range for any coordinates). */
static void tour_heuristic(const aco_problem *p, int32_t row, float *eta) {
  const tour_problem *tp = p->data;
  const int64_t *d = tp->nbr_dist + (size_t)row * tp->width;
  double nearest = (double)d[0] + 1.0;
  for (int32_t k = 0; k < tp->k; k++)
    eta[k] = (float)(nearest / ((double)d[k] + 1.0));
}

static void tour_scratch_free(const aco_problem *p, void *scratch) {
  (void)p;
  tour_scratch *s = scratch;
  if (!s) return;
  ar_free(s->pos);
  ar_free(s->nlen);
  ar_free(s->mark);
  ar_free(s->queue);
  ar_free(s->queued);
  ar_free(s->unvisited);
  ar_free(s->where);
  tour_pieces_free(&s->pieces);
  ar_free(s);
}

static ar_status tour_scratch_create(const aco_problem *p, void **out) {
  const tour_problem *tp = p->data;
  size_t n = (size_t)tp->n;
  tour_scratch *s = ar_alloc(sizeof *s);
  if (s) {
    s->n = tp->n;
    s->qcap = tp->n;
    s->pos = ar_alloc_array(n, sizeof(int32_t));
    s->nlen = ar_alloc_array(n, sizeof(int64_t));
    s->mark = ar_alloc_array(n, sizeof(uint32_t));
    s->queue = ar_alloc_array(n, sizeof(int32_t));
    s->queued = ar_alloc_array(n, 1);
    s->unvisited = ar_alloc_array(n, sizeof(int32_t));
    s->where = ar_alloc_array(n, sizeof(int32_t));
  }
  /* Pieces for ants of large instances (their compact form must fit in n values). */
  int32_t cap = (tp->n - 2) / 3 < TOUR_PIECES_CAP ? (tp->n - 2) / 3 : TOUR_PIECES_CAP;
  int pieces = tour_ants_in_pieces(&tp->opt, tp->n) && cap >= 16;
  if (!s || !s->pos || !s->nlen || !s->mark || !s->queue || !s->queued || !s->unvisited ||
      !s->where || (pieces && tour_pieces_alloc(&s->pieces, tp->n, cap) != AR_OK)) {
    tour_scratch_free(p, s);
    return ar_fail(AR_ERR_NOMEM, "out of memory for a thread's tour scratch (%zu nodes)", n);
  }
  *out = s;
  return AR_OK;
}

enum { TOUR_PREFETCH = 16 }; /* rows (and nodes) ahead */

/* Where v is first in u's candidate list (-1: not there), without a branch per entry: the trail
 * update of a large instance asks this twice for every node. */
static int32_t option_of(const tour_problem *tp, int32_t u, int32_t v) {
  const int32_t *c = tp->nbr + (size_t)u * tp->width;
  uint64_t hit = 0; /* k <= TOUR_MAX_CANDIDATES = 64 */
  for (int32_t k = 0; k < tp->k; k++)
    hit |= (uint64_t)(c[k] == v) << k;
  return hit ? __builtin_ctzll(hit) : -1;
}

/* Edges in tour order; symmetric tours give both directions of each edge. */
static void tour_components(const aco_problem *p, const aco_solution *s, aco_component_fn fn,
                            void *arg) {
  const tour_problem *tp = p->data;
  const int32_t *order = s->data;
  for (int32_t i = 0; i < tp->n; i++) {
    int32_t u = order[i], v = order[i + 1 == tp->n ? 0 : i + 1];
    /* The tour visits rows in no memory order: fetch a later row's candidates ahead (large
     * instances spent half of each iteration waiting on them). */
    if (i + TOUR_PREFETCH < tp->n)
      __builtin_prefetch(tp->nbr + (size_t)order[i + TOUR_PREFETCH] * tp->width);
    int32_t k = option_of(tp, u, v);
    if (k >= 0) fn(u, k, arg);
    if (tp->symmetric) {
      k = option_of(tp, v, u);
      if (k >= 0) fn(v, k, arg);
    }
  }
}

/* The index's per-position part for positions [lo, hi): each node's position and the length
 * of the edge leaving each position. */
static void tour_source_index_part(const aco_problem *p, const aco_solution *s, void *index,
                                   int32_t lo, int32_t hi) {
  const tour_problem *tp = p->data;
  const int32_t n = tp->n, *order = s->data;
  int64_t *edge = index;
  int32_t *pos = (int32_t *)tour_index_pos(index, n), *link = pos + n;
  const tour_net *net = tp->net;
  for (int32_t i = lo; i < hi; i++) {
    /* Coordinates and positions are reached in tour order, no memory order: fetch ahead. */
    if (i + TOUR_PREFETCH < n) {
      int32_t ahead = order[i + TOUR_PREFETCH];
      if (net->x) {
        __builtin_prefetch(net->x + ahead);
        __builtin_prefetch(net->y + ahead);
      }
      __builtin_prefetch(pos + ahead, 1);
      __builtin_prefetch(link + 2 * (size_t)ahead, 1);
    }
    const int32_t u = order[i], v = order[i + 1 == n ? 0 : i + 1];
    pos[u] = i;
    link[2 * (size_t)u] = v;
    link[2 * (size_t)u + 1] = order[i == 0 ? n - 1 : i - 1];
    edge[i] = tour_d(net, u, v);
  }
}

/* The prefix sums of the edge lengths, once every part is in. */
static void tour_source_index_close(const aco_problem *p, const aco_solution *s, void *index) {
  (void)s;
  const int32_t n = ((const tour_problem *)p->data)->n;
  const int64_t *edge = index;
  int64_t *prefix = (int64_t *)index + n;
  prefix[0] = 0;
  for (int32_t i = 0; i < n; i++)
    prefix[i + 1] = prefix[i] + edge[i];
}

static void tour_source_index(const aco_problem *p, const aco_solution *s, void *index) {
  tour_source_index_part(p, s, index, 0, ((const tour_problem *)p->data)->n);
  tour_source_index_close(p, s, index);
}

/* The edges of the tour at row u (tour_components names the same: u's edge to its successor,
 * and on symmetric tours the one to its predecessor, from the predecessor's edge). */
static void tour_row_components(const aco_problem *p, const aco_solution *s, const void *index,
                                int32_t u, aco_component_fn fn, void *arg) {
  (void)s;
  const tour_problem *tp = p->data;
  const int32_t *link = tour_index_link(index, tp->n) + 2 * (size_t)u;
  int32_t k = option_of(tp, u, link[0]);
  if (k >= 0) fn(u, k, arg);
  if (tp->symmetric) {
    k = option_of(tp, u, link[1]);
    if (k >= 0) fn(u, k, arg);
  }
}

static ar_status tour_verify(const aco_problem *p, const aco_solution *s) {
  const tour_problem *tp = p->data;
  int perm = tour_is_permutation(s->data, tp->n);
  if (perm < 0) return ar_fail(AR_ERR_NOMEM, "out of memory checking the tour");
  if (!perm)
    return ar_fail(AR_ERR_INTERNAL,
                   "the best tour of %s is not a permutation of its %d nodes (a bug)",
                   tp->net->name, tp->n);
  int64_t len = tour_length(tp->net, s->data);
  if ((double)len != s->cost.key[0])
    return ar_fail(AR_ERR_INTERNAL,
                   "the best tour of %s has length %lld recomputed from scratch, but the search "
                   "recorded %.0f (a bug)",
                   tp->net->name, (long long)len, s->cost.key[0]);
  return AR_OK;
}

static int32_t pow2_floor(int64_t v) {
  int32_t p = 1;
  while ((int64_t)p * 2 <= v && p < (1 << 30))
    p *= 2;
  return p;
}

int32_t tour_auto_ants(const tour_net *net, const tour_options *opt, int mmas) {
  if (net->directed || !opt->combine) return 0;
  if (mmas && net->n < TOUR_ANTS_WHOLE_BELOW) return TOUR_ANTS_WHOLE;
  /* Ants with Lin-Kernighan chains cost 3-4 times as much: 16 of them (the engine's) were even
   * with n / 256 at 20,000 and 34,000 nodes (at 10^6 nodes 32 did better: docs/performance.md). */
  if (!tour_ants_in_pieces(opt, net->n) || opt->ls == TOUR_LS_LK) return 0;
  int32_t by_size = pow2_floor(net->n / TOUR_ANTS_PER_NODES);
  int32_t by_memory = pow2_floor((TOUR_ANTS_BYTES / 4) / net->n);
  int32_t ants = by_size < by_memory ? by_size : by_memory;
  return ants < TOUR_ANTS_MIN ? TOUR_ANTS_MIN : ants;
}

int32_t tour_auto_colonies(const tour_net *net, const tour_options *opt, int mmas) {
  /* Measured at 10 s, one thread, on eight instances of 1,323-2,392 nodes x 24 seeds
   * (docs/performance.md); from 3,000 nodes on, with long chains (pcb3038, fnl4461), each
   * colony's half of the iterations cost more than two searches gained. */
  if (net->directed || !mmas || !opt->merge) return 0;
  return net->n >= TOUR_COLONIES_FROM && net->n < TOUR_ANTS_WHOLE_BELOW ? TOUR_COLONIES_SMALL : 0;
}

int32_t tour_auto_restart(const tour_net *net, const tour_options *opt, int mmas) {
  /* Measured at 10 s, one thread, on the 13 instances of 1,000-4,461 nodes x 6 seeds and
   * fl3795 x 24 (docs/performance.md). */
  return mmas && tour_ants_merge(opt, net->n, net->directed) ? TOUR_RESTART_STALL : 0;
}

int32_t tour_auto_trials(const tour_net *net, const tour_options *opt, int mmas) {
  /* Measured at 10 s, one thread, 6 seeds: on 1,000-1,999 nodes (eight TSPLIB instances and
   * seven random ones) never worse on average, stalled seeds freed (nrw1379, a clustered and a
   * uniform 1,600 and 1,900); from 2,000 nodes on worse, whole or in windows of 1,400 nodes,
   * every fourth ant or every eighth (docs/performance.md). */
  const int32_t n = net->n;
  return mmas && tour_ants_merge(opt, n, net->directed) && n >= TOUR_TRIALS_FROM &&
                 n < TOUR_TRIALS_WHOLE_BELOW
             ? TOUR_TRIALS_SMALL
             : 0;
}

double tour_auto_restart_descent(const tour_net *net, const tour_options *opt, int mmas) {
  /* Measured as tour_auto_restart: the 13 x 6 and five of them x 12 more seeds. */
  return tour_auto_restart(net, opt, mmas) > 0 ? TOUR_RESTART_DESCENT : 0.0;
}

void tour_problem_shape(const tour_net *net, const tour_options *given, aco_problem *shape,
                        int32_t *width) {
  memset(shape, 0, sizeof *shape);
  tour_options resolved = tour_options_resolve(net, given), *opt = &resolved;
  int32_t k = opt->candidates < net->n - 1 ? opt->candidates : net->n - 1;
  int32_t kl = opt->ls_neighbours < net->n - 1 ? opt->ls_neighbours : net->n - 1;
  *width = k > kl ? k : kl;
  shape->kind = "tour";
  shape->rows = net->n;
  shape->options = k;
  shape->solution_len = net->n;
  shape->source_index_bytes = tour_index_bytes(net->n);
  if (!net->directed && opt->combine) shape->combine_bytes = tour_combine_bytes(net->n);
  if (tour_ants_merge(opt, net->n, net->directed)) shape->merge_bytes = tour_merge_bytes(net->n);
  if (net->n >= opt->rows_from) {
    int32_t parts = net->n / TOUR_INDEX_PART;
    shape->index_parts = parts < 2                      ? 2
                         : parts > TOUR_INDEX_PARTS_MAX ? TOUR_INDEX_PARTS_MAX
                                                        : parts;
  }
}

/* ls_dist from nbr_dist and the penalties. */
static void penalised_lists(tour_problem *tp) {
  for (int32_t u = 0; u < tp->n; u++)
    for (int32_t j = 0; j < tp->width; j++) {
      const size_t k = (size_t)u * tp->width + (size_t)j;
      tp->ls_dist[k] = tp->pi_scale * tp->nbr_dist[k] + tp->pi[u] + tp->pi[tp->nbr[k]];
    }
}

int32_t tour_auto_chain_steps(const tour_problem *tp) {
  const int32_t n = tp->n;
  if (!tp->symmetric || tour_chain_steps_by_size(&tp->opt, n) == TOUR_LS_5OPT_DEFAULT)
    return TOUR_LS_5OPT_DEFAULT;
  /* Each node's shortest candidate edge (its nearest neighbour's, up to the alpha order). */
  double sum = 0.0, sum2 = 0.0;
  for (int32_t u = 0; u < n; u++) {
    const int64_t *row = tp->nbr_dist + (size_t)u * tp->width;
    int64_t least = row[0];
    for (int32_t j = 1; j < tp->width; j++)
      if (row[j] < least) least = row[j];
    sum += (double)least;
    sum2 += (double)least * (double)least;
  }
  const double mean = sum / n, var = sum2 / n - mean * mean;
  const double cv = mean > 0.0 ? sqrt(var > 0.0 ? var : 0.0) / mean : INFINITY;
  return cv < TOUR_LONG_CHAINS_CV ? TOUR_LS_5OPT_LONG : TOUR_LS_5OPT_DEFAULT;
}

/* The candidate lists: nearest neighbours, then (symmetric instances) by alpha-nearness or with
 * quadrant neighbours. */
static ar_status build_lists(tour_problem *tp) {
  const tour_net *net = tp->net;
  ar_status st =
      tour_candidates_build(net, tp->width, tp->nbr, tp->nbr_dist,
                            "candidate lists: nearest neighbours", tp->opt.work, tp->opt.work_arg);
  if (st == AR_OK && !tp->symmetric)
    st = tour_candidates_build_in(net, tp->width, tp->in_nbr, tp->in_dist);
  if (st != AR_OK || !tp->symmetric) return st;
  int32_t first = tp->k < tp->kl ? tp->k : tp->kl;
  int32_t steps = tour_alpha_steps(tp->n, tp->opt.alpha_steps);
  if (steps > 0) {
    st = tour_candidates_alpha_with(net, tp->width, first, steps, tp->opt.quadrant,
                                    tp->opt.progress, tp->opt.progress_arg, tp->nbr, tp->nbr_dist,
                                    tp->pi, &tp->pi_scale);
    if (st == AR_OK && tp->pi) penalised_lists(tp);
    return st;
  }
  if (tp->opt.quadrant > 0)
    return tour_candidates_quadrant(net, tp->width, first, tp->opt.quadrant, tp->nbr, tp->nbr_dist,
                                    tp->opt.work, tp->opt.work_arg);
  return AR_OK;
}

ar_status tour_problem_create(const tour_net *net, const tour_options *opt, tour_problem *tp,
                              aco_problem *out) {
  memset(tp, 0, sizeof *tp);
  memset(out, 0, sizeof *out);
  if (net->n < 3)
    return ar_fail(AR_ERR_INPUT, "%s: a tour needs at least 3 nodes (it has %d)", net->name,
                   net->n);
  if (opt->candidates < 1 || opt->candidates > TOUR_MAX_CANDIDATES)
    return ar_fail(AR_ERR_USAGE, "--candidates must be in [1, %d]", TOUR_MAX_CANDIDATES);
  if (opt->ls_neighbours < 0 || opt->ls_neighbours > TOUR_MAX_CANDIDATES)
    return ar_fail(AR_ERR_USAGE, "--ls-neighbours must be in [0, %d]", TOUR_MAX_CANDIDATES);
  if (opt->new_edges < -1) return ar_fail(AR_ERR_USAGE, "--new-edges must be >= -1");
  if (opt->alpha_steps < 0) return ar_fail(AR_ERR_USAGE, "--alpha-steps must be >= 0");
  if (opt->stall_kick < 0) return ar_fail(AR_ERR_USAGE, "--stall-kick must be >= 0");
  if (opt->trial_every < 0) return ar_fail(AR_ERR_USAGE, "--trial-ants must be >= 0");
  if (opt->trial_window < -1) return ar_fail(AR_ERR_USAGE, "--trial-window must be >= -1");
  if (opt->trial_stall < 0) return ar_fail(AR_ERR_USAGE, "--trial-stall must be >= 0");
  if (opt->quadrant < -1 || 4 * opt->quadrant > TOUR_MAX_CANDIDATES)
    return ar_fail(AR_ERR_USAGE, "--quadrant-neighbours must be in [-1, %d]",
                   TOUR_MAX_CANDIDATES / 4);
  tp->net = net;
  tp->opt = tour_options_resolve(net, opt);
  tp->n = net->n;
  tp->symmetric = !net->directed;
  tp->kl = tp->opt.ls_neighbours < net->n - 1 ? tp->opt.ls_neighbours : net->n - 1;
  aco_problem shape;
  tour_problem_shape(net, opt, &shape, &tp->width);
  tp->k = shape.options;
  size_t cells = (size_t)tp->n * (size_t)tp->width;
  tp->nbr = ar_alloc_array(cells, sizeof(int32_t));
  tp->nbr_dist = ar_alloc_array(cells, sizeof(int64_t));
  if (!tp->symmetric) {
    tp->in_nbr = ar_alloc_array(cells, sizeof(int32_t));
    tp->in_dist = ar_alloc_array(cells, sizeof(int64_t));
  }
  const int penalised = tour_penalised(net, &tp->opt);
  if (penalised) {
    tp->pi = ar_alloc_array((size_t)tp->n, sizeof(int64_t));
    tp->ls_dist = ar_alloc_array(cells, sizeof(int64_t));
  }
  if (!tp->nbr || !tp->nbr_dist || (!tp->symmetric && (!tp->in_nbr || !tp->in_dist)) ||
      (penalised && (!tp->pi || !tp->ls_dist))) {
    tour_problem_free(tp);
    return ar_fail(AR_ERR_NOMEM, "out of memory for neighbour lists (%d x %d)", tp->n, tp->width);
  }
  ar_status st = build_lists(tp);
  if (st != AR_OK) {
    tour_problem_free(tp);
    return st;
  }
  if (tp->opt.ls_5opt < 0) tp->opt.ls_5opt = tour_auto_chain_steps(tp);
  *out = shape;
  out->data = tp;
  out->heuristic = tour_heuristic;
  out->scratch_create = tour_scratch_create;
  out->scratch_free = tour_scratch_free;
  out->initial = tour_initial;
  out->initial_key = tour_initial_key;
  out->construct = tour_construct;
  out->improve = opt->ls != TOUR_LS_NONE ? tour_improve : NULL;
  out->components = tour_components;
  out->expand = tour_expand;
  out->source_index = tour_source_index;
  out->source_index_part = tour_source_index_part;
  out->source_index_close = tour_source_index_close;
  out->row_components = tour_row_components;
  if (out->combine_bytes > 0) out->combine = tour_combine;
  if (out->merge_bytes > 0) out->merge = tour_merge;
  out->verify = tour_verify;
  return AR_OK;
}

void tour_problem_free(tour_problem *tp) {
  ar_free(tp->nbr);
  ar_free(tp->nbr_dist);
  ar_free(tp->in_nbr);
  ar_free(tp->in_dist);
  ar_free(tp->pi);
  ar_free(tp->ls_dist);
  for (int k = 0; k < TOUR_STARTS; k++)
    ar_free(tp->start[k].order);
  memset(tp, 0, sizeof *tp);
}
