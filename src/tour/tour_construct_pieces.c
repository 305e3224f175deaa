/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_construct_pieces: the focused construction (tour_construct.c) of large instances, walked
 * piece by piece.
 *
 * The walk is the same as the node-by-node one, with the same draws: the ACO rule until
 * `new_edges` new edges, then the source's path for as long as its nodes are unvisited. Such a
 * run of the source is taken whole: it ends at the first visited source position ahead, found
 * among the pieces so far, and its length comes from the source's prefix sums. The visited nodes
 * are exactly the pieces, so "visited?" is a search among them. An ant thus costs O(pieces x
 * log pieces) plus its ACO steps, whatever n is. */
#include "tour_construct_pieces.h"

#include "aco_choose.h"
#include "tour_array.h"
#include "tour_kick.h"
#include "tour_ls.h"

/* The walk's state: the pieces so far, the current node and the tour's length. */
typedef struct {
  const tour_problem *tp;
  tour_pieces *P;
  const int32_t *src, *src_pos;
  const int64_t *src_edge, *prefix;
  int32_t n, cur, placed;
  int64_t length;
} walk;

static inline int visited(const walk *w, int32_t node) {
  return tour_pieces_find(w->P, w->src_pos[node]) >= 0;
}

/* Length of the source's path over the edges leaving positions a..b-1 (a <= b, b <= a + n). */
static int64_t path_len(const walk *w, int64_t a, int64_t b) {
  const int32_t n = w->n;
  if (a < 0) {
    a += n;
    b += n;
  }
  if (b <= n) return w->prefix[b] - w->prefix[a];
  return w->prefix[n] - w->prefix[a] + w->prefix[b - n];
}

/* Puts source positions lo..hi (not wrapping) after the current node: the last piece grows when
 * it ends there in that direction, else a new piece. */
static void place(walk *w, int32_t lo, int32_t hi, int32_t rev) {
  tour_pieces *P = w->P;
  int32_t last = P->count - 1;
  tour_piece *pc = &P->pool[last];
  int single = pc->lo == pc->hi;
  int32_t at = w->src_pos[w->cur];
  if (!rev && (single || !pc->rev) && pc->hi == at && lo == at + 1) {
    pc->rev = 0;
    pc->hi = hi;
    pc->hi_node = w->src[hi];
    P->start[P->count] += hi - lo + 1;
  } else if (rev && (single || pc->rev) && pc->lo == at && hi == at - 1) {
    pc->rev = 1;
    int32_t j = tour_pieces_after(P, pc->lo) - 1; /* its entry in bylo */
    pc->lo = lo;
    pc->lo_node = w->src[lo];
    P->bylo_lo[j] = lo;
    P->start[P->count] += hi - lo + 1;
  } else {
    tour_pieces_append(P, lo, hi, rev);
  }
  w->placed += hi - lo + 1;
  w->cur = w->src[rev ? lo : hi];
}

/* The source's path from the current node forward (dir 0) or backward, up to the first visited
 * node: a run of unvisited positions, placed as one or two pieces (split at the source's end). */
static void run(walk *w, int dir) {
  const tour_pieces *P = w->P;
  const int32_t n = w->n;
  int32_t i = w->src_pos[w->cur];
  if (dir == 0) {
    int32_t j = tour_pieces_after(P, i);
    int64_t q = j < P->count ? P->bylo_lo[j] : (int64_t)P->bylo_lo[0] + n;
    w->length += path_len(w, i, q - 1);
    if (q - 1 < n) {
      place(w, i + 1, (int32_t)(q - 1), 0);
    } else {
      if (i + 1 < n) place(w, i + 1, n - 1, 0);
      place(w, 0, (int32_t)(q - 1 - n), 0);
    }
  } else {
    int32_t j = tour_pieces_after(P, i - 1) - 1;
    int64_t q = j >= 0 ? P->pool[P->bylo[j]].hi : (int64_t)P->pool[P->bylo[P->count - 1]].hi - n;
    w->length += path_len(w, q + 1, i);
    if (q + 1 >= 0) {
      place(w, (int32_t)(q + 1), i - 1, 1);
    } else {
      if (i > 0) place(w, 0, i - 1, 1);
      place(w, (int32_t)(q + 1 + n), n - 1, 1);
    }
  }
}

