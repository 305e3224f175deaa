/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_pieces: a tour kept as pieces of a source tour, for the ants of large instances.
 *
 * A piece is a run of consecutive source positions lo..hi, walked forward or backward (rev). An
 * ant changes the source in a few dozen places, so its tour has a few dozen pieces, and every
 * query (position, successor, edge length) costs O(log pieces) and every edit O(pieces), never
 * O(n): no whole tour is copied, scanned or reset per ant. Positions are exactly those the array
 * form (tour_array) would have: every edit reproduces its array counterpart, so the local search
 * takes the same steps in either form (tests/engine/test_tour_pieces.c compares them with one
 * --new-edges and without the 5-opt chains, which differ for ants of whole tours).
 *
 * Pieces live in a pool (ids 0..count-1); `tord` lists them in tour order, `bylo` by source
 * position. A piece never wraps past the source's last position. Cannot fail: edits that would
 * pass the capacity are refused beforehand by the caller (tour_pieces_room). */
#ifndef AR_TOUR_PIECES_H
#define AR_TOUR_PIECES_H

#include <stdint.h>

#include "ar_error.h"
#include "tour_net.h"

/* Pieces a tour may have (an ant's rarely has more than a few hundred). */
enum { TOUR_PIECES_CAP = 4096 };

typedef struct {
  int32_t lo, hi;           /* source positions, lo <= hi */
  int32_t rev;              /* 1: walked from hi down to lo */
  int32_t lo_node, hi_node; /* src[lo], src[hi] */
} tour_piece;

/* What queries need of a piece, by id (refreshed after every edit): its bounds, its tour
 * position and its neighbours' ends. */
typedef struct {
  int32_t lo, hi, rev;
  int32_t off;       /* tour position of its first node */
  int32_t next_head; /* the node after its last */
  int32_t prev_tail; /* the node before its first */
} tour_piece_view;

typedef struct {
  int32_t n, cap, count;
  const tour_net *net;
  const int32_t *src;      /* the source tour */
  const int32_t *src_pos;  /* each node's source position */
  const int64_t *src_edge; /* length of the source edge leaving each position */
  int32_t origin;          /* tour position of the first node of tord[0] */
  tour_piece *pool;        /* [cap] */
  int32_t *tord;           /* [cap] ids in tour order */
  int32_t *start;        /* [cap + 1] steps from origin to the first node of tord[k]; [count] = n */
  int32_t *bylo;         /* [cap] ids sorted by lo */
  int32_t *bylo_lo;      /* [cap] their lo */
  int32_t *tmp;          /* [cap] */
  tour_piece_view *view; /* [cap] by id */
  int32_t *memo;         /* [n] the piece id last found for each node (a cache) */
} tour_pieces;

/* Allocates room for cap pieces (ar_alloc; AR_ERR_NOMEM). */
ar_status tour_pieces_alloc(tour_pieces *P, int32_t n, int32_t cap);
void tour_pieces_free(tour_pieces *P);

/* Starts an empty tour over the source (a walk then appends pieces in tour order). */
void tour_pieces_begin(tour_pieces *P, const tour_net *net, const int32_t *src,
                       const int32_t *src_pos, const int64_t *src_edge);
/* Appends the piece lo..hi (disjoint from every piece so far) at the end of the tour. */
void tour_pieces_append(tour_pieces *P, int32_t lo, int32_t hi, int32_t rev);
/* The id of the piece holding source position p, or -1 (only while a walk has not covered
 * every position). */
int32_t tour_pieces_find(const tour_pieces *P, int32_t p);
/* Index in bylo of the first piece with lo > p (count if none). */
int32_t tour_pieces_after(const tour_pieces *P, int32_t p);
/* After the last append (and any change of a piece's bounds): the query view. */
void tour_pieces_seal(tour_pieces *P);

/* Whether `more` further edits of at most 3 splits each still fit. */
static inline int tour_pieces_room(const tour_pieces *P, int32_t more) {
  return P->count + 3 * more <= P->cap;
}

/* The view of node x's piece (every position covered). The last answer for x is remembered
 * (memo: a piece id, checked against the piece's bounds, so it is never stale), else a
 * branch-free search over bylo. */
static inline const tour_piece_view *tour_pieces_at(const tour_pieces *P, int32_t x) {
  const int32_t p = P->src_pos[x];
  int32_t id = P->memo[x];
  const tour_piece_view *v = &P->view[id];
  if (id < P->count && v->lo <= p && p <= v->hi) return v;
  const int32_t *a = P->bylo_lo;
  int32_t base = 0, len = P->count;
  while (len > 1) {
    int32_t half = len / 2;
    base = a[base + half] <= p ? base + half : base;
    len -= half;
  }
  id = P->bylo[base];
  P->memo[x] = id;
  return &P->view[id];
}

static inline int32_t tour_pieces_pos(const tour_pieces *P, int32_t x) {
  const tour_piece_view *v = tour_pieces_at(P, x);
  int32_t p = P->src_pos[x];
  int32_t q = v->off + (v->rev ? v->hi - p : p - v->lo);
  return q >= P->n ? q - P->n : q;
}

static inline int32_t tour_pieces_succ(const tour_pieces *P, int32_t x) {
  const tour_piece_view *v = tour_pieces_at(P, x);
  int32_t p = P->src_pos[x];
  if (!v->rev) return p < v->hi ? P->src[p + 1] : v->next_head;
  return p > v->lo ? P->src[p - 1] : v->next_head;
}

static inline int32_t tour_pieces_pred(const tour_pieces *P, int32_t x) {
  const tour_piece_view *v = tour_pieces_at(P, x);
  int32_t p = P->src_pos[x];
  if (!v->rev) return p > v->lo ? P->src[p - 1] : v->prev_tail;
  return p < v->hi ? P->src[p + 1] : v->prev_tail;
}

/* Length of the edge from x to its successor (the source's when inside a piece). */
static inline int64_t tour_pieces_next_len(const tour_pieces *P, int32_t x) {
  const tour_piece_view *v = tour_pieces_at(P, x);
  int32_t p = P->src_pos[x];
  if (!v->rev && p < v->hi) return P->src_edge[p];
  if (v->rev && p > v->lo) return P->src_edge[p - 1];
  return tour_d(P->net, x, v->next_head);
}

int32_t tour_pieces_node_at(const tour_pieces *P, int32_t position);

/* The edits of tour_array.h, on pieces, with the same results. */
void tour_pieces_reverse_range(tour_pieces *P, int32_t first, int32_t len);
void tour_pieces_swap_blocks(tour_pieces *P, int32_t first, int32_t lenA, int32_t lenB);
void tour_pieces_move_segment(tour_pieces *P, int32_t first, int32_t len, int32_t after,
                              int reversed);

/* The compact form of a solution (problem.h: solution data), in n int32 values: -1 - count,
 * origin, then lo, hi, rev of each piece in tour order. Needs 2 + 3 count <= n. */
static inline int tour_pieces_is_compact(const int32_t *data) { return data[0] < 0; }
void tour_pieces_encode(const tour_pieces *P, int32_t *data);
/* Expands a compact solution over its source into the full order, in place. */
void tour_pieces_expand(int32_t *data, int32_t n, const int32_t *src);

#endif
