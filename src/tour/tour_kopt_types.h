/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_kopt_types: which sequential k-opt moves (k <= 5) close to one tour, told from the order
 * of their removed edges alone, so that the 5-opt search (tour_ls.c) never walks a move to test
 * it and never goes down a choice that no deeper level can close.
 *
 * A sequential move removes (t1, t2), (t3, t4), ..., (t[2k-1], t[2k]) (tour edges) and adds (t2,
 * t3), ..., (t[2k-2], t[2k-1]) and the closing (t[2k], t1). Whether the result is one tour
 * depends only on the cyclic order in which the removed edges lie on the tour and, for each, on
 * whether t[2e] is the successor of t[2e-1] (its bit). The search chooses the edges one by one;
 * each new edge falls into one of the i gaps between the i edges already chosen (its slot:
 * how many of edges 2..i lie before it, counting along the tour from edge 1), so a move's type
 * is a code built level by level (tour_kopt_child). Level 1 has the codes 0 and 1 (edge 1's bit).
 * The tables are built once, by walking each type on a tour of 2k nodes. */
#ifndef AR_TOUR_KOPT_TYPES_H
#define AR_TOUR_KOPT_TYPES_H

#include <stdint.h>

enum {
  TOUR_KOPT_TYPES_K = 5,
  TOUR_KOPT_TYPES_CODES = 768 /* codes at level 5: 2 * 2 * 4 * 6 * 8 */
};

typedef struct {
  /* closable[i][c]: the i-opt move of type c closes to one tour (i >= 2) */
  uint8_t closable[TOUR_KOPT_TYPES_K + 1][TOUR_KOPT_TYPES_CODES];
  /* viable[i][c]: it closes, or some choice of edge i + 1 (up to level k) leads to one that does */
  uint8_t viable[TOUR_KOPT_TYPES_K + 1][TOUR_KOPT_TYPES_CODES];
} tour_kopt_types;

/* The tables (built at the first call, thread-safe). */
const tour_kopt_types *tour_kopt_types_get(void);

/* The code at level i + 1 of type `code` at level i extended by an edge in gap `slot` (0 to
 * i - 1) with bit `bit`. */
static inline int32_t tour_kopt_child(int32_t code, int i, int slot, int bit) {
  return code * 2 * i + 2 * slot + bit;
}

/* The slot of an edge whose first node by tour order lies `offset` places after edge 1's first
 * node, among the i - 1 offsets of edges 2..i in `sorted` (ascending). */
static inline int tour_kopt_slot(const int32_t *sorted, int count, int32_t offset) {
  int s = 0;
  while (s < count && sorted[s] < offset)
    s++;
  return s;
}

#endif
