/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_construct: how a tour ant builds its tour.
 *
 * Focused construction (Skinderowicz's Focused ACO): the ant walks from a random node, picking
 * each next node by the ACO rule among the unvisited candidates, and counts the edges it takes
 * that the colony's source tour does not have. Once it has `new_edges` of them it copies the
 * source's path from where it stands (forward, or backward on a symmetric instance) for as long
 * as the path's nodes are unvisited, and picks by the rule again only where the path is blocked.
 * The tour thus reconnects pieces of the source in a few new places (a change 2-opt and Or-opt
 * cannot simply undo), and local search starts only from the endpoints of the new edges.
 *
 * Trial ants (every opt.trial_every-th ant of an iteration): the walk draws its first
 * opt.trial_window nodes (the whole tour below 2,000 nodes, else 400) as LKH draws each trial's
 * tour near its best (ChooseInitialTour): it keeps a source edge only where it joins a node to
 * one of its first TOUR_TRIAL_BACKBONE candidates or the reverse (on alpha-nearness lists the
 * minimum 1-tree's edges, LKH's alpha = 0 backbone), a random one of the two when both are free,
 * and picks every other step by the ACO rule; then it copies the source as above. A focused ant
 * changes its source in one place and no merge of such ants reorders the regions a tour visits
 * in turn; a trial re-draws a region (400 nodes: some 150-250 edges) or the whole tour at once.
 * On by default, every fourth ant over the whole tour, only on 1,000-1,999 nodes where ants
 * merge (tour_auto_trials): there they freed stalled seeds (nrw1379); larger instances lost more
 * ants to the trials' cost than the trials found (docs/performance.md). With opt.trial_stall > 0
 * trials wait until the colony's best has not improved for that many iterations (0 by default:
 * it kept the time to a close target, but the trials' gains at 10 s went with it).
 *
 * Whole-tour construction (no source, or new_edges = 0): the classical ant walk over unvisited
 * candidates, falling back to the nearest unvisited node when every candidate was visited. */
#include "tour_construct.h"

#include <string.h>

#include "aco_choose.h"
#include "tour_array.h"
#include "tour_construct_pieces.h"
#include "tour_kick.h"
#include "tour_ls.h"

static void new_stamp(tour_scratch *s) {
  if (++s->stamp == 0) {
    memset(s->mark, 0, (size_t)s->n * sizeof(uint32_t));
    s->stamp = 1;
  }
}

/* Whether a trial walk keeps the source edge (u, v): v among u's first TOUR_TRIAL_BACKBONE
 * candidates or u among v's. */
static int trial_keeps(const tour_problem *tp, int32_t u, int32_t v) {
  const int32_t *cu = tp->nbr + (size_t)u * tp->width, *cv = tp->nbr + (size_t)v * tp->width;
  const int32_t r = TOUR_TRIAL_BACKBONE < tp->width ? TOUR_TRIAL_BACKBONE : tp->width;
  for (int32_t j = 0; j < r; j++)
    if (cu[j] == v || cv[j] == u) return 1;
  return 0;
}

/* A trial walk's step from cur: a free source neighbour joined to cur by a backbone edge (a
 * random one of two), else -1 (the ACO rule decides). */
static int32_t trial_step(const tour_problem *tp, aco_ant_ctx *ctx, const tour_scratch *s,
                          const int32_t *src, const int32_t *src_pos, int32_t cur) {
  const int32_t fwd = tour_succ(src, src_pos, tp->n, cur),
                bwd = tour_pred(src, src_pos, tp->n, cur);
  const int keep_fwd = s->mark[fwd] != s->stamp && trial_keeps(tp, cur, fwd);
  const int keep_bwd = tp->symmetric && s->mark[bwd] != s->stamp && trial_keeps(tp, cur, bwd);
  if (keep_fwd && keep_bwd) return aco_rng_below(&ctx->rng, 2) ? fwd : bwd;
  return keep_fwd ? fwd : keep_bwd ? bwd : -1;
}

static void construct_focused(const tour_problem *tp, aco_ant_ctx *ctx, tour_scratch *s,
                              aco_solution *out) {
  const tour_net *net = tp->net;
  const int32_t n = tp->n, k = tp->k;
  const int32_t *src = ctx->source->data;
  const int32_t *src_pos = tour_index_pos(ctx->source_index, n);
  const int64_t *src_edge = tour_index_edge(ctx->source_index);
  int32_t *order = out->data, *pos = s->pos;
  new_stamp(s);
  int64_t length = 0;
  int32_t fresh = 0, kick = tour_kick_edges(tp, ctx);
  /* Trials are for ants of whole tours: in pieces this walk is only the fallback of an ant
   * whose pieces overflowed, which stays a focused ant. */
  const int32_t every = s->pieces.cap > 0 ? 0 : tp->opt.trial_every;
  const int32_t trial =
      every > 0 && ctx->ant % every == every - 1 && ctx->stalled >= tp->opt.trial_stall
          ? tp->opt.trial_window
          : 0;
  int32_t scan = 0; /* fallback: the first unvisited node of the source at or after scan */
  int32_t cur = (int32_t)aco_rng_below(&ctx->rng, (uint32_t)n);
  order[0] = cur;
  pos[cur] = 0;
  s->mark[cur] = s->stamp;
  float w[TOUR_MAX_CANDIDATES];
  for (int32_t m = 1; m < n; m++) {
    int32_t next = -1;
    if (m < trial) {
      next = trial_step(tp, ctx, s, src, src_pos, cur);
    } else if (trial || fresh >= kick) {
      /* Enough change (or the trial walk's end): copy the source from here, forward (or, when
       * symmetric, backward). */
      int32_t fwd = tour_succ(src, src_pos, n, cur), bwd = tour_pred(src, src_pos, n, cur);
      if (s->mark[fwd] != s->stamp)
        next = fwd;
      else if (tp->symmetric && s->mark[bwd] != s->stamp)
        next = bwd;
    }
    if (next < 0) {
      const int32_t *cand = tp->nbr + (size_t)cur * tp->width;
      const float *row = ctx->choice + (size_t)cur * ctx->options;
      for (int32_t j = 0; j < k; j++)
        w[j] = s->mark[cand[j]] == s->stamp ? 0.0f : row[j];
      int32_t j = aco_choose(w, k, ctx->q0, &ctx->rng);
      if (j >= 0) {
        next = cand[j];
      } else {
        /* Every candidate visited: the source's successor, else the first unvisited node of the
         * source after a pointer that only moves forward (O(n) per ant in all). This may add a
         * long edge; measured against taking the nearest unvisited node instead, it gave better
         * tours (mean excess 0.05 % against 0.15 % over att532, rat783 and pr1002, 4 seeds,
         * equal numbers of ants): the long reconnections act as kicks. */
        int32_t fwd = tour_succ(src, src_pos, n, cur);
        if (s->mark[fwd] != s->stamp) {
          next = fwd;
        } else {
          while (s->mark[src[scan]] == s->stamp)
            scan++;
          next = src[scan];
        }
      }
    }
    int32_t e = tour_source_edge(n, tp->symmetric, src_pos, cur, next);
    int64_t d;
    if (e < 0) {
      fresh++;
      tour_ls_push(s, cur);
      tour_ls_push(s, next);
      d = tour_d(net, cur, next);
    } else {
      d = src_edge[e]; /* known: no distance computed */
    }
    s->nlen[cur] = d;
    length += d;
    order[m] = next;
    pos[next] = m;
    s->mark[next] = s->stamp;
    cur = next;
  }
  int32_t e = tour_source_edge(n, tp->symmetric, src_pos, cur, order[0]);
  s->nlen[cur] = e < 0 ? tour_d(net, cur, order[0]) : src_edge[e];
  length += s->nlen[cur];
  if (e < 0) {
    tour_ls_push(s, cur);
    tour_ls_push(s, order[0]);
  }
  out->cost.key[0] = (double)length;
  for (int c = 1; c < ACO_COST_KEYS; c++)
    out->cost.key[c] = 0.0;
  out->cost.value = (double)length;
}

static void construct_whole(const tour_problem *tp, aco_ant_ctx *ctx, tour_scratch *s,
                            aco_solution *out) {
  const tour_net *net = tp->net;
  const int32_t n = tp->n, k = tp->k;
  int32_t *order = out->data;
  int32_t left = n;
  for (int32_t i = 0; i < n; i++) {
    s->unvisited[i] = i;
    s->where[i] = i;
  }
  new_stamp(s);
  float w[TOUR_MAX_CANDIDATES];
  int32_t cur = (int32_t)aco_rng_below(&ctx->rng, (uint32_t)n);
  for (int32_t i = 0; i < n; i++) {
    if (i > 0) {
      const int32_t *cand = tp->nbr + (size_t)cur * tp->width;
      int32_t next = -1;
      if (ctx->choice) {
        const float *row = ctx->choice + (size_t)cur * ctx->options;
        for (int32_t j = 0; j < k; j++)
          w[j] = s->mark[cand[j]] == s->stamp ? 0.0f : row[j];
        int32_t j = aco_choose(w, k, ctx->q0, &ctx->rng);
        if (j >= 0) next = cand[j];
      } else {
        for (int32_t j = 0; j < k && next < 0; j++)
          if (s->mark[cand[j]] != s->stamp) next = cand[j];
      }
      if (next < 0) { /* every candidate visited: the nearest unvisited node */
        int64_t best = INT64_MAX;
        for (int32_t u = 0; u < left; u++) {
          int32_t v = s->unvisited[u];
          int64_t d = tour_d(net, cur, v);
          if (d < best || (d == best && v < next)) {
            best = d;
            next = v;
          }
        }
      }
      cur = next;
    }
    order[i] = cur;
    s->mark[cur] = s->stamp;
    int32_t at = s->where[cur], last = s->unvisited[--left];
    s->unvisited[at] = last;
    s->where[last] = at;
  }
  tour_ls_prepare(tp, s, order);
  int64_t len = 0;
  for (int32_t i = 0; i < n; i++) {
    tour_ls_push(s, order[i]);
    len += s->nlen[order[i]];
  }
  out->cost.key[0] = (double)len;
  for (int c = 1; c < ACO_COST_KEYS; c++)
    out->cost.key[c] = 0.0;
  out->cost.value = (double)len;
}

void tour_construct(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out) {
  const tour_problem *tp = p->data;
  tour_scratch *s = scratch;
  tour_ls_clear(s);
  s->in_pieces = 0;
  if (!ctx->source || !ctx->source_index || tp->opt.new_edges <= 0) {
    construct_whole(tp, ctx, s, out);
    return;
  }
  if (s->pieces.cap > 0) {
    aco_rng start = ctx->rng;
    if (tour_construct_pieces(tp, ctx, s, &out->cost)) {
      s->in_pieces = 1;
      tour_pieces_encode(&s->pieces, out->data);
      return;
    }
    tour_ls_clear(s); /* too many pieces: the same walk node by node */
    ctx->rng = start;
  }
  construct_focused(tp, ctx, s, out);
}

void tour_improve(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *sol) {
  (void)ctx;
  const tour_problem *tp = p->data;
  tour_scratch *s = scratch;
  int64_t delta = tour_ls_run(tp, s, sol->data, 0);
  sol->cost.key[0] += (double)delta;
  sol->cost.value = sol->cost.key[0];
  if (s->in_pieces) tour_pieces_encode(&s->pieces, sol->data);
}

void tour_expand(const aco_problem *p, const aco_solution *source, aco_solution *sol) {
  const tour_problem *tp = p->data;
  if (tour_pieces_is_compact(sol->data)) tour_pieces_expand(sol->data, tp->n, source->data);
}
