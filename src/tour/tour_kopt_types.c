/* SPDX-License-Identifier: BSD-3-Clause */
#include "tour_kopt_types.h"

#include <pthread.h>

enum { K = TOUR_KOPT_TYPES_K };

static tour_kopt_types tables;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* Whether the k-opt move whose removed edges lie on the tour in the order `order` (edge indices
 * 0..k-1 by t, order[0] = 0), with bits `bits`, closes to one tour: on a tour of 2k nodes where
 * the j-th edge along it joins nodes 2j and 2j + 1, the kept tour edges (2j + 1, 2j + 2) and the
 * added ones give every node two neighbours; one walk must visit them all. */
static int closes(int k, const int *order, const int *bits) {
  const int n = 2 * k;
  int t[2 * K + 1], adj[2 * K][2], deg[2 * K] = {0};
  for (int j = 0; j < k; j++) { /* edge e = order[j]: a-node 2j (its successor is 2j + 1) */
    const int e = order[j], a = 2 * j, b = 2 * j + 1;
    t[2 * e + 1] = bits[e] ? a : b;
    t[2 * e + 2] = bits[e] ? b : a;
  }
  for (int j = 0; j < k; j++) {
    const int x = 2 * j + 1, y = (2 * j + 2) % n;
    adj[x][deg[x]++] = y;
    adj[y][deg[y]++] = x;
  }
  for (int e = 1; e <= k; e++) { /* (t2, t3), ..., (t[2k], t1) */
    const int x = t[2 * e], y = e < k ? t[2 * e + 1] : t[1];
    adj[x][deg[x]++] = y;
    adj[y][deg[y]++] = x;
  }
  int prev = -1, cur = 0, steps = 0;
  do {
    const int next = adj[cur][0] == prev ? adj[cur][1] : adj[cur][0];
    prev = cur;
    cur = next;
    steps++;
  } while (cur != 0 && steps <= n);
  return steps == n;
}

/* Fills both tables for type `code` at level i and everything below it; returns viable. */
static int build(int i, int32_t code, const int *order, const int *bits) {
  const int closable = i >= 2 && closes(i, order, bits);
  int viable = closable;
  if (i < K) {
    int child_order[K], child_bits[K];
    for (int e = 0; e < i; e++)
      child_bits[e] = bits[e];
    for (int slot = 0; slot < i; slot++) {
      for (int j = 0, c = 0; j <= i; j++) /* edge i (0-based) after the first slot + 1 edges */
        child_order[j] = j == slot + 1 ? i : order[c++];
      for (int bit = 0; bit < 2; bit++) {
        child_bits[i] = bit;
        viable |= build(i + 1, tour_kopt_child(code, i, slot, bit), child_order, child_bits);
      }
    }
  }
  tables.closable[i][code] = (uint8_t)closable;
  tables.viable[i][code] = (uint8_t)viable;
  return viable;
}

static void build_all(void) {
  const int order[1] = {0};
  for (int bit = 0; bit < 2; bit++) {
    const int bits[1] = {bit};
    build(1, bit, order, bits);
  }
}

const tour_kopt_types *tour_kopt_types_get(void) {
  pthread_once(&tables_once, build_all);
  return &tables;
}
