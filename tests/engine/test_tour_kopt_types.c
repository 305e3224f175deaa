/* SPDX-License-Identifier: BSD-3-Clause */
/* The 5-opt search's move types (tour_kopt_types.h, issue #23) against moves made on real tours:
 * a type is closable exactly when removing its edges from a tour and adding its edges leaves one
 * tour through every node, and viable exactly when some choice of further edges (up to five) on
 * that tour closes. Codes are computed as the search computes them (places along the tour). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tour_kopt_types.h"

enum { K = TOUR_KOPT_TYPES_K, NMAX = 40 };

typedef struct {
  int n;
  int32_t t[2 * K + 1]; /* t[1..2i]: node = place on the tour (the tour is 0, 1, ..., n - 1) */
} move;

static int succ_of(int n, int x) { return (x + 1) % n; }

/* The code of t[1..2i] by places, as tour_ls.c computes it. */
static int32_t code_of(const move *m, int i) {
  const int n = m->n;
  const int b1 = m->t[2] == succ_of(n, m->t[1]);
  const int32_t first = b1 ? m->t[1] : m->t[2];
  int32_t code = b1, sorted[K];
  for (int e = 2; e <= i; e++) {
    const int32_t x = m->t[2 * e - 1], y = m->t[2 * e];
    const int bit = y == succ_of(n, x);
    const int32_t at = ((bit ? x : y) - first + n) % n;
    const int slot = tour_kopt_slot(sorted, e - 2, at);
    memmove(sorted + slot + 1, sorted + slot, sizeof *sorted * (size_t)(e - 2 - slot));
    sorted[slot] = at;
    code = tour_kopt_child(code, e - 1, slot, bit);
  }
  return code;
}

/* Whether the move's added edges (t2, t3), ..., (t[2i], t1) are all new: no loop, none a removed
 * edge, none twice (the search never makes such moves; they are not types). */
static int proper(const move *m, int i) {
  for (int e = 1; e <= i; e++) {
    const int32_t x = m->t[2 * e], y = e < i ? m->t[2 * e + 1] : m->t[1];
    if (x == y) return 0;
    for (int f = 1; f <= i; f++) {
      const int32_t a = m->t[2 * f - 1], b = m->t[2 * f];
      if ((a == x && b == y) || (a == y && b == x)) return 0;
      const int32_t u = m->t[2 * f], v = f < i ? m->t[2 * f + 1] : m->t[1];
      if (f != e && ((u == x && v == y) || (u == y && v == x))) return 0;
    }
  }
  return 1;
}

/* Whether the i-opt move t[1..2i] on the tour 0..n-1 leaves one tour through every node. */
static int closes_on_tour(const move *m, int i) {
  const int n = m->n;
  int adj[NMAX][2], deg[NMAX] = {0};
  for (int x = 0; x < n; x++) {
    const int y = succ_of(n, x);
    int removed = 0;
    for (int e = 1; e <= i; e++)
      removed |=
          (m->t[2 * e - 1] == x && m->t[2 * e] == y) || (m->t[2 * e - 1] == y && m->t[2 * e] == x);
    if (removed) continue;
    adj[x][deg[x]++] = y;
    adj[y][deg[y]++] = x;
  }
  for (int e = 1; e <= i; e++) {
    const int32_t x = m->t[2 * e], y = e < i ? m->t[2 * e + 1] : m->t[1];
    if (deg[x] == 2 || deg[y] == 2) return 0;
    adj[x][deg[x]++] = y;
    adj[y][deg[y]++] = x;
  }
  for (int x = 0; x < n; x++)
    if (deg[x] != 2) return 0;
  /* every node of degree 2: one tour exactly when a search from node 0 reaches them all */
  int seen[NMAX] = {0}, stack[NMAX], top = 0, reached = 1;
  seen[0] = 1;
  stack[top++] = 0;
  while (top > 0) {
    const int x = stack[--top];
    for (int d = 0; d < 2; d++)
      if (!seen[adj[x][d]]) {
        seen[adj[x][d]] = 1;
        reached++;
        stack[top++] = adj[x][d];
      }
  }
  return reached == n;
}

/* Whether the edge (x, its successor) is one of t[1..2i]'s removed edges. */
static int removed(const move *m, int i, int32_t x) {
  const int32_t y = succ_of(m->n, x);
  for (int e = 1; e <= i; e++)
    if ((m->t[2 * e - 1] == x && m->t[2 * e] == y) || (m->t[2 * e - 1] == y && m->t[2 * e] == x))
      return 1;
  return 0;
}

