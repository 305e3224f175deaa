/* tour_construct: how a tour ant builds its tour.
 *
 * Focused construction (Skinderowicz's Focused ACO, adapted to an array tour): the ant starts
 * from a copy of the colony's source tour at a random node and walks along it; at each node it
 * picks the next node by the ACO rule among the unvisited candidates. When the pick is not the
 * tour's next node, that node is moved next to the current one (a node insertion: three edges
 * change). The walk stops once the tour holds `new_edges` edges that the source does not, so
 * each ant's tour differs from the source in a few places and local search starts only there.
 *
 * Whole-tour construction (no source, or new_edges = 0): the classical ant walk over unvisited
 * candidates, falling back to the nearest unvisited node when every candidate was visited. */
#include <string.h>

#include "aco_choose.h"
#include "tour_array.h"
#include "tour_problem.h"

static void new_stamp(tour_scratch *s) {
  if (++s->stamp == 0) {
    memset(s->mark, 0, (size_t)s->n * sizeof(uint32_t));
    s->stamp = 1;
  }
}

/* Empties the local search list (it is empty after a local search; not after a construction
 * without one). */
static void clear_queue(tour_scratch *s) {
  while (s->qcount > 0) {
    s->queued[s->queue[s->qhead]] = 0;
    s->qhead = s->qhead + 1 == s->n ? 0 : s->qhead + 1;
    s->qcount--;
  }
  s->qhead = 0;
}

static inline int in_source(const tour_problem *tp, const int32_t *src_pos, int32_t a, int32_t b) {
  int32_t d = src_pos[b] - src_pos[a];
  if (d < 0) d += tp->n;
  return d == 1 || (tp->symmetric && d == tp->n - 1);
}

static void construct_focused(const tour_problem *tp, aco_ant_ctx *ctx, tour_scratch *s,
                              aco_solution *out) {
  const tour_net *net = tp->net;
  const int32_t n = tp->n, k = tp->k;
  int32_t *order = out->data, *pos = s->pos;
  const int32_t *src_pos = ctx->source_index;
  memcpy(order, ctx->source->data, (size_t)n * sizeof(int32_t));
  memcpy(pos, src_pos, (size_t)n * sizeof(int32_t));
  new_stamp(s);
  int64_t delta = 0;
  int32_t fresh = 0;
  int32_t cur = (int32_t)aco_rng_below(&ctx->rng, (uint32_t)n);
  s->mark[cur] = s->stamp;
  tour_ls_push(s, cur);
  float w[TOUR_MAX_CANDIDATES];
  for (int32_t step = 1; step < n && fresh < tp->opt.new_edges; step++) {
    const int32_t *cand = tp->nbr + (size_t)cur * tp->width;
    const float *row = ctx->choice + (size_t)cur * ctx->options;
    for (int32_t j = 0; j < k; j++)
      w[j] = s->mark[cand[j]] == s->stamp ? 0.0f : row[j];
    int32_t j = aco_choose(w, k, ctx->q0, &ctx->rng);
    int32_t sc = tour_succ(order, pos, n, cur);
    int32_t next = j < 0 ? sc : cand[j];
    if (next != sc) {
      int32_t pp = tour_pred(order, pos, n, next), q = tour_succ(order, pos, n, next);
      delta += tour_dist(net, pp, q) + tour_dist(net, cur, next) + tour_dist(net, next, sc) -
               tour_dist(net, pp, next) - tour_dist(net, next, q) - tour_dist(net, cur, sc);
      fresh += !in_source(tp, src_pos, pp, q) + !in_source(tp, src_pos, cur, next) +
               !in_source(tp, src_pos, next, sc);
      tour_array_move_segment(order, pos, n, pos[next], 1, cur, 0);
      tour_ls_push(s, pp);
      tour_ls_push(s, q);
      tour_ls_push(s, next);
      tour_ls_push(s, sc);
    }
    s->mark[next] = s->stamp;
    cur = next;
  }
  out->cost = ctx->source->cost;
  out->cost.key[0] += (double)delta;
  out->cost.value = out->cost.key[0];
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
          int64_t d = tour_dist(net, cur, v);
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
  for (int32_t i = 0; i < n; i++) {
    s->pos[order[i]] = i;
    tour_ls_push(s, order[i]);
  }
  int64_t len = tour_length(net, order);
  out->cost.key[0] = (double)len;
  for (int c = 1; c < ACO_COST_KEYS; c++)
    out->cost.key[c] = 0.0;
  out->cost.value = (double)len;
}

void tour_construct(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out) {
  const tour_problem *tp = p->data;
  tour_scratch *s = scratch;
  clear_queue(s);
  if (ctx->source && ctx->source_index && tp->opt.new_edges > 0)
    construct_focused(tp, ctx, s, out);
  else
    construct_whole(tp, ctx, s, out);
}

void tour_improve(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *sol) {
  (void)ctx;
  const tour_problem *tp = p->data;
  int64_t delta = tour_ls_run(tp, scratch, sol->data);
  sol->cost.key[0] += (double)delta;
  sol->cost.value = sol->cost.key[0];
}
