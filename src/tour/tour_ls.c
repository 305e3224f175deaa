/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_ls: local search on an array tour, driven by a work list of nodes (the endpoints of the
 * edges that changed: Focused ACO's check-list, a FIFO form of don't-look bits).
 *
 * For each node taken from the list, the first improving move found is applied and the
 * endpoints of every changed edge go back on the list; a node with no improving move leaves it.
 * Moves look only at each node's `kl` nearest neighbours, and stop scanning a neighbour list as
 * soon as the new edge alone would cost more than the gain available.
 *   symmetric: 2-opt, Or-opt (segments of 1-3 nodes, either orientation), Or-3opt,
 *              sequential 3-opt (two chained 2-opt moves, the first of which need not gain),
 *              and Lin-Kernighan chains: of 2-opt steps on the whole first tour (sym_lk), of
 *              2-opt steps and segment moves (or-steps) in the ants' tours (sym_lkv), and
 *              there, when the chains find nothing, double bridges (sym_bridge) and (with
 *              --ls-5opt) chains of sequential 5-opt moves, LKH's basic move (sym_5opt)
 *   ATSP:      Or-opt and Or-3opt (segment exchange) only: they keep every edge's direction.
 * Gains are exact integers, so the tour's length is tracked exactly and the search ends.
 *
 * Penalised costs (tour_problem.pi: the ants' search with --ls-penalties yes): moves are weighed
 * on c(u, v) = s d(u, v) + pi(u) + pi(v), pi the penalties of the Held-Karp ascent that ordered
 * the candidate lists, in units of 1 / s. Every node keeps two tour edges, so a closed move
 * changes the length under c by exactly s times its change under d: the same moves improve, but
 * the partial gains that prune the chains and choose their steps are LKH's. Alone they were
 * neither better nor worse at 10 s on 1,000-6,000 nodes; with the 5-opt chains, which are worse
 * without them, they are the default (docs/performance.md). */
#include "tour_ls.h"

#include <math.h>
#include <string.h>

#include "tour_array.h"
#include "tour_kopt_types.h"
#include "tour_work.h"

typedef struct {
  const tour_problem *tp;
  const tour_net *net;
  tour_scratch *s;
  int32_t *order, *pos;
  int32_t n;
  int64_t *nlen; /* nlen[x] = length of the edge from x to its successor (kept up to date) */
  int64_t change;
  int32_t reach;          /* moves only between nodes at most this far apart in the tour */
  int deep;               /* also Lin-Kernighan chains (sym_lk) */
  tour_pieces *P;         /* non-NULL: the tour is these pieces (order, pos and nlen unused) */
  int32_t win_lo, win_hi; /* win_hi > 0: a window of a whole tour (tour_ls_run_window) */
  /* The costs moves are weighed on: pi NULL: d; else s d(u, v) + pi(u) + pi(v), s = scale (the
   * ascent's, chosen so that such costs summed over n edges fit in 62 bits: hk_graph_init). */
  const int64_t *pi;
  int64_t scale;
  const int64_t *cand_cost; /* [n][width]: each candidate's cost (nbr_dist or ls_dist) */
} ls_state;

/* The cost of (a, b) that moves weigh; L->change is on this scale. */
#define D(a, b) ls_cost(L, (a), (b))
/* The cost of the edge x -> succ(x), from the cache of lengths. */
#define NEXT_LEN(x) ls_next_cost(L, (x))

static inline int32_t succ(const ls_state *L, int32_t x) {
  return L->P ? tour_pieces_succ(L->P, x) : tour_succ(L->order, L->pos, L->n, x);
}
static inline int64_t ls_cost(const ls_state *L, int32_t a, int32_t b) {
  const int64_t d = tour_d(L->net, a, b);
  return L->pi ? L->scale * d + L->pi[a] + L->pi[b] : d;
}
static inline int64_t ls_next_cost(const ls_state *L, int32_t x) {
  const int64_t d = L->P ? tour_pieces_next_len(L->P, x) : L->nlen[x];
  return L->pi ? L->scale * d + L->pi[x] + L->pi[succ(L, x)] : d;
}
static inline int32_t pred(const ls_state *L, int32_t x) {
  return L->P ? tour_pieces_pred(L->P, x) : tour_pred(L->order, L->pos, L->n, x);
}
static inline int32_t posof(const ls_state *L, int32_t x) {
  return L->P ? tour_pieces_pos(L->P, x) : L->pos[x];
}
static inline int32_t node_at(const ls_state *L, int32_t i) {
  return L->P ? tour_pieces_node_at(L->P, i) : L->order[i];
}
static inline int in_segment(const ls_state *L, int32_t first, int32_t len, int32_t x) {
  int32_t d = posof(L, x) - first;
  if (d < 0) d += L->n;
  return d < len;
}
/* Inside the window far enough from its ends that every node a move touches around it (tour
 * neighbours, Or-opt segments) is inside too. */
static inline int in_window(const ls_state *L, int32_t x) {
  int32_t q = posof(L, x);
  return q >= L->win_lo + TOUR_WINDOW_MARGIN && q < L->win_hi - TOUR_WINDOW_MARGIN;
}
/* Farther apart in the tour than a move may reach (it would move too many array elements), or
 * outside the window. Every move checks each node it picks from a neighbour list with it. */
static inline int too_far(const ls_state *L, int32_t a, int32_t b) {
  if (L->win_hi && !in_window(L, b)) return 1;
  if (L->reach >= L->n / 2) return 0; /* no two nodes are farther apart (the ants' search) */
  int32_t d = posof(L, a) - posof(L, b);
  if (d < 0) d = -d;
  if (d > L->n - d) d = L->n - d;
  return d > L->reach;
}
/* The cache of x's edge (pieces compute it instead). */
static inline void refresh(ls_state *L, int32_t x) {
  if (!L->P) L->nlen[x] = tour_d(L->net, x, succ(L, x)); /* lengths, whatever the costs */
}

/* After the len nodes at positions first.. were reversed (symmetric tours): inside the range
 * each node's new successor is its old predecessor, whose cached edge is the same edge; the
 * two edges at the ends are new. */
static void refresh_reversed(ls_state *L, int32_t first, int32_t len) {
  const int32_t n = L->n;
  const int32_t *order = L->order;
  int64_t *nlen = L->nlen;
  /* In increasing positions (each reads the next before it is overwritten), without index tests:
   * up to the array's end, the step across it, and on from 0 (the same order as one loop). */
  int32_t i = first, last = first + len - 1;
  if (last >= n) {
    for (; i + 1 < n; i++)
      nlen[order[i]] = nlen[order[i + 1]];
    nlen[order[n - 1]] = nlen[order[0]];
    i = 0;
    last -= n;
  }
  for (; i < last; i++)
    nlen[order[i]] = nlen[order[i + 1]];
  refresh(L, L->order[i]);
  refresh(L, L->order[first == 0 ? n - 1 : first - 1]);
}

/* Reverses the path from node `from` forward to node `to`, or the rest of the tour when that is
 * shorter (symmetric tours only), keeping the cache. */
static void reverse_path(ls_state *L, int32_t from, int32_t to) {
  const int32_t n = L->n;
  int32_t p_to = posof(L, to), first = posof(L, from);
  int32_t len = p_to - first;
  if (len < 0) len += n;
  len += 1;
  if (L->win_hi && p_to < first) { /* a window: the side inside it, the rest between */
    first = p_to + 1;
    len = n - len;
  } else if (!L->win_hi && 2 * len > n) {
    if (len >= n) return;
    first = p_to + 1 == n ? 0 : p_to + 1;
    len = n - len;
  }
  if (L->P) {
    tour_pieces_reverse_range(L->P, first, len);
    return;
  }
  tour_array_reverse_range(L->order, L->pos, n, first, len);
  refresh_reversed(L, first, len);
}

/* Moves the segment (len nodes from position first) between x and succ(x), reversed if asked,
 * keeping the cache: the segment's old predecessor, x and the segment's new last node get new
 * successors (every segment node when it is reversed: at most TOUR_SEGMENT_MAX). */
static void move_segment(ls_state *L, int32_t first, int32_t len, int32_t x, int reversed) {
  const int32_t n = L->n;
  if (L->P) {
    tour_pieces_move_segment(L->P, first, len, x, reversed);
    return;
  }
  int32_t head = L->order[first];
  int32_t before = L->order[first == 0 ? n - 1 : first - 1];
  if (L->win_hi) { /* a window: the blocks between the segment and x, inside it */
    int32_t px = L->pos[x];
    if (px > first)
      tour_array_rotate(L->order, L->pos, n, first, len, px - first - len + 1);
    else
      tour_array_rotate(L->order, L->pos, n, px + 1, first - px - 1, len);
    if (reversed && len > 1) tour_array_reverse_range(L->order, L->pos, n, L->pos[head], len);
  } else {
    tour_array_move_segment(L->order, L->pos, n, first, len, x, reversed);
  }
  refresh(L, before);
  refresh(L, x);
  /* The segment now starts at pos[head] (or ends there, reversed). */
  int32_t at = L->pos[head];
  if (reversed) at = at - len + 1 < 0 ? at - len + 1 + n : at - len + 1;
  for (int32_t t = 0; t < len; t++) {
    if (reversed || t == len - 1) refresh(L, L->order[at]);
    at = at + 1 == n ? 0 : at + 1;
  }
}

static void swap_blocks(ls_state *L, int32_t first, int32_t lenA, int32_t lenB) {
  if (L->win_hi) /* a window: A and B are inside it, the rest is not */
    tour_array_rotate(L->order, L->pos, L->n, first, lenA, lenB);
  else if (L->P)
    tour_pieces_swap_blocks(L->P, first, lenA, lenB);
  else
    tour_array_swap_blocks(L->order, L->pos, L->n, first, lenA, lenB);
}

/* After a block exchange: the three nodes whose successors changed. */
static void refresh3(ls_state *L, int32_t x, int32_t y, int32_t z) {
  refresh(L, x);
  refresh(L, y);
  refresh(L, z);
}

static void push6(ls_state *L, int32_t a, int32_t b, int32_t c, int32_t d, int32_t e, int32_t f) {
  tour_ls_push(L->s, a);
  tour_ls_push(L->s, b);
  tour_ls_push(L->s, c);
  tour_ls_push(L->s, d);
  tour_ls_push(L->s, e);
  tour_ls_push(L->s, f);
}

/* 2-opt: remove (a, b) and (c, d), add (a, c) and (b, d), b and d on the same side of a and c. */
static int sym_2opt(ls_state *L, int32_t a) {
  const tour_problem *tp = L->tp;
  const int32_t *nb = tp->nbr + (size_t)a * tp->width;
  const int64_t *nd = L->cand_cost + (size_t)a * tp->width;
  for (int dir = 0; dir < 2; dir++) {
    int32_t b = dir == 0 ? succ(L, a) : pred(L, a);
    int64_t d_ab = dir == 0 ? NEXT_LEN(a) : NEXT_LEN(b);
    for (int32_t j = 0; j < tp->kl; j++) {
      int64_t d_ac = nd[j];
      if (d_ac >= d_ab) break;
      int32_t c = nb[j];
      int32_t d = dir == 0 ? succ(L, c) : pred(L, c);
      if (c == b || d == a || too_far(L, a, c)) continue;
      int64_t d_cd = dir == 0 ? NEXT_LEN(c) : NEXT_LEN(d);
      int64_t gain = d_ab + d_cd - d_ac - D(b, d);
      if (gain > 0) {
        if (dir == 0)
          reverse_path(L, b, c);
        else
          reverse_path(L, a, d);
        L->change -= gain;
        push6(L, a, b, c, d, a, a);
        return 1;
      }
    }
  }
  return 0;
}

/* Or-opt, symmetric: move the segment of 1-3 nodes that starts at a (in either direction)
 * between a neighbour c of one of its ends and c's successor or predecessor e. */
static int sym_oropt(ls_state *L, int32_t a) {
  const tour_problem *tp = L->tp;
  const int32_t n = L->n;
  for (int dir = 0; dir < 2; dir++) {
    int32_t s1 = a, s2 = a;
    for (int32_t len = 1; len <= TOUR_SEGMENT_MAX; len++) {
      if (len > 1) s2 = dir == 0 ? succ(L, s2) : pred(L, s2);
      if (len + 3 > n) break;
      int32_t p = dir == 0 ? pred(L, s1) : succ(L, s1);
      int32_t nx = dir == 0 ? succ(L, s2) : pred(L, s2);
      int64_t d_ps = dir == 0 ? NEXT_LEN(p) : NEXT_LEN(s1);
      int64_t d_sn = dir == 0 ? NEXT_LEN(s2) : NEXT_LEN(nx);
      int64_t g_rem = d_ps + d_sn - D(p, nx);
      if (g_rem <= 0) continue;
      int32_t first = posof(L, dir == 0 ? s1 : s2);
      for (int end_i = 0; end_i < (len == 1 ? 1 : 2); end_i++) {
        int32_t end = end_i == 0 ? s1 : s2, other = end_i == 0 ? s2 : s1;
        const int32_t *nb = tp->nbr + (size_t)end * tp->width;
        const int64_t *nd = L->cand_cost + (size_t)end * tp->width;
        for (int32_t j = 0; j < tp->kl; j++) {
          int64_t d_ec = nd[j];
          if (d_ec >= g_rem) break;
          int32_t c = nb[j];
          if (in_segment(L, first, len, c) || too_far(L, end, c)) continue;
          for (int side = 0; side < 2; side++) {
            int32_t e = side == 0 ? succ(L, c) : pred(L, c);
            if (in_segment(L, first, len, e)) continue;
            int64_t d_ce = side == 0 ? NEXT_LEN(c) : NEXT_LEN(e);
            int64_t gain = g_rem - (d_ec + D(other, e) - d_ce);
            if (gain <= 0) continue;
            /* Insert between the forward pair (x, succ x) = (c, e) or (e, c), `end` next to c. */
            int32_t x = side == 0 ? c : e;
            int32_t want_first = x == c ? end : other;
            int reversed = len > 1 && node_at(L, first) != want_first;
            move_segment(L, first, len, x, reversed);
            L->change -= gain;
            push6(L, p, nx, s1, s2, c, e);
            return 1;
          }
        }
      }
    }
  }
  return 0;
}

/* Or-opt, directed: the segment keeps its direction; it goes between c and succ(c) = e, found
 * from the in-neighbours of its head or the out-neighbours of its tail. */
static int dir_oropt(ls_state *L, int32_t a) {
  const tour_problem *tp = L->tp;
  const int32_t n = L->n;
  for (int mode = 0; mode < 2; mode++) {
    int32_t s1 = a, s2 = a;
    for (int32_t len = 1; len <= TOUR_SEGMENT_MAX; len++) {
      if (len > 1) {
        if (mode == 0)
          s2 = succ(L, s2);
        else
          s1 = pred(L, s1);
      } else if (mode == 1) {
        continue; /* the single node was tried in mode 0 */
      }
      if (len + 3 > n) break;
      int32_t p = pred(L, s1), nx = succ(L, s2);
      int64_t g_rem = NEXT_LEN(p) + NEXT_LEN(s2) - D(p, nx);
      if (g_rem <= 0) continue;
      int32_t first = posof(L, s1);
      const int32_t *in = tp->in_nbr + (size_t)s1 * tp->width;
      const int64_t *ind = tp->in_dist + (size_t)s1 * tp->width;
      for (int32_t j = 0; j < tp->kl; j++) {
        if (ind[j] >= g_rem) break;
        int32_t c = in[j];
        if (in_segment(L, first, len, c)) continue;
        int32_t e = succ(L, c);
        if (in_segment(L, first, len, e)) continue;
        int64_t gain = g_rem - (ind[j] + D(s2, e) - NEXT_LEN(c));
        if (gain > 0) {
          move_segment(L, first, len, c, 0);
          L->change -= gain;
          push6(L, p, nx, s1, s2, c, e);
          return 1;
        }
      }
      const int32_t *out = tp->nbr + (size_t)s2 * tp->width;
      const int64_t *outd = L->cand_cost + (size_t)s2 * tp->width;
      for (int32_t j = 0; j < tp->kl; j++) {
        if (outd[j] >= g_rem) break;
        int32_t e = out[j];
        if (in_segment(L, first, len, e)) continue;
        int32_t c = pred(L, e);
        if (in_segment(L, first, len, c)) continue;
        int64_t gain = g_rem - (D(c, s1) + outd[j] - NEXT_LEN(c));
        if (gain > 0) {
          move_segment(L, first, len, c, 0);
          L->change -= gain;
          push6(L, p, nx, s1, s2, c, e);
          return 1;
        }
      }
    }
  }
  return 0;
}

/* Or-3opt (segment exchange): a->b..c->d..e->f becomes a->d..e->b..c->f. No edge changes
 * direction, so it serves ATSP; the new edges a->d and c->f come from neighbour lists. On a
 * symmetric tour it is also tried against the tour's direction (dir 1: "succ" is pred). */
static int or3opt(ls_state *L, int32_t a, int dir) {
  const tour_problem *tp = L->tp;
  const int32_t n = L->n;
  int32_t b = dir == 0 ? succ(L, a) : pred(L, a);
  int64_t w_ab = dir == 0 ? NEXT_LEN(a) : NEXT_LEN(b);
  int32_t base = posof(L, b);
  const int32_t *nb = tp->nbr + (size_t)a * tp->width;
  const int64_t *nd = L->cand_cost + (size_t)a * tp->width;
  for (int32_t j = 0; j < tp->kl; j++) {
    int64_t g1 = w_ab - nd[j];
    if (g1 <= 0) break;
    int32_t d = nb[j];
    if (d == b || too_far(L, a, d)) continue;
    int32_t c = dir == 0 ? pred(L, d) : succ(L, d);
    int64_t g1c = g1 + (dir == 0 ? NEXT_LEN(c) : NEXT_LEN(d));
    int32_t rd = dir == 0 ? posof(L, d) - base : base - posof(L, d);
    if (rd < 0) rd += n;
    const int32_t *nc = tp->nbr + (size_t)c * tp->width;
    const int64_t *ncd = L->cand_cost + (size_t)c * tp->width;
    for (int32_t i = 0; i < tp->kl; i++) {
      int64_t g2 = g1c - ncd[i];
      if (g2 <= 0) break;
      int32_t f = nc[i];
      int32_t rf = dir == 0 ? posof(L, f) - base : base - posof(L, f);
      if (rf < 0) rf += n;
      if (rf <= rd || too_far(L, c, f)) continue; /* f after d (it may be a itself) */
      if (L->win_hi && (dir == 0 ? base + rf >= L->win_hi : base - rf < L->win_lo)) continue;
      int32_t e = dir == 0 ? pred(L, f) : succ(L, f);
      int64_t gain = g2 + (dir == 0 ? NEXT_LEN(e) : NEXT_LEN(f)) - D(e, b);
      if (gain > 0) {
        if (dir == 0) { /* forward blocks [b..c][d..e] -> [d..e][b..c] */
          swap_blocks(L, base, rd, rf - rd);
          refresh3(L, a, e, c);
        } else { /* forward blocks [e..d][c..b] -> [c..b][e..d] */
          swap_blocks(L, posof(L, e), rf - rd, rd);
          refresh3(L, f, b, d);
        }
        L->change -= gain;
        push6(L, a, b, c, d, e, f);
        return 1;
      }
    }
  }
  return 0;
}

/* Length of the tour edge between adjacent nodes x and y, from the cache. */
static inline int64_t edge_len(const ls_state *L, int32_t x, int32_t y) {
  return succ(L, x) == y ? NEXT_LEN(x) : NEXT_LEN(y);
}

/* The 2-opt move that removes (t1, f) and (c, d) and adds (f, c) and (t1, d), where f is t1's
 * neighbour on one side and d is c's neighbour on the side towards f: it reverses the path
 * f..d between them, whatever direction the array lists it in. */
static void apply_2opt(ls_state *L, int32_t t1, int32_t f, int32_t d) {
  if (succ(L, t1) == f)
    reverse_path(L, f, d);
  else
    reverse_path(L, d, f);
}

/* The tour seen in direction dir (0: forward) after the 2-opt move t1 t2 t3 t4 (t2 = next of
 * t1, t4 = prev of t3), without applying it: the path t2..t4 runs backwards. */
typedef struct {
  const ls_state *L;
  int dir;
  int32_t t1, t2, t3, t4, span; /* span: steps from t2 to t4 in direction dir */
} ls_view;

static inline int32_t dnext(const ls_state *L, int dir, int32_t x) {
  return dir == 0 ? succ(L, x) : pred(L, x);
}
static inline int32_t dsteps(const ls_state *L, int dir, int32_t a, int32_t b) {
  int32_t d = dir == 0 ? posof(L, b) - posof(L, a) : posof(L, a) - posof(L, b);
  return d < 0 ? d + L->n : d;
}
static inline int view_inside(const ls_view *v, int32_t x) {
  return dsteps(v->L, v->dir, v->t2, x) <= v->span;
}
static inline int32_t view_next(const ls_view *v, int32_t x) {
  if (x == v->t1) return v->t4;
  if (x == v->t2) return v->t3;
  return view_inside(v, x) ? dnext(v->L, 1 - v->dir, x) : dnext(v->L, v->dir, x);
}
static inline int32_t view_prev(const ls_view *v, int32_t x) {
  if (x == v->t3) return v->t2;
  if (x == v->t4) return v->t1;
  return view_inside(v, x) ? dnext(v->L, v->dir, x) : dnext(v->L, 1 - v->dir, x);
}

/* Sequential 3-opt as two chained 2-opt moves (the first need not gain): remove (t1, t2),
 * add (t2, t3), remove (t3, t4), add (t4, t5), remove (t5, t6), close with (t6, t1). The
 * second step is evaluated on the view of the first, so nothing moves until a gain is found.
 * With or3opt (the pure segment exchange, whose first step is not a tour) it covers every
 * sequential 3-opt reconnection. */
static int sym_3opt(ls_state *L, int32_t t1) {
  const tour_problem *tp = L->tp;
  for (int dir = 0; dir < 2; dir++) {
    int32_t t2 = dnext(L, dir, t1);
    int64_t d12 = edge_len(L, t1, t2);
    const int32_t *n2 = tp->nbr + (size_t)t2 * tp->width;
    const int64_t *d2 = L->cand_cost + (size_t)t2 * tp->width;
    for (int32_t j = 0; j < tp->kl; j++) {
      int64_t g1 = d12 - d2[j];
      if (g1 <= 0) break;
      int32_t t3 = n2[j];
      if (t3 == t1 || t3 == dnext(L, dir, t2) || too_far(L, t2, t3)) continue;
      int32_t t4 = dnext(L, 1 - dir, t3);
      int64_t G1 = g1 + edge_len(L, t3, t4);
      ls_view v = {L, dir, t1, t2, t3, t4, dsteps(L, dir, t2, t4)};
      const int32_t *n4 = tp->nbr + (size_t)t4 * tp->width;
      const int64_t *d4 = L->cand_cost + (size_t)t4 * tp->width;
      int32_t after4 = view_next(&v, t4);
      for (int32_t i = 0; i < tp->kl; i++) {
        int64_t g2 = G1 - d4[i];
        if (g2 <= 0) break;
        int32_t t5 = n4[i];
        if (t5 == t1 || t5 == t3 || t5 == after4 || too_far(L, t4, t5)) continue;
        int32_t t6 = view_prev(&v, t5);
        int64_t gain = g2 + edge_len(L, t5, t6) - D(t6, t1);
        if (gain > 0) {
          apply_2opt(L, t1, t2, t4);
          apply_2opt(L, t1, t4, t6);
          L->change -= gain;
          push6(L, t1, t2, t3, t4, t5, t6);
          return 1;
        }
      }
    }
  }
  return 0;
}

enum { LK_DEPTH = 8, LK_BREADTH = 3 };

typedef struct {
  int32_t t1, depth;
  int32_t ends[LK_DEPTH][2];  /* (t2, t4) of each applied step, for the undo */
  int32_t added[LK_DEPTH][2]; /* the edges (t2, t3) the chain added */
  int32_t skip[LK_BREADTH];   /* first steps already tried (t3) */
  int nskip;
} lk_chain;

/* The next step from the free end t2 (the chain's tour has the edge t1-t2): the neighbour t3
 * with the best lookahead |t3 t4| - |t2 t3| whose partial gain stays positive, t4 its
 * neighbour on t2's side, never removing an edge the chain added (nor, at the first step, one
 * in skip). Returns 0 when there is none. */
static int lk_pick(const ls_state *L, const lk_chain *K, int32_t t2, int64_t G, int32_t *t3,
                   int32_t *t4, int64_t *step) {
  const tour_problem *tp = L->tp;
  const int32_t t1 = K->t1;
  const int d = succ(L, t1) == t2 ? 0 : 1;
  const int32_t *nb = tp->nbr + (size_t)t2 * tp->width;
  const int64_t *nd = L->cand_cost + (size_t)t2 * tp->width;
  int64_t look = INT64_MIN;
  *t3 = -1;
  for (int32_t j = 0; j < tp->kl; j++) {
    if (G - nd[j] <= 0) break;
    int32_t c = nb[j];
    if (c == t1 || c == dnext(L, d, t2) || too_far(L, t2, c)) continue;
    int32_t e = dnext(L, 1 - d, c);
    int tabu = 0;
    for (int k = 0; k < K->depth && !tabu; k++)
      tabu = (K->added[k][0] == c && K->added[k][1] == e) ||
             (K->added[k][0] == e && K->added[k][1] == c);
    for (int k = 0; K->depth == 0 && k < K->nskip && !tabu; k++)
      tabu = K->skip[k] == c;
    if (tabu) continue;
    int64_t ce = edge_len(L, c, e);
    if (ce - nd[j] > look) {
      look = ce - nd[j];
      *t3 = c;
      *t4 = e;
      *step = ce - nd[j];
    }
  }
  return *t3 >= 0;
}

/* One chain from the edge t1-t2; keeps the steps up to its best closing (returns its gain) or
 * undoes them all (returns 0). */
static int64_t lk_run(ls_state *L, lk_chain *K, int32_t t2) {
  const int32_t t1 = K->t1;
  int64_t G = edge_len(L, t1, t2), best = 0;
  int keep = 0;
  K->depth = 0;
  int32_t t3, t4;
  int64_t step;
  while (K->depth < LK_DEPTH && lk_pick(L, K, t2, G, &t3, &t4, &step)) {
    if (K->depth == 0) K->skip[K->nskip++] = t3;
    apply_2opt(L, t1, t2, t4);
    K->ends[K->depth][0] = t2;
    K->ends[K->depth][1] = t4;
    K->added[K->depth][0] = t2;
    K->added[K->depth][1] = t3;
    K->depth++;
    G += step;
    int64_t close = G - D(t4, t1);
    if (close > best) {
      best = close;
      keep = K->depth;
    }
    t2 = t4;
    if (G <= best) break;
  }
  while (K->depth > keep) { /* undo the steps past the best closing */
    K->depth--;
    apply_2opt(L, t1, K->ends[K->depth][1], K->ends[K->depth][0]);
  }
  return best;
}

/* Lin-Kernighan-style chains of 2-opt moves from t1, applied as they go: after the first step
 * (one of the LK_BREADTH best by lookahead) each step takes the best lookahead; a chain is kept
 * up to its best closing and undone beyond it. An edge the chain added is never removed again.
 * Reaches the deeper moves that sym_3opt cannot see. */
static int sym_lk(ls_state *L, int32_t t1) {
  lk_chain K;
  K.t1 = t1;
  for (int dir = 0; dir < 2; dir++) {
    K.nskip = 0;
    for (int alt = 0; alt < LK_BREADTH && K.nskip == alt; alt++) {
      int64_t gain = lk_run(L, &K, dnext(L, dir, t1));
      if (gain > 0) {
        L->change -= gain;
        tour_ls_push(L->s, t1);
        for (int k = 0; k < K.depth; k++) {
          tour_ls_push(L->s, K.ends[k][0]);
          tour_ls_push(L->s, K.ends[k][1]);
          tour_ls_push(L->s, K.added[k][1]);
        }
        return 1;
      }
    }
  }
  return 0;
}

/* --- Lin-Kernighan on a virtual tour (the ants' deepest move) ------------------------------------
 *
 * The same chains as sym_lk, but nothing moves while a chain is searched: the tour it has
 * reached is the real one seen through the reversals of its steps (positions mapped through at
 * most LKV_FLIPS intervals, O(flips) per query), so a chain costs what it looks at, not array
 * edits, and is applied only when it gains. A step from the free end t2 (t1's neighbour) adds
 * (t2, t3) and removes (t3, t4), then either
 *   - closes at once (a 2-opt step: t4 is t3's neighbour on t2's side), or
 *   - takes t4 on the far side, which cuts the path t2..t3 off as a cycle, and repairs it at
 *     once: adds (t4, t5) for a t5 inside t2..t3 and removes (t5, t6), t6 either neighbour (an
 *     or-step: the sequential 3-opt reconnections that move a segment, which no chain of 2-opt
 *     steps can reach without a losing step; LK's "infeasible t4").
 * The search is depth first: the first three steps try the lkv_breadth best alternatives by
 * their gain, the later ones the best only; a chain goes on while its gain can still beat the
 * best closing found, and the steps up to the best closing are applied. An edge a chain added
 * is never removed again, nor a removed one added. */
/* LKV_FLIPS: eight 2-opt steps of one reversal and two or-steps of at most three. */
enum { LKV_DEPTH = 10, LKV_ALTS = 5, LKV_FLIPS = 14, LKV_EDGES = 2 * LKV_DEPTH };
/* A third step of breadth 3 (up to 45 chains where it was 15) freed most of the seeds that
 * stuck on rl1889 and u2152, and did better on ten instances on the whole (docs/performance.md). */
static const int lkv_breadth[LKV_DEPTH] = {5, 3, 3, 1, 1, 1, 1, 1, 1, 1};
/* Or-steps compete with the 2-opt steps for the breadth of the first LKV_OR_DEPTH steps. They
 * cost some kl times a 2-opt step's look; deeper in the chain they cost more than they find
 * (10 s, six instances, seeds 1-3 and 4-6: docs/performance.md). */
enum { LKV_OR_DEPTH = 2 };

typedef struct {
  int32_t t3, t4, t5, t6; /* t5 < 0: a 2-opt step */
  int after;              /* an or-step whose t6 follows t5 (seen from t2) */
  int64_t value;          /* what the step adds to the chain's gain */
} lkv_alt;

typedef struct {
  const ls_state *L;
  int32_t t1, depth;      /* depth: steps in the chain */
  int32_t nflips, nedges; /* reversals and (added, removed) pairs so far */
  /* The reversals, in positions: lo..lo + span, and p inside maps to sum - p (sum: lo + hi). */
  int32_t lo[LKV_FLIPS], sum[LKV_FLIPS];
  uint32_t span[LKV_FLIPS];
  int32_t flip[LKV_FLIPS][3];  /* (outer, first, last) of each, to apply them */
  int32_t edge[LKV_EDGES][3];  /* (a, b, c): (a, b) added, (b, c) removed */
  uint64_t touched;            /* bit x % 64 set for every node x in edge[] */
  uint64_t key[2 * LKV_EDGES]; /* lkv_key of edge[i]'s (a, b) at 2i and (b, c) at 2i + 1 */
  int64_t best;                /* best closing gain so far */
  int32_t best_flips, best_edges;
  int32_t best_flip[LKV_FLIPS][3];
  int32_t best_edge[LKV_EDGES][3];
} lkv;

static inline int32_t lkv_pos(const lkv *S, int32_t x) {
  int32_t p = posof(S->L, x);
  for (int32_t i = 0; i < S->nflips; i++)
    p = (uint32_t)(p - S->lo[i]) <= S->span[i] ? S->sum[i] - p : p; /* one unsigned test */
  return p;
}

static inline int32_t lkv_node(const lkv *S, int32_t q) {
  for (int32_t i = S->nflips - 1; i >= 0; i--)
    q = (uint32_t)(q - S->lo[i]) <= S->span[i] ? S->sum[i] - q : q;
  return node_at(S->L, q);
}

/* The node after position p (a node's lkv_pos) in direction dir on the chain's tour. */
static inline int32_t lkv_after(const lkv *S, int dir, int32_t p) {
  const int32_t n = S->L->n;
  int32_t q = p + (dir == 0 ? 1 : -1);
  return lkv_node(S, q == n ? 0 : (q < 0 ? n - 1 : q));
}

static inline int32_t lkv_next(const lkv *S, int dir, int32_t x) {
  return lkv_after(S, dir, lkv_pos(S, x));
}

/* Steps in direction dir on the chain's tour from position pa to position pb. */
static inline int32_t lkv_steps(const lkv *S, int dir, int32_t pa, int32_t pb) {
  int32_t d = pb - pa;
  if (dir) d = -d;
  return d < 0 ? d + S->L->n : d;
}

static inline uint64_t lkv_bit(int32_t x) { return (uint64_t)1 << (x & 63); }

/* An edge as one word, the same either way round. */
static inline uint64_t lkv_key(int32_t a, int32_t b) {
  return a < b ? (uint64_t)a << 32 | (uint32_t)b : (uint64_t)b << 32 | (uint32_t)a;
}

/* Whether the chain added or removed the edge (a, b). */
static int lkv_tabu(const lkv *S, int32_t a, int32_t b) {
  /* Most looks are at nodes the chain has not touched: one test instead of a scan. */
  if (!(S->touched & lkv_bit(a)) || !(S->touched & lkv_bit(b))) return 0;
  const uint64_t k = lkv_key(a, b);
  for (int32_t i = 0; i < 2 * S->nedges; i++)
    if (S->key[i] == k) return 1;
  return 0;
}

/* Keeps the `most` alternatives of highest value in alt (sorted); returns how many. */
static int lkv_keep(lkv_alt *alt, int count, int most, lkv_alt a) {
  int at = count < most ? count++ : most;
  if (at == most && a.value <= alt[most - 1].value) return count;
  if (at == most) at = most - 1;
  while (at > 0 && alt[at - 1].value < a.value) {
    alt[at] = alt[at - 1];
    at--;
  }
  alt[at] = a;
  return count;
}

/* The or-steps through (t2, t3), t4 on the far side of t3, into alt (p2, p3: the positions of
 * t2 and t3; G: the chain's gain before the step, d23: |t2 t3|). */
static int lkv_or_steps(const lkv *S, int32_t t2, int32_t p2, int dir, int32_t t3, int32_t p3,
                        int64_t G, int64_t d23, lkv_alt *alt, int count, int most) {
  const ls_state *L = S->L;
  const tour_problem *tp = L->tp;
  const int32_t t4 = lkv_after(S, dir, p3);
  if (t4 == S->t1 || lkv_tabu(S, t3, t4)) return count;
  const int64_t G2 = G - d23 + D(t3, t4);
  const int32_t span = lkv_steps(S, dir, p2, p3);
  const int32_t *nb = tp->nbr + (size_t)t4 * tp->width;
  const int64_t *nd = L->cand_cost + (size_t)t4 * tp->width;
  for (int32_t j = 0; j < tp->kl; j++) {
    int64_t g2 = G2 - nd[j];
    if (g2 <= 0) break;
    int32_t t5 = nb[j];
    if (t5 == t3 || too_far(L, t4, t5)) continue;
    const int32_t p5 = lkv_pos(S, t5);
    if (lkv_steps(S, dir, p2, p5) > span || lkv_tabu(S, t4, t5)) continue;
    for (int after = 0; after < 2; after++) {
      if (!after && t5 == t2) continue; /* t6 would be t1 */
      int32_t t6 = lkv_after(S, after ? dir : 1 - dir, p5);
      if (lkv_tabu(S, t5, t6)) continue;
      lkv_alt a = {t3, t4, t5, t6, after, g2 + D(t5, t6) - G};
      count = lkv_keep(alt, count, most, a);
    }
  }
  return count;
}

/* The best `most` next steps from the free end t2 (t1's neighbour in direction dir) by what
 * they add to the gain, whose partial gains stay positive; returns how many. */
static int lkv_alternatives(const lkv *S, int32_t t2, int dir, int64_t G, lkv_alt *alt, int most,
                            int or_steps) {
  const ls_state *L = S->L;
  const tour_problem *tp = L->tp;
  const int32_t *nb = tp->nbr + (size_t)t2 * tp->width;
  const int64_t *nd = L->cand_cost + (size_t)t2 * tp->width;
  const int32_t p2 = lkv_pos(S, t2), after2 = lkv_after(S, dir, p2);
  int count = 0;
  for (int32_t j = 0; j < tp->kl; j++) {
    if (G - nd[j] <= 0) break;
    int32_t t3 = nb[j];
    if (t3 == S->t1 || t3 == after2 || too_far(L, t2, t3) || lkv_tabu(S, t2, t3)) continue;
    const int32_t p3 = lkv_pos(S, t3), t4 = lkv_after(S, 1 - dir, p3);
    if (!lkv_tabu(S, t3, t4)) {
      lkv_alt a = {t3, t4, -1, -1, 0, D(t3, t4) - nd[j]};
      count = lkv_keep(alt, count, most, a);
    }
    if (or_steps) count = lkv_or_steps(S, t2, p2, dir, t3, p3, G, nd[j], alt, count, most);
  }
  return count;
}

/* Reverses the path from `first` (o's neighbour) away from o to `last` on the chain's tour, as
 * the interval of positions that does not wrap (the path or the rest). */
static void lkv_flip(lkv *S, int32_t o, int32_t first, int32_t last) {
  if (first == last) return;
  const int32_t n = S->L->n, po = lkv_pos(S, o), pf = lkv_pos(S, first), pl = lkv_pos(S, last);
  const int dir = pf == (po + 1 == n ? 0 : po + 1) ? 0 : 1; /* first follows o, or precedes it */
  int32_t a = dir == 0 ? pf : pl, b = dir == 0 ? pl : pf;
  int32_t d = S->nflips++;
  int32_t lo = a <= b ? a : b + 1, hi = a <= b ? b : a - 1;
  if (hi < lo) lo = hi = n; /* an empty interval: position n matches nothing */
  S->lo[d] = lo;
  S->sum[d] = lo + hi;
  S->span[d] = (uint32_t)(hi - lo);
  S->flip[d][0] = o;
  S->flip[d][1] = first;
  S->flip[d][2] = last;
}

static void lkv_edge(lkv *S, int32_t a, int32_t b, int32_t c) {
  S->key[2 * S->nedges] = lkv_key(a, b);
  S->key[2 * S->nedges + 1] = lkv_key(b, c);
  int32_t *e = S->edge[S->nedges++];
  e[0] = a;
  e[1] = b;
  e[2] = c;
  S->touched |= lkv_bit(a) | lkv_bit(b) | lkv_bit(c);
}

/* Takes the step from t2 (direction dir); returns the chain's new free end. */
static int32_t lkv_step(lkv *S, int32_t t2, const lkv_alt *a) {
  const int32_t t1 = S->t1;
  lkv_edge(S, t2, a->t3, a->t4);
  if (a->t5 < 0) {
    lkv_flip(S, t1, t2, a->t4);
    return a->t4;
  }
  lkv_edge(S, a->t4, a->t5, a->t6);
  if (a->after) { /* t1 t2..t5 t6..t3 t4 -> t1 t6..t3 t2..t5 t4 */
    lkv_flip(S, t1, t2, a->t3);
    lkv_flip(S, t1, a->t3, a->t6);
    lkv_flip(S, a->t3, a->t5, t2);
  } else { /* t1 t2..t6 t5..t3 t4 -> t1 t6..t2 t3..t5 t4 */
    lkv_flip(S, t1, t2, a->t6);
    lkv_flip(S, a->t4, a->t3, a->t5);
  }
  return a->t6;
}

static void lkv_dfs(lkv *S, int32_t t2, int dir, int64_t G) {
  const ls_state *L = S->L;
  lkv_alt alt[LKV_ALTS];
  int or_steps = S->depth < LKV_OR_DEPTH && S->nflips + 3 <= LKV_FLIPS;
  int count = lkv_alternatives(S, t2, dir, G, alt, lkv_breadth[S->depth], or_steps);
  for (int a = 0; a < count; a++) {
    const int32_t flips = S->nflips, edges = S->nedges;
    const uint64_t touched = S->touched;
    int32_t end = lkv_step(S, t2, &alt[a]);
    S->depth++;
    int64_t G2 = G + alt[a].value;
    int64_t close = G2 - D(end, S->t1);
    if (close > S->best) {
      S->best = close;
      S->best_flips = S->nflips;
      S->best_edges = S->nedges;
      memcpy(S->best_flip, S->flip, (size_t)S->nflips * sizeof S->flip[0]);
      memcpy(S->best_edge, S->edge, (size_t)S->nedges * sizeof S->edge[0]);
    }
    if (S->depth < LKV_DEPTH && S->nflips < LKV_FLIPS && G2 > S->best)
      lkv_dfs(S, end, lkv_next(S, 0, S->t1) == end ? 0 : 1, G2);
    S->depth--;
    S->nflips = flips;
    S->nedges = edges;
    S->touched = touched;
    if (S->best > 0) return;
  }
}

static int sym_lkv(ls_state *L, int32_t t1) {
  lkv S;
  S.L = L;
  S.t1 = t1;
  for (int dir = 0; dir < 2; dir++) {
    S.depth = S.nflips = S.nedges = 0;
    S.touched = 0;
    S.best = 0;
    S.best_flips = S.best_edges = 0;
    int32_t t2 = dnext(L, dir, t1);
    lkv_dfs(&S, t2, dir, edge_len(L, t1, t2));
    if (S.best <= 0) continue;
    if (L->P && !tour_pieces_room(L->P, S.best_flips)) return 0;
    for (int32_t k = 0; k < S.best_flips; k++)
      apply_2opt(L, S.best_flip[k][0], S.best_flip[k][1], S.best_flip[k][2]);
    L->change -= S.best;
    tour_ls_push(L->s, t1);
    for (int32_t k = 0; k < S.best_edges; k++)
      for (int m = 0; m < 3; m++)
        tour_ls_push(L->s, S.best_edge[k][m]);
    return 1;
  }
  return 0;
}

/* Double bridge, a non-sequential 4-opt move (the idea of LKH's Gain23): removing (t1, t2) and
 * (t3, t4) with t4 on the far side of t3, and adding (t2, t3) and (t4, t1), splits the tour into
 * two cycles, P (the shorter, at most BRIDGE_SPAN nodes) and Q; removing an edge (t5, t6) of P
 * and an edge (t7, t8) of Q and adding (t5, t8) and (t6, t7) joins them again. When each half
 * alone loses, no chain of sequential steps reaches it: tried when the chains find nothing, it
 * frees seeds that stall (10 s, 13 instances x 12 seeds: docs/performance.md). */
enum { BRIDGE_SPAN = 200 };

/* Applies a bridge. In direction dir the tour is A B C D, A = pf..x, B = y..pl (P), C = qf..u,
 * D = v..ql (Q); the added edges are (pf, pl) and (qf, ql), and either (x, v) and (u, y) (the
 * tour A D C B: four reversals) or (x, u) and (v, y) (A C' D' B: two). */
static void bridge_apply(ls_state *L, int32_t pl, int32_t qf, int32_t ql, int32_t x, int32_t y,
                         int32_t u, int32_t v, int swap) {
  if (swap) {
    apply_2opt(L, x, y, ql);  /* A D' C' B' */
    apply_2opt(L, x, ql, v);  /* A D C' B' */
    apply_2opt(L, ql, u, qf); /* A D C B' */
    apply_2opt(L, u, pl, y);  /* A D C B */
  } else {
    apply_2opt(L, x, y, u);    /* A C' B' D */
    apply_2opt(L, qf, pl, ql); /* A C' D' B */
  }
}

/* The first half of a bridge from t1 in direction dir: (t1, t2) and (t3, t4) removed, (t2, t3)
 * and (t4, t1) added, which leaves two cycles, t2..t3 (span nodes) and t4..t1. */
typedef struct {
  int dir;
  int32_t t1, t2, t3, t4, span;
} bridge_half;

/* The first edge (t5, t6) of the shorter cycle P and (t7, t8) of the other, Q, whose exchange
 * joins them with a total gain above zero (g2: the first half's), applied; returns whether one
 * was. */
static int bridge_join(ls_state *L, const bridge_half *h, int64_t g2) {
  const tour_problem *tp = L->tp;
  const int dir = h->dir;
  const int p_first = 2 * h->span <= L->n;
  const int32_t len = p_first ? h->span : L->n - h->span;
  if (len > BRIDGE_SPAN) return 0;
  /* P = pf..pl and Q = qf..ql, in direction dir */
  const int32_t pf = p_first ? h->t2 : h->t4, pl = p_first ? h->t3 : h->t1;
  const int32_t qf = p_first ? h->t4 : h->t2, ql = p_first ? h->t1 : h->t3;
  int32_t t5 = pf;
  for (int32_t k = 0; k < len; k++, t5 = dnext(L, dir, t5)) {
    for (int side5 = 0; side5 < 2; side5++) {
      if (side5 == 0 ? t5 == pl : t5 == pf) continue; /* that edge was added */
      const int32_t t6 = dnext(L, side5 == 0 ? dir : 1 - dir, t5);
      const int64_t g3 = g2 + edge_len(L, t5, t6);
      const int32_t *n5 = tp->nbr + (size_t)t5 * tp->width;
      const int64_t *d5 = L->cand_cost + (size_t)t5 * tp->width;
      for (int32_t i = 0; i < tp->kl; i++) {
        const int64_t g4 = g3 - d5[i];
        if (g4 <= 0) break;
        const int32_t t8 = n5[i];
        if (dsteps(L, dir, pf, t8) < len || too_far(L, t5, t8)) continue; /* not in Q */
        for (int side8 = 0; side8 < 2; side8++) {
          if (side8 == 0 ? t8 == ql : t8 == qf) continue;
          const int32_t t7 = dnext(L, side8 == 0 ? dir : 1 - dir, t8);
          const int64_t gain = g4 + edge_len(L, t7, t8) - D(t6, t7);
          if (gain <= 0) continue;
          const int32_t x = side5 == 0 ? t5 : t6, y = side5 == 0 ? t6 : t5;
          const int32_t u = side8 == 0 ? t8 : t7, v = side8 == 0 ? t7 : t8;
          /* (t5, t8) is (x, v) or (y, u) in A D C B, (x, u) or (y, v) in A C' D' B */
          const int swap = (t5 == x) == (t8 == v);
          bridge_apply(L, pl, qf, ql, x, y, u, v, swap);
          L->change -= gain;
          L->s->bridges++;
          L->s->swaps += swap;
          push6(L, h->t1, h->t2, h->t3, h->t4, t5, t6);
          tour_ls_push(L->s, t7);
          tour_ls_push(L->s, t8);
          return 1;
        }
      }
    }
  }
  return 0;
}

/* The first improving bridge from t1 (either direction), applied; returns whether one was. */
static int sym_bridge(ls_state *L, int32_t t1) {
  const tour_problem *tp = L->tp;
  if (L->P && !tour_pieces_room(L->P, 4)) return 0;
  for (int dir = 0; dir < 2; dir++) {
    const int32_t t2 = dnext(L, dir, t1);
    const int64_t d12 = edge_len(L, t1, t2);
    const int32_t *n2 = tp->nbr + (size_t)t2 * tp->width;
    const int64_t *d2 = L->cand_cost + (size_t)t2 * tp->width;
    for (int32_t j = 0; j < tp->kl; j++) {
      const int64_t g1 = d12 - d2[j];
      if (g1 <= 0) break;
      const int32_t t3 = n2[j];
      if (t3 == t1 || t3 == dnext(L, dir, t2) || too_far(L, t2, t3)) continue;
      const int32_t t4 = dnext(L, dir, t3);
      if (t4 == t1) continue;
      const bridge_half h = {dir, t1, t2, t3, t4, dsteps(L, dir, t2, t3) + 1};
      if (bridge_join(L, &h, g1 + edge_len(L, t3, t4) - D(t4, t1))) return 1;
    }
  }
  return 0;
}

/* --- Chains of sequential 5-opt moves (LKH's basic move) ----------------------------------------
 *
 * Tried at a node where the chains of sym_lkv and the double bridges find nothing. A 5-opt move
 * t[1..10] removes (t[2i-1], t[2i]) and adds (t[2i], t[2i+1]) and the closing (t[10], t[1]);
 * t[2i+1] runs over the first kopt_breadth[i - 1] candidates of t[2i] whose partial gain stays
 * positive, t[2i+2] over both tour neighbours of t[2i+1], and only the closed move must be a
 * tour, not the steps between: so it reaches the reconnections no chain of 2-opt and or-steps
 * can. Whether it is one is read from the order of the removed edges along the tour
 * (tour_kopt_types.h), and a choice after which no closing up to 5 exchanges can be a tour is
 * not gone down (the same moves as walking each: a third less time on pcb3038 and fnl4461). Any
 * closing at 2 to 5 exchanges that gains is made at once. When none does, the feasible 5-opt move
 * of the largest gain before its closing is made anyway and the search goes on from its free end
 * t[10], for at most opt.ls_5opt steps (LKH's chains), and the chain is undone unless a later
 * closing gains. Short chains (up to TOUR_LS_5OPT_SHORT steps) never remove an edge an earlier step
 * added, and a step's candidates are tried in list order only until the first whose partial gain
 * fails. Long ones follow LKH's Best5OptMove: only the edge a step leaves open, (t[9], t[10]), must
 * be one the chain has not added (its Excludable test), the other removals may take back added
 * edges; every candidate of the breadth is tried (continue, not break: the list is nearest first,
 * the gains are on penalised costs); and the step made without gain is the best one whose partial
 * gain exceeds the cost of its free end's nearest candidate (its gain criterion, there the least
 * cost of a candidate that is not a tour neighbour; on fnl4461 ours ended 0.015 % above the optimum
 * at 10 s, asking instead for a candidate of positive partial gain that is not the free end's tour
 * neighbour 0.030 %, the mean of 12 seeds each). Taking back ends fewer chains at the first step:
 * one pass of chains of up to 100 steps over fnl4461 from the greedy tour ended 0.34 % above the
 * optimum without it and 0.09 % with it; the other two rules took fnl4461 from 0.042 to 0.015 % at
 * 10 s (docs/performance.md). In the ants, 50-step chains make an iteration 2.5 times dearer
 * and pay on large uniform instances only (tour_auto_chain_steps); the short rules keep the
 * smaller ones' many iterations. */
enum {
  KOPT_K = 5,
  KOPT_SLOTS = 2 * KOPT_K + 1,
  KOPT_STEPS = TOUR_LS_5OPT_MAX,
  KOPT_LOG = KOPT_STEPS * 2 * (KOPT_K - 1)
};
/* LKH's breadth: 5 at every level. Narrower deeper levels (5, 3, 2, 1 and 5, 5, 3, 3) gave up
 * most of the gain on the larger instances (docs/performance.md). */
static const int kopt_breadth[KOPT_K - 1] = {5, 5, 5, 5};

typedef struct {
  ls_state *L;
  int32_t t[KOPT_SLOTS];
  int64_t best_open; /* the best feasible non-gaining 5-opt's gain before its closing edge */
  int32_t bt[KOPT_SLOTS];
  int32_t tabu[2 * KOPT_STEPS * (KOPT_K - 1)]; /* edges added by the chain's steps */
  int ntabu;
  uint64_t tabu_nodes[4];   /* bit x % 256 of every node x in tabu: most looks need no scan (a
                               chain adds up to 8 nodes a step: 64 bits would fill) */
  int32_t log[KOPT_LOG][3]; /* the chain's reversals (o, first, last), for the undo */
  int nlog;
  int lkh; /* long chains: LKH's rules (above); short ones: no step removes an edge an earlier
              one added, the candidates end at the first failing partial gain */
  const tour_kopt_types *types; /* which moves close, by the order of their removed edges */
  int32_t first_pos;            /* the place of the step's first removed edge's first node */
} kopt;

/* Whether (a, b) is one of the `count` pairs in e, the last first: among a chain's added edges
 * (kopt_tabu, LKH's test of a step's open edge) the one found is mostly of the last step (pcb3038,
 * counted behind a per-edge filter: 99.8 % of the scans found one, after ~70 pairs when
 * scanned oldest first; docs/performance.md). */
static int kopt_pair_in(const int32_t *e, int count, int32_t a, int32_t b) {
  for (int i = count - 1; i >= 0; i--)
    if ((e[2 * i] == a && e[2 * i + 1] == b) || (e[2 * i] == b && e[2 * i + 1] == a)) return 1;
  return 0;
}
/* Whether it adds (a, b): one of t[2] t[3], ..., t[2i - 2] t[2i - 1] (not the closing). */
static int kopt_adds(const int32_t *t, int i, int32_t a, int32_t b) {
  return kopt_pair_in(t + 2, i - 1, a, b);
}

/* tabu_nodes as one 256-bit set: node x is bit lkv_bit(x) of word kopt_tabu_word(x). */
static inline int kopt_tabu_word(int32_t x) { return (x >> 6) & 3; }
static inline void kopt_tabu_mark(kopt *S, int32_t x) {
  S->tabu_nodes[kopt_tabu_word(x)] |= lkv_bit(x);
}
static inline int kopt_tabu_bit(const kopt *S, int32_t x) {
  return (S->tabu_nodes[kopt_tabu_word(x)] & lkv_bit(x)) != 0;
}
/* Whether an earlier step of the chain added (a, b). */
static int kopt_tabu(const kopt *S, int32_t a, int32_t b) {
  if (!kopt_tabu_bit(S, a) || !kopt_tabu_bit(S, b)) return 0;
  return kopt_pair_in(S->tabu, S->ntabu, a, b);
}

/* The k segments the removed edges of the closing move t[1..2k] leave, in tour order (head,
 * tail: forward), and the new tour's walk through them: seq[m] the m-th segment, sign[m] 1 when
 * entered at its head (whether a move closes is tour_kopt_types' table). */
static void kopt_walk(const ls_state *L, const int32_t *t, int k, int32_t *head, int32_t *tail,
                      int *seq, int *sign) {
  int aslot[KOPT_K], bslot[KOPT_K], order[KOPT_K];
  int32_t apos[KOPT_K];
  for (int e = 0; e < k; e++) { /* each removed edge as (a, b = succ a), sorted by a's place */
    const int x = 2 * e + 1, y = 2 * e + 2;
    aslot[e] = succ(L, t[x]) == t[y] ? x : y;
    bslot[e] = aslot[e] == x ? y : x;
    apos[e] = posof(L, t[aslot[e]]);
    int j = e;
    while (j > 0 && apos[order[j - 1]] > apos[e]) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = e;
  }
  int segof[KOPT_SLOTS], other[KOPT_SLOTS], at_head[KOPT_SLOTS];
  for (int j = 0; j < k; j++) { /* segment j: from b of the j-th edge to a of the next */
    const int s0 = bslot[order[j]], s1 = aslot[order[(j + 1) % k]];
    segof[s0] = segof[s1] = j;
    other[s0] = s1;
    other[s1] = s0;
    at_head[s0] = 1;
    at_head[s1] = 0;
    head[j] = t[s0];
    tail[j] = t[s1];
  }
  int slot = bslot[order[0]], count = 0;
  do {
    seq[count] = segof[slot];
    sign[count] = at_head[slot];
    count++;
    /* across the added edge at the segment's other end: slot 1 pairs with 2k, 2i with 2i + 1 */
    const int end = other[slot];
    slot = end == 1 ? 2 * k : end == 2 * k ? 1 : end % 2 == 0 ? end + 1 : end - 1;
  } while (segof[slot] != 0 && count <= k);
}

/* Makes the feasible move t[1..2k] as reversals: the segments after the first are put into the
 * new order one by one, a reversal of the block up to the next one brings it into place and a
 * second turns it round when it must run the other way (at most 2 (k - 1)); logged: each also
 * into S->log, for the undo. */
static void kopt_make(kopt *S, const int32_t *t, int k, int logged) {
  ls_state *L = S->L;
  int32_t head[KOPT_K], tail[KOPT_K];
  int seq[KOPT_K + 1], sign[KOPT_K + 1], cur[KOPT_K], fwd[KOPT_K];
  kopt_walk(L, t, k, head, tail, seq, sign);
  for (int j = 0; j < k; j++) {
    cur[j] = j;
    fwd[j] = 1;
  }
  for (int i = 1; i < k; i++) {
    for (int turn = 0; turn < 2; turn++) {
      int j = i;
      if (!turn) {
        while (cur[j] != seq[i])
          j++;
        if (j == i) continue;
      } else if (fwd[i] == sign[i] || head[cur[i]] == tail[cur[i]]) {
        continue;
      }
      const int32_t o = fwd[i - 1] ? tail[cur[i - 1]] : head[cur[i - 1]];
      const int32_t first = fwd[i] ? head[cur[i]] : tail[cur[i]];
      const int32_t last = fwd[j] ? tail[cur[j]] : head[cur[j]];
      apply_2opt(L, o, first, last);
      if (logged) {
        S->log[S->nlog][0] = o;
        S->log[S->nlog][1] = first;
        S->log[S->nlog][2] = last;
        S->nlog++;
      }
      for (int a = i, b = j; a <= b; a++, b--) { /* the block reversed: order and directions */
        const int c = cur[a], f = fwd[a];
        cur[a] = cur[b];
        fwd[a] = !fwd[b];
        cur[b] = c;
        fwd[b] = !f;
      }
    }
  }
}

/* Whether a step made without gain left a partial gain G no more than the cost of its free end
 * f's nearest candidate (statistics: tests check that LKH's rules never make such a step). */
static int kopt_tight(const ls_state *L, int32_t f, int64_t G) {
  return G <= L->cand_cost[(size_t)f * L->tp->width];
}

/* Whether (a, b) may be one of the chain's added edges so far, whose nodes' lkv_bit make `added`:
 * only then need kopt_adds scan them (most looks need none: a node rarely comes back). */
static inline int kopt_may_add(uint64_t added, int32_t a, int32_t b) {
  return (added & lkv_bit(a)) && (added & lkv_bit(b));
}

/* The closing of t[1..2i] when the move's type closes: made when it gains (returns 1); at the
 * last level, else kept as the best open step when it is one. added: lkv_bit of t[2..2i-1]. */
static inline int kopt_close(kopt *S, int i, int64_t G, int64_t offset, int32_t code,
                             uint64_t added) {
  ls_state *L = S->L;
  int32_t *t = S->t;
  const int32_t t2i = t[2 * i];
  if (!S->types->closable[i][code] ||
      (kopt_may_add(added, t2i, t[1]) && kopt_adds(t, i, t2i, t[1])))
    return 0;
  const int64_t gain = G - D(t2i, t[1]);
  if (gain > 0) {
    kopt_make(S, t, i, 0);
    L->change -= gain - offset;
    for (int m = 1; m <= 2 * i; m++)
      tour_ls_push(L->s, t[m]);
    return 1;
  }
  if (i == KOPT_K && G > S->best_open &&
      (!S->lkh || (!kopt_tight(L, t2i, G) && !kopt_tabu(S, t[2 * i - 1], t2i)))) {
    S->best_open = G;
    memcpy(S->bt, t, sizeof S->bt);
  }
  return 0;
}

/* t[1..2i] chosen, G: the removed edges' costs minus the added ones' so far, offset: the gain of
 * the chain's steps already made (on L->change), added: lkv_bit of t[2..2i-1], the nodes of the
 * edges added so far (a pair of them has both its nodes in it, so most looks need no scan), code:
 * the move's type (tour_kopt_types.h), sorted: how far along the tour after the first removed edge
 * the others lie (ascending). Returns 1 when it made a gaining move. A choice whose type no level
 * up to 5 closes is never gone down: the moves found, and their order, are those of the search that
 * walked every one. */
static int kopt_dfs(kopt *S, int i, int64_t G, int64_t offset, uint64_t added, int32_t code,
                    const int32_t *sorted) {
  ls_state *L = S->L;
  int32_t *t = S->t;
  const int32_t t2i = t[2 * i];
  if (kopt_close(S, i, G, offset, code, added)) return 1;
  if (i == KOPT_K) return 0;
  const tour_problem *tp = L->tp;
  const int32_t *nb = tp->nbr + (size_t)t2i * tp->width;
  const int64_t *nd = L->cand_cost + (size_t)t2i * tp->width;
  /* Whole tours only (sym_5opt): the array's accessors directly, not the pieces' branch */
  const int32_t n = L->n, *order = L->order, *pos = L->pos;
  const int32_t sp = tour_succ(order, pos, n, t2i), pp = tour_pred(order, pos, n, t2i);
  const int breadth = kopt_breadth[i - 1] < tp->kl ? kopt_breadth[i - 1] : tp->kl;
  for (int32_t j = 0; j < breadth; j++) {
    const int64_t g = G - nd[j];
    if (g <= 0) {
      if (S->lkh) continue;
      break;
    }
    const int32_t t3 = nb[j];
    if (t3 == sp || t3 == pp || (kopt_may_add(added, t2i, t3) && kopt_adds(t, i, t2i, t3)))
      continue;
    t[2 * i + 1] = t3;
    const uint64_t child_added = added | lkv_bit(t2i) | lkv_bit(t3); /* t[2..2i+1] */
    const int32_t p3 = pos[t3];
    for (int side = 0; side < 2; side++) {
      /* side 0: t4 follows t3 (bit 1), the edge's first node along the tour is t3; else t4 */
      const int32_t pa = side ? (p3 == 0 ? n - 1 : p3 - 1) : p3;
      const int32_t t4 = side ? order[pa] : order[p3 + 1 == n ? 0 : p3 + 1];
      const int32_t a = side ? t4 : t3;
      int32_t at = pa - S->first_pos;
      if (at < 0) at += n;
      const int slot = tour_kopt_slot(sorted, i - 1, at);
      /* a removed edge is known by its first node's place: (t3, t4) is one when that place is
       * edge 1's (0) or another's */
      const int removed = at == 0 || (slot < i - 1 && sorted[slot] == at);
      const int32_t child = tour_kopt_child(code, i, slot, !side);
      if (removed || !S->types->viable[i + 1][child] || (!S->lkh && kopt_tabu(S, t3, t4))) continue;
      t[2 * i + 2] = t4;
      /* the removed edge's cost from the cache of a's edge to its successor */
      const int64_t d34 = L->pi ? L->scale * L->nlen[a] + L->pi[t3] + L->pi[t4] : L->nlen[a];
      if (i + 1 == KOPT_K) { /* the last level only closes: no call, no places to sort */
        if (kopt_close(S, KOPT_K, g + d34, offset, child, child_added)) return 1;
        continue;
      }
      int32_t child_sorted[KOPT_K];
      for (int q = 0, c = 0; q < i; q++)
        child_sorted[q] = q == slot ? at : sorted[c++];
      if (kopt_dfs(S, i + 1, g + d34, offset, child_added, child, child_sorted)) return 1;
    }
  }
  return 0;
}

/* A chain of at most opt.ls_5opt 5-opt steps from t1, in either direction; returns whether it
 * gained (and was kept). The steps are made on the array and logged; a chain that gains nothing
 * is undone reversal by reversal. (Pieces over the array instead, which an edit costs O(pieces),
 * made the whole search slower: the looks, not the edits, are most of a chain's cost.) */
static int sym_5opt(ls_state *L, int32_t t1) {
  const tour_problem *tp = L->tp;
  /* Ants of whole tours only (below pieces_from: the tests compare the forms without chains), of
   * tours long enough that five removed edges are not most of them */
  if (L->P || tp->opt.ls_5opt <= 0 || tour_ants_in_pieces(&tp->opt, tp->n) || tp->n < 16) return 0;
  const int steps = tp->opt.ls_5opt;
  kopt S;
  S.L = L;
  S.lkh = tour_chains_lkh(&tp->opt);
  S.types = tour_kopt_types_get();
  S.t[1] = t1;
  for (int dir = 0; dir < 2; dir++) {
    const int64_t change0 = L->change;
    int32_t t2 = dnext(L, dir, t1);
    int64_t G = edge_len(L, t1, t2), offset = 0;
    int32_t touched[KOPT_STEPS * 2 * KOPT_K];
    int ntouched = 0;
    S.ntabu = 0;
    memset(S.tabu_nodes, 0, sizeof S.tabu_nodes);
    S.nlog = 0;
    for (int step = 0; step < steps; step++) {
      S.t[2] = t2;
      S.best_open = 0;
      const int t2_follows = succ(L, t1) == t2; /* edge 1's bit */
      S.first_pos = posof(L, t2_follows ? t1 : t2);
      if (kopt_dfs(&S, 1, G, offset, 0, t2_follows, NULL)) {
        for (int q = 0; q < ntouched; q++)
          tour_ls_push(L->s, touched[q]);
        L->s->chains5 += step > 0;
        return 1;
      }
      if (S.best_open <= 0 || step + 1 == steps) break;
      for (int i = 2; i + 1 < 2 * KOPT_K; i += 2) {
        S.tabu[2 * S.ntabu] = S.bt[i];
        S.tabu[2 * S.ntabu + 1] = S.bt[i + 1];
        S.ntabu++;
        kopt_tabu_mark(&S, S.bt[i]);
        kopt_tabu_mark(&S, S.bt[i + 1]);
      }
      const int64_t close = S.best_open - D(S.bt[2 * KOPT_K], t1);
      kopt_make(&S, S.bt, KOPT_K, 1);
      L->change -= close - offset;
      offset = close;
      for (int q = 1; q <= 2 * KOPT_K; q++)
        touched[ntouched++] = S.bt[q];
      t2 = S.bt[2 * KOPT_K];
      G = S.best_open;
      L->s->tight5 += kopt_tight(L, t2, G);
    }
    while (S.nlog > 0) { /* nothing gained: back to the tour before the chain */
      S.nlog--;
      apply_2opt(L, S.log[S.nlog][0], S.log[S.nlog][2], S.log[S.nlog][1]);
    }
    L->change = change0;
  }
  return 0;
}

void tour_ls_clear(tour_scratch *s) {
  while (s->qcount > 0) {
    s->queued[s->queue[s->qhead]] = 0;
    s->qhead = s->qhead + 1 == s->qcap ? 0 : s->qhead + 1;
    s->qcount--;
  }
  s->qhead = 0;
}

void tour_ls_prepare(const tour_problem *tp, tour_scratch *s, const int32_t *order) {
  const int32_t n = tp->n;
  for (int32_t i = 0; i < n; i++) {
    s->pos[order[i]] = i;
    s->nlen[order[i]] = tour_d(tp->net, order[i], order[i + 1 == n ? 0 : i + 1]);
  }
}

/* The state of a search on order (s's pos and nlen); whole: the first tour's whole-tour search;
 * win_hi > 0 keeps it inside positions win_lo..win_hi-1. */
static void ls_init(ls_state *L, const tour_problem *tp, tour_scratch *s, int32_t *order, int whole,
                    int32_t win_lo, int32_t win_hi) {
  int32_t reach = tp->n;
  if (whole) { /* a whole tour to improve: bounded moves, and deep ones */
    double r = TOUR_LS_REACH * sqrt((double)tp->n);
    reach = r < TOUR_LS_REACH_MIN ? TOUR_LS_REACH_MIN : r < tp->n ? (int32_t)r : tp->n;
  }
  *L = (ls_state){tp,
                  tp->net,
                  s,
                  order,
                  s->pos,
                  tp->n,
                  s->nlen,
                  0,
                  reach,
                  whole,
                  s->in_pieces ? &s->pieces : NULL,
                  win_lo,
                  win_hi,
                  NULL,
                  1,
                  tp->nbr_dist};
  /* Penalised costs in the ants' search; the first tour's (whole) keeps lengths. */
  if (!whole && tp->pi) {
    L->pi = tp->pi;
    L->scale = tp->pi_scale;
    L->cand_cost = tp->ls_dist;
  }
}

/* The search from node a: the first of the moves that improves, made. Returns whether one did;
 * then a goes back on the list. */
static int search_node(ls_state *L, int32_t a) {
  const tour_problem *tp = L->tp;
  const tour_ls_kind kind = tp->opt.ls;
  int improved;
  if (tp->symmetric)
    improved = sym_2opt(L, a) || (kind >= TOUR_LS_OROPT && sym_oropt(L, a)) ||
               (kind >= TOUR_LS_FULL &&
                (or3opt(L, a, 0) || or3opt(L, a, 1) || sym_3opt(L, a) ||
                 (L->deep ? sym_lk(L, a)
                          : kind >= TOUR_LS_LK && !L->win_hi &&
                                (sym_lkv(L, a) || sym_bridge(L, a) || sym_5opt(L, a)))));
  else
    improved = dir_oropt(L, a) || (kind >= TOUR_LS_FULL && or3opt(L, a, 0));
  if (improved) {
    tour_ls_push(L->s, a);
    L->s->moves++;
  }
  return improved;
}

/* The search on the queue's nodes; win_hi > 0 keeps it inside positions win_lo..win_hi-1. */
static int64_t run(const tour_problem *tp, tour_scratch *s, int32_t *order, int whole,
                   int32_t win_lo, int32_t win_hi) {
  ls_state state;
  ls_init(&state, tp, s, order, whole, win_lo, win_hi);
  ls_state *L = &state;
  int64_t taken = 0; /* nodes taken from the work list (the first tour's progress reports) */
  while (s->qcount > 0) {
    if (L->P && !tour_pieces_room(L->P, 8)) break; /* pieces full: the search ends here */
    if (s->work && ++taken % TOUR_WORK_TICK == 0)
      tour_work_tick(s->work, s->work_part, taken, s->qcount);
    int32_t a = s->queue[s->qhead];
    s->qhead = s->qhead + 1 == s->qcap ? 0 : s->qhead + 1;
    s->qcount--;
    s->queued[a] = 0;
    if (win_hi && !in_window(L, a)) continue;
    search_node(L, a);
  }
  if (s->work) tour_work_tick(s->work, s->work_part, taken, 0);
  return L->change / L->scale; /* exact: every move closed (see the top of this file) */
}

int tour_ls_node(const tour_problem *tp, tour_scratch *s, int32_t *order, int32_t node,
                 int64_t *change) {
  ls_state state;
  ls_init(&state, tp, s, order, 0, 0, 0);
  const int improved = search_node(&state, node);
  *change = state.change / state.scale;
  return improved;
}

int64_t tour_ls_run(const tour_problem *tp, tour_scratch *s, int32_t *order, int whole) {
  return run(tp, s, order, whole, 0, 0);
}

int64_t tour_ls_run_window(const tour_problem *tp, tour_scratch *s, int32_t *order, int32_t lo,
                           int32_t hi) {
  return run(tp, s, order, 1, lo, hi);
}