/* Whether some choice of edges i + 1.. (up to K) makes a proper move that closes. */
static int extends_to_close(move *m, int i) {
  if (i >= 2 && proper(m, i) && closes_on_tour(m, i)) return 1;
  if (i == K) return 0;
  for (int32_t x = 0; x < m->n; x++) {
    if (removed(m, i, x)) continue;
    for (int bit = 0; bit < 2; bit++) {
      m->t[2 * i + 1] = bit ? x : succ_of(m->n, x);
      m->t[2 * i + 2] = bit ? succ_of(m->n, x) : x;
      if (extends_to_close(m, i + 1)) return 1;
    }
  }
  return 0;
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  const tour_kopt_types *T = tour_kopt_types_get();
  CHECK(T == tour_kopt_types_get());
  srand(23);
  /* Random moves of 2-5 distinct removed edges on tours of 10-32 nodes: closable is the tour's
   * answer on every proper one. */
  int seen[K + 1][TOUR_KOPT_TYPES_CODES];
  memset(seen, 0, sizeof seen);
  int mismatches = 0, tried = 0;
  for (int round = 0; round < 200000; round++) {
    move m;
    m.n = 10 + rand() % (NMAX - 9);
    const int k = 2 + rand() % (K - 1);
    int ok = 1;
    for (int e = 1; e <= k && ok; e++) {
      const int32_t x = rand() % m.n;
      if (removed(&m, e - 1, x)) {
        ok = 0;
        break;
      }
      const int bit = rand() % 2;
      m.t[2 * e - 1] = bit ? x : succ_of(m.n, x);
      m.t[2 * e] = bit ? succ_of(m.n, x) : x;
    }
    if (!ok || !proper(&m, k)) continue;
    tried++;
    const int32_t code = code_of(&m, k);
    seen[k][code] = 1;
    mismatches += T->closable[k][code] != closes_on_tour(&m, k);
  }
  CHECK_EQ_INT(mismatches, 0);
  CHECK(tried > 100000);
  /* every type of every level was met (the codes cover the orders a move can take) */
  const int codes[K + 1] = {0, 2, 4, 16, 96, 768};
  for (int k = 2; k <= K; k++) {
    int met = 0;
    for (int c = 0; c < codes[k]; c++)
      met += seen[k][c];
    CHECK_EQ_INT(met, codes[k]);
  }
  /* The known counts: 2-opt closes for one orientation of t4, sequential 3-opt for half. */
  int count[K + 1] = {0}, viable[K + 1] = {0};
  for (int k = 1; k <= K; k++)
    for (int c = 0; c < codes[k]; c++) {
      count[k] += T->closable[k][c];
      viable[k] += T->viable[k][c];
    }
  CHECK_EQ_INT(count[2], 2);
  CHECK_EQ_INT(count[3], 8);
  CHECK_EQ_INT(viable[5], count[5]);
  CHECK(viable[4] < codes[4]); /* some 4-edge prefixes close at no level: what the search skips */
  /* Viable: prefixes of 2-4 edges, each in the middle of its own block of eight places on a tour
   * of 40 nodes (every order of them is met, and every gap has room for an edge that touches
   * none of theirs, as the search's t3 is never a tour neighbour of t2): the table says viable
   * exactly when some further edges close on that tour. Level 4 is where some prefixes are not:
   * both kinds must be met. */
  mismatches = 0;
  int met_dead = 0, met_viable = 0;
  for (int i = 2; i <= 4; i++) {
    for (int round = 0; round < (i == 4 ? 3000 : AR_TEST_SANITIZED ? 20 : 200); round++) {
      move m = {.n = 40};
      int used = 0;
      for (int e = 1; e <= i; e++) {
        int block;
        do
          block = rand() % 5;
        while (used & (1 << block));
        used |= 1 << block;
        const int32_t x = 8 * block + 2 + rand() % 3;
        const int bit = rand() % 2;
        m.t[2 * e - 1] = bit ? x : x + 1;
        m.t[2 * e] = bit ? x + 1 : x;
      }
      const int table = T->viable[i][code_of(&m, i)];
      mismatches += table != extends_to_close(&m, i);
      if (i == 4) {
        met_dead += !table;
        met_viable += table;
      }
    }
  }
  CHECK(met_dead > 0 && met_viable > 0);
  CHECK_EQ_INT(mismatches, 0);
  return 0;
}
