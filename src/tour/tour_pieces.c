/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_pieces: queries and edits of a tour kept as pieces of a source tour. */
#include "tour_pieces.h"

#include <string.h>

#include "ar_alloc.h"
#include "tour_array.h"

ar_status tour_pieces_alloc(tour_pieces *P, int32_t n, int32_t cap) {
  memset(P, 0, sizeof *P);
  P->n = n;
  P->cap = cap;
  size_t c = (size_t)cap;
  P->pool = ar_alloc_array(c, sizeof(tour_piece));
  P->tord = ar_alloc_array(c, sizeof(int32_t));
  P->start = ar_alloc_array(c + 1, sizeof(int32_t));
  P->bylo = ar_alloc_array(c, sizeof(int32_t));
  P->bylo_lo = ar_alloc_array(c, sizeof(int32_t));
  P->tmp = ar_alloc_array(c, sizeof(int32_t));
  P->view = ar_alloc_array(c, sizeof(tour_piece_view));
  P->memo = ar_alloc_array((size_t)n, sizeof(int32_t));
  if (!P->pool || !P->tord || !P->start || !P->bylo || !P->bylo_lo || !P->tmp || !P->view ||
      !P->memo) {
    tour_pieces_free(P);
    return ar_fail(AR_ERR_NOMEM, "out of memory for a tour of %d pieces", cap);
  }
  return AR_OK;
}

void tour_pieces_free(tour_pieces *P) {
  ar_free(P->pool);
  ar_free(P->tord);
  ar_free(P->start);
  ar_free(P->bylo);
  ar_free(P->bylo_lo);
  ar_free(P->tmp);
  ar_free(P->view);
  ar_free(P->memo);
  memset(P, 0, sizeof *P);
}

void tour_pieces_begin(tour_pieces *P, const tour_net *net, const int32_t *src,
                       const int32_t *src_pos, const int64_t *src_edge) {
  P->net = net;
  P->src = src;
  P->src_pos = src_pos;
  P->src_edge = src_edge;
  P->count = 0;
  P->origin = 0;
  P->start[0] = 0;
}

