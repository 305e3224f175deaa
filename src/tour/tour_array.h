/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_array: a tour as an array of nodes plus each node's position, and the edits local search
 * and construction make on it. All positions are cyclic (modulo n); every function keeps order
 * and pos consistent. Cannot fail. */
#ifndef AR_TOUR_ARRAY_H
#define AR_TOUR_ARRAY_H

#include <stdint.h>

static inline int32_t tour_succ(const int32_t *order, const int32_t *pos, int32_t n, int32_t x) {
  int32_t i = pos[x] + 1;
  return order[i == n ? 0 : i];
}

static inline int32_t tour_pred(const int32_t *order, const int32_t *pos, int32_t n, int32_t x) {
  int32_t i = pos[x];
  return order[i == 0 ? n - 1 : i - 1];
}

/* Steps forward from a to b (0 when a == b). */
static inline int32_t tour_steps(const int32_t *pos, int32_t n, int32_t a, int32_t b) {
  int32_t d = pos[b] - pos[a];
  return d < 0 ? d + n : d;
}

/* Reverses the len elements at positions first, first+1, ... (exactly those). */
void tour_array_reverse_range(int32_t *order, int32_t *pos, int32_t n, int32_t first, int32_t len);

/* Symmetric tours: reverses the path from node `from` forward to node `to`, or, when shorter,
 * the rest of the tour (the same undirected tour, possibly listed in the other direction). */
void tour_array_reverse_path(int32_t *order, int32_t *pos, int32_t n, int32_t from, int32_t to);

/* [P Q] -> [Q P] for the adjacent blocks of lenP and lenQ elements at first. */
void tour_array_rotate(int32_t *order, int32_t *pos, int32_t n, int32_t first, int32_t lenP,
                       int32_t lenQ);

/* Blocks A (lenA elements at first) and B (the lenB after it), R the rest: turns the cyclic tour
 * A B R into B A R, keeping the direction of every block (safe for ATSP). Costs the two smallest
 * block lengths. */
/* Which two adjacent blocks swap_blocks exchanges ([P Q] -> [Q P] at position *at): the pair
 * of the two shortest (A B, B R or R A: the same cycle). Shared by every tour form. */
static inline void tour_swap_plan(int32_t n, int32_t first, int32_t lenA, int32_t lenB, int32_t *at,
                                  int32_t *lenP, int32_t *lenQ) {
  int32_t lenR = n - lenA - lenB;
  int32_t ab = lenA + lenB, br = lenB + lenR, ra = lenR + lenA;
  int64_t f = first;
  if (ab <= br && ab <= ra) { /* A B R -> B A R */
    *lenP = lenA;
    *lenQ = lenB;
  } else if (br <= ra) { /* -> A R B, the same cycle */
    f += lenA;
    *lenP = lenB;
    *lenQ = lenR;
  } else { /* B [R A] -> B A R */
    f += ab;
    *lenP = lenR;
    *lenQ = lenA;
  }
  *at = (int32_t)(f % n);
}
/* The nodes from just after the segment of len at first up to and including position `after`
 * (move_segment's second block). */
static inline int32_t tour_move_span(int32_t n, int32_t first, int32_t len, int32_t after) {
  int32_t lenB = after - (first + len) % n;
  if (lenB < 0) lenB += n;
  return lenB + 1;
}
void tour_array_swap_blocks(int32_t *order, int32_t *pos, int32_t n, int32_t first, int32_t lenA,
                            int32_t lenB);

/* Moves the len nodes starting at position first (forward) to between node `after` and its
 * successor (after must not be in the segment), reversed if asked. */
void tour_array_move_segment(int32_t *order, int32_t *pos, int32_t n, int32_t first, int32_t len,
                             int32_t after, int reversed);

#endif
