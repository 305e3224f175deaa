/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_array: cyclic array edits with positions kept in step. */
#include "tour_array.h"

static inline int32_t wrap(int32_t i, int32_t n) { return i >= n ? i - n : i; }

void tour_array_reverse_range(int32_t *order, int32_t *pos, int32_t n, int32_t first, int32_t len) {
  if (first + len <= n) { /* no wrap (the usual case): a loop without the index tests */
    for (int32_t i = first, j = first + len - 1; i < j; i++, j--) {
      const int32_t a = order[i], b = order[j];
      order[i] = b;
      pos[b] = i;
      order[j] = a;
      pos[a] = j;
    }
    return;
  }
  /* Across the end: the same swaps in the same order, in stretches where neither index wraps (at
   * most three), so the loop again has no index tests (such ranges were a large part of an ant's
   * reversals on pcb3038: docs/performance.md). */
  int32_t i = first, j = wrap(first + len - 1, n);
  for (int32_t left = len / 2; left > 0;) {
    int32_t run = left;
    if (run > n - i) run = n - i;
    if (run > j + 1) run = j + 1;
    for (int32_t t = 0; t < run; t++, i++, j--) {
      const int32_t a = order[i], b = order[j];
      order[i] = b;
      pos[b] = i;
      order[j] = a;
      pos[a] = j;
    }
    left -= run;
    if (i == n) i = 0;
    if (j < 0) j = n - 1;
  }
}

void tour_array_reverse_path(int32_t *order, int32_t *pos, int32_t n, int32_t from, int32_t to) {
  int32_t len = pos[to] - pos[from];
  if (len < 0) len += n;
  len += 1;
  if (2 * len <= n) {
    tour_array_reverse_range(order, pos, n, pos[from], len);
  } else if (len < n) {
    int32_t first = wrap(pos[to] + 1, n);
    tour_array_reverse_range(order, pos, n, first, n - len);
  }
}

enum { ROTATE_BUFFER = 16 };

/* [P Q] -> [Q P] for adjacent blocks starting at first. A short block is carried in a buffer
 * while the other shifts by its length (one pass); otherwise three exact reversals. */
void tour_array_rotate(int32_t *order, int32_t *pos, int32_t n, int32_t first, int32_t lenP,
                       int32_t lenQ) {
  if (lenP == 0 || lenQ == 0) return;
  int32_t buf[ROTATE_BUFFER];
  if (lenP <= ROTATE_BUFFER && lenP <= lenQ) {
    for (int32_t t = 0; t < lenP; t++)
      buf[t] = order[wrap(first + t, n)];
    int32_t to = first, from = wrap(first + lenP, n);
    for (int32_t t = 0; t < lenQ; t++) {
      int32_t v = order[from];
      order[to] = v;
      pos[v] = to;
      to = wrap(to + 1, n);
      from = wrap(from + 1, n);
    }
    for (int32_t t = 0; t < lenP; t++) {
      order[to] = buf[t];
      pos[buf[t]] = to;
      to = wrap(to + 1, n);
    }
    return;
  }
  if (lenQ <= ROTATE_BUFFER) {
    int32_t qstart = wrap(first + lenP, n);
    for (int32_t t = 0; t < lenQ; t++)
      buf[t] = order[wrap(qstart + t, n)];
    int32_t to = wrap(first + lenP + lenQ - 1, n), from = wrap(first + lenP - 1, n);
    for (int32_t t = 0; t < lenP; t++) { /* P moves back by lenQ, last element first */
      int32_t v = order[from];
      order[to] = v;
      pos[v] = to;
      to = to == 0 ? n - 1 : to - 1;
      from = from == 0 ? n - 1 : from - 1;
    }
    for (int32_t t = 0; t < lenQ; t++) {
      int32_t at = wrap(first + t, n);
      order[at] = buf[t];
      pos[buf[t]] = at;
    }
    return;
  }
  tour_array_reverse_range(order, pos, n, first, lenP);
  tour_array_reverse_range(order, pos, n, wrap(first + lenP, n), lenQ);
  tour_array_reverse_range(order, pos, n, first, lenP + lenQ);
}

void tour_array_swap_blocks(int32_t *order, int32_t *pos, int32_t n, int32_t first, int32_t lenA,
                            int32_t lenB) {
  int32_t at, lenP, lenQ;
  tour_swap_plan(n, first, lenA, lenB, &at, &lenP, &lenQ);
  tour_array_rotate(order, pos, n, at, lenP, lenQ);
}

void tour_array_move_segment(int32_t *order, int32_t *pos, int32_t n, int32_t first, int32_t len,
                             int32_t after, int reversed) {
  int32_t head = order[first];
  tour_array_swap_blocks(order, pos, n, first, len, tour_move_span(n, first, len, pos[after]));
  if (reversed && len > 1) tour_array_reverse_range(order, pos, n, pos[head], len);
}