/* One step by the ACO rule among the unvisited candidates, with the node walk's fallbacks. */
static int32_t rule_step(walk *w, aco_ant_ctx *ctx, int32_t *scan) {
  const tour_problem *tp = w->tp;
  const int32_t *cand = tp->nbr + (size_t)w->cur * tp->width;
  const float *row = ctx->choice + (size_t)w->cur * ctx->options;
  float wt[TOUR_MAX_CANDIDATES];
  for (int32_t j = 0; j < tp->k; j++)
    wt[j] = visited(w, cand[j]) ? 0.0f : row[j];
  int32_t j = aco_choose(wt, tp->k, ctx->q0, &ctx->rng);
  if (j >= 0) return cand[j];
  int32_t fwd = tour_succ(w->src, w->src_pos, w->n, w->cur);
  if (!visited(w, fwd)) return fwd;
  for (int32_t id; (id = tour_pieces_find(w->P, *scan)) >= 0;)
    *scan = w->P->pool[id].hi + 1;
  return w->src[*scan];
}

int tour_construct_pieces(const tour_problem *tp, aco_ant_ctx *ctx, tour_scratch *s,
                          aco_cost *cost) {
  const int32_t n = tp->n;
  walk w = {tp,
            &s->pieces,
            ctx->source->data,
            tour_index_pos(ctx->source_index, n),
            tour_index_edge(ctx->source_index),
            tour_index_prefix(ctx->source_index, n),
            n,
            0,
            0,
            0};
  tour_pieces *P = w.P;
  tour_pieces_begin(P, tp->net, w.src, w.src_pos, w.src_edge);
  int32_t first = (int32_t)aco_rng_below(&ctx->rng, (uint32_t)n);
  w.cur = first;
  tour_pieces_append(P, w.src_pos[first], w.src_pos[first], 0);
  w.placed = 1;
  int32_t fresh = 0, scan = 0, kick = tour_kick_edges(tp, ctx);
  while (w.placed < n) {
    if (P->count + 2 >= P->cap) return 0;
    if (fresh >= kick) {
      if (!visited(&w, tour_succ(w.src, w.src_pos, n, w.cur))) {
        run(&w, 0);
        continue;
      }
      if (tp->symmetric && !visited(&w, tour_pred(w.src, w.src_pos, n, w.cur))) {
        run(&w, 1);
        continue;
      }
    }
    int32_t next = rule_step(&w, ctx, &scan);
    int32_t e = tour_source_edge(n, tp->symmetric, w.src_pos, w.cur, next);
    if (e < 0) {
      fresh++;
      tour_ls_push(s, w.cur);
      tour_ls_push(s, next);
      w.length += tour_d(tp->net, w.cur, next);
    } else {
      w.length += w.src_edge[e];
    }
    int32_t at = w.src_pos[next];
    /* Backward along the source (symmetric only: ATSP pieces keep the source's direction). */
    place(&w, at, at, tp->symmetric && at + 1 == w.src_pos[w.cur]);
  }
  int32_t e = tour_source_edge(n, tp->symmetric, w.src_pos, w.cur, first);
  w.length += e < 0 ? tour_d(tp->net, w.cur, first) : w.src_edge[e];
  if (e < 0) {
    tour_ls_push(s, w.cur);
    tour_ls_push(s, first);
  }
  tour_pieces_seal(P);
  cost->key[0] = (double)w.length;
  for (int c = 1; c < ACO_COST_KEYS; c++)
    cost->key[c] = 0.0;
  cost->value = (double)w.length;
  return 1;
}