int32_t tour_pieces_after(const tour_pieces *P, int32_t p) {
  int32_t lo = 0, hi = P->count; /* the first entry with bylo_lo > p */
  while (lo < hi) {
    int32_t mid = (lo + hi) / 2;
    if (P->bylo_lo[mid] > p)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

int32_t tour_pieces_find(const tour_pieces *P, int32_t p) {
  int32_t j = tour_pieces_after(P, p) - 1;
  if (j < 0) return -1;
  int32_t id = P->bylo[j];
  return p <= P->pool[id].hi ? id : -1;
}

void tour_pieces_append(tour_pieces *P, int32_t lo, int32_t hi, int32_t rev) {
  int32_t id = P->count;
  P->pool[id] = (tour_piece){lo, hi, rev, P->src[lo], P->src[hi]};
  P->tord[id] = id;
  P->start[id + 1] = P->start[id] + hi - lo + 1;
  int32_t j = tour_pieces_after(P, lo);
  memmove(P->bylo + j + 1, P->bylo + j, (size_t)(id - j) * sizeof(int32_t));
  memmove(P->bylo_lo + j + 1, P->bylo_lo + j, (size_t)(id - j) * sizeof(int32_t));
  P->bylo[j] = id;
  P->bylo_lo[j] = lo;
  P->count++;
}

/* First and last node of a piece in tour order. */
static inline int32_t head_of(const tour_pieces *P, int32_t id) {
  const tour_piece *pc = &P->pool[id];
  return pc->rev ? pc->hi_node : pc->lo_node;
}
static inline int32_t tail_of(const tour_pieces *P, int32_t id) {
  const tour_piece *pc = &P->pool[id];
  return pc->rev ? pc->lo_node : pc->hi_node;
}

/* start and the query view from tord. */
static void renumber(tour_pieces *P) {
  const int32_t c = P->count;
  int32_t at = 0;
  for (int32_t k = 0; k < c; k++) {
    int32_t id = P->tord[k];
    const tour_piece *pc = &P->pool[id];
    int32_t off = P->origin + at;
    P->start[k] = at;
    P->view[id] = (tour_piece_view){pc->lo,
                                    pc->hi,
                                    pc->rev,
                                    off >= P->n ? off - P->n : off,
                                    head_of(P, P->tord[k + 1 == c ? 0 : k + 1]),
                                    tail_of(P, P->tord[k == 0 ? c - 1 : k - 1])};
    at += pc->hi - pc->lo + 1;
  }
  P->start[c] = at;
}

void tour_pieces_seal(tour_pieces *P) { renumber(P); }

/* Index in tord of the piece holding tour position q. */
static int32_t index_at(const tour_pieces *P, int32_t q) {
  int32_t t = q - P->origin;
  if (t < 0) t += P->n;
  int32_t lo = 0, hi = P->count - 1;
  while (lo < hi) {
    int32_t mid = (lo + hi + 1) / 2;
    if (P->start[mid] <= t)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

int32_t tour_pieces_node_at(const tour_pieces *P, int32_t position) {
  int32_t k = index_at(P, position);
  int32_t t = position - P->origin;
  if (t < 0) t += P->n;
  const tour_piece *pc = &P->pool[P->tord[k]];
  int32_t off = t - P->start[k];
  return P->src[pc->rev ? pc->hi - off : pc->lo + off];
}

/* Makes a piece start at tour position q; returns nothing (indices move: find them after). */
static void split_at(tour_pieces *P, int32_t q) {
  int32_t k = index_at(P, q);
  int32_t t = q - P->origin;
  if (t < 0) t += P->n;
  if (P->start[k] == t) return;
  int32_t id = P->tord[k], nid = P->count, a = t - P->start[k];
  tour_piece pc = P->pool[id];
  /* The part with the piece's lo keeps id (and its bylo entry); the other is nid. */
  int32_t first_id, second_id;
  int32_t cut = pc.rev ? pc.hi - a : pc.lo + a - 1; /* id keeps lo..cut, nid cut + 1..hi */
  P->pool[id].hi = cut;
  P->pool[id].hi_node = P->src[cut];
  P->pool[nid] = (tour_piece){cut + 1, pc.hi, pc.rev, P->src[cut + 1], pc.hi_node};
  first_id = pc.rev ? nid : id;
  second_id = pc.rev ? id : nid;
  int32_t j = tour_pieces_after(P, pc.lo); /* id's bylo entry is j - 1; nid goes at j */
  memmove(P->bylo + j + 1, P->bylo + j, (size_t)(P->count - j) * sizeof(int32_t));
  memmove(P->bylo_lo + j + 1, P->bylo_lo + j, (size_t)(P->count - j) * sizeof(int32_t));
  P->bylo[j] = nid;
  P->bylo_lo[j] = P->pool[nid].lo;
  memmove(P->tord + k + 2, P->tord + k + 1, (size_t)(P->count - k - 1) * sizeof(int32_t));
  memmove(P->start + k + 2, P->start + k + 1, (size_t)(P->count - k) * sizeof(int32_t));
  P->tord[k] = first_id;
  P->tord[k + 1] = second_id;
  P->start[k + 1] = t;
  P->count++; /* the view waits for the end of the edit (renumber) */
}

/* Lists the pieces from index k first (the tour itself does not change). */
static void rotate_to(tour_pieces *P, int32_t k) {
  if (k == 0) return;
  int32_t c = P->count;
  memcpy(P->tmp, P->tord + k, (size_t)(c - k) * sizeof(int32_t));
  memcpy(P->tmp + c - k, P->tord, (size_t)k * sizeof(int32_t));
  memcpy(P->tord, P->tmp, (size_t)c * sizeof(int32_t));
  P->origin = (int32_t)(((int64_t)P->origin + P->start[k]) % P->n);
  int32_t at = 0;
  for (int32_t i = 0; i < c; i++) {
    P->start[i] = at;
    at += P->pool[P->tord[i]].hi - P->pool[P->tord[i]].lo + 1;
  }
}

/* Splits at first and first + len and lists the pieces from first: returns the number of pieces
 * that hold the len positions (all of them when len == n). */
static int32_t isolate(tour_pieces *P, int32_t first, int32_t len) {
  split_at(P, first);
  int32_t end = (int32_t)(((int64_t)first + len) % P->n);
  if (len < P->n) split_at(P, end);
  rotate_to(P, index_at(P, first));
  return len < P->n ? index_at(P, end) : P->count;
}

void tour_pieces_reverse_range(tour_pieces *P, int32_t first, int32_t len) {
  if (len < 2) return;
  int32_t m = isolate(P, first, len);
  for (int32_t i = 0, j = m - 1; i < j; i++, j--) {
    int32_t t = P->tord[i];
    P->tord[i] = P->tord[j];
    P->tord[j] = t;
  }
  for (int32_t i = 0; i < m; i++)
    P->pool[P->tord[i]].rev ^= 1;
  renumber(P);
}

/* [P Q] -> [Q P] for the adjacent blocks of lenP and lenQ positions at first. */
static void rotate_blocks(tour_pieces *P, int32_t first, int32_t lenP, int32_t lenQ) {
  if (lenP == 0 || lenQ == 0) return;
  int32_t mid = (int32_t)(((int64_t)first + lenP) % P->n);
  split_at(P, mid);
  int32_t mq = isolate(P, first, lenP + lenQ);
  int32_t mp = index_at(P, mid);
  memcpy(P->tmp, P->tord + mp, (size_t)(mq - mp) * sizeof(int32_t));
  memcpy(P->tmp + mq - mp, P->tord, (size_t)mp * sizeof(int32_t));
  memcpy(P->tord, P->tmp, (size_t)mq * sizeof(int32_t));
  renumber(P);
}

void tour_pieces_swap_blocks(tour_pieces *P, int32_t first, int32_t lenA, int32_t lenB) {
  int32_t at, lenP, lenQ;
  tour_swap_plan(P->n, first, lenA, lenB, &at, &lenP, &lenQ);
  rotate_blocks(P, at, lenP, lenQ);
}

void tour_pieces_move_segment(tour_pieces *P, int32_t first, int32_t len, int32_t after,
                              int reversed) {
  int32_t head = tour_pieces_node_at(P, first);
  int32_t span = tour_move_span(P->n, first, len, tour_pieces_pos(P, after));
  tour_pieces_swap_blocks(P, first, len, span);
  if (reversed && len > 1) tour_pieces_reverse_range(P, tour_pieces_pos(P, head), len);
}

void tour_pieces_encode(const tour_pieces *P, int32_t *data) {
  data[0] = -1 - P->count;
  data[1] = P->origin;
  for (int32_t k = 0; k < P->count; k++) {
    const tour_piece *pc = &P->pool[P->tord[k]];
    data[2 + 3 * k] = pc->lo;
    data[3 + 3 * k] = pc->hi;
    data[4 + 3 * k] = pc->rev;
  }
}

void tour_pieces_expand(int32_t *data, int32_t n, const int32_t *src) {
  int32_t count = -1 - data[0];
  int32_t head[2 + 3 * TOUR_PIECES_CAP];
  memcpy(head, data, (size_t)(2 + 3 * count) * sizeof(int32_t));
  int32_t at = head[1];
  for (int32_t k = 0; k < count; k++) {
    int32_t lo = head[2 + 3 * k], hi = head[3 + 3 * k];
    for (int32_t t = 0; t <= hi - lo; t++) {
      data[at] = src[head[4 + 3 * k] ? hi - t : lo + t];
      at = at + 1 == n ? 0 : at + 1;
    }
  }
}
