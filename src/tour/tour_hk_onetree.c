/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_hk_onetree: the minimum 1-tree of the sparse graph under penalties (Prim with a binary
 * heap, O(m log n)), the step the ascent repeats. The special node is the leaf whose second
 * cheapest edge is dearest (LKH's choice): a minimum spanning tree plus that edge is a minimum
 * 1-tree for that node, since a leaf's tree edge is its cheapest edge. */
#include <stdlib.h>
#include <string.h>

#include "tour_hk.h"

enum { IN_TREE = -2, OUTSIDE = -1 };

ar_status hk_prim_init(hk_prim *w, int32_t n) {
  memset(w, 0, sizeof *w);
  w->n = n;
  w->key = malloc((size_t)n * sizeof *w->key);
  w->parent = malloc((size_t)n * sizeof *w->parent);
  w->heap = malloc((size_t)n * sizeof *w->heap);
  w->where = malloc((size_t)n * sizeof *w->where);
  w->second = malloc((size_t)n * sizeof *w->second);
  if (!w->key || !w->parent || !w->heap || !w->where || !w->second) {
    hk_prim_free(w);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the bound's spanning trees (%d nodes)", n);
  }
  return AR_OK;
}

void hk_prim_free(hk_prim *w) {
  free(w->key);
  free(w->parent);
  free(w->heap);
  free(w->where);
  free(w->second);
  memset(w, 0, sizeof *w);
}

static int heap_less(const hk_prim *w, int32_t a, int32_t b) {
  return w->key[a] < w->key[b] || (w->key[a] == w->key[b] && a < b);
}

static void heap_up(hk_prim *w, int32_t at) {
  int32_t x = w->heap[at];
  while (at > 0) {
    int32_t up = (at - 1) / 2;
    if (!heap_less(w, x, w->heap[up])) break;
    w->heap[at] = w->heap[up];
    w->where[w->heap[at]] = at;
    at = up;
  }
  w->heap[at] = x;
  w->where[x] = at;
}

static void heap_down(hk_prim *w, int32_t at, int32_t size) {
  int32_t x = w->heap[at];
  for (;;) {
    int32_t c = 2 * at + 1;
    if (c >= size) break;
    if (c + 1 < size && heap_less(w, w->heap[c + 1], w->heap[c])) c++;
    if (!heap_less(w, w->heap[c], x)) break;
    w->heap[at] = w->heap[c];
    w->where[w->heap[at]] = at;
    at = c;
  }
  w->heap[at] = x;
  w->where[x] = at;
}

/* The spanning tree into w->parent (root 0) and its key sum; 0 if s is disconnected. */
static int prim_tree(const hk_graph *g, const hk_sparse *s, const int64_t *pi, hk_prim *w,
                     int64_t *key_sum) {
  int32_t n = s->n, size = 0, reached = 0;
  for (int32_t v = 0; v < n; v++) {
    w->key[v] = HK_KEY_MAX;
    w->parent[v] = -1;
    w->where[v] = OUTSIDE;
  }
  w->key[0] = 0;
  w->heap[size++] = 0;
  w->where[0] = 0;
  int64_t sum = 0;
  while (size > 0) {
    int32_t u = w->heap[0];
    w->heap[0] = w->heap[--size];
    if (size > 0) heap_down(w, 0, size);
    w->where[u] = IN_TREE;
    sum += w->key[u];
    reached++;
    for (int64_t e = s->start[u]; e < s->start[u + 1]; e++) {
      int32_t x = s->to[e];
      if (w->where[x] == IN_TREE) continue;
      int64_t c = s->cost[e] + pi[u] + pi[x];
      if (c >= w->key[x]) continue;
      w->key[x] = c;
      w->parent[x] = u;
      if (w->where[x] == OUTSIDE) {
        w->heap[size] = x;
        heap_up(w, size++);
      } else {
        heap_up(w, w->where[x]);
      }
    }
  }
  *key_sum = sum;
  return reached == n;
}

ar_status hk_onetree_sparse(const hk_graph *g, const hk_sparse *s, const int64_t *pi, hk_prim *w,
                            int32_t *v, int64_t *value, int64_t *norm) {
  int32_t n = s->n;
  int64_t sum = 0;
  if (!prim_tree(g, s, pi, w, &sum))
    return ar_fail(AR_ERR_INTERNAL, "the sparse graph of the bound is not connected");
  for (int32_t x = 0; x < n; x++)
    v[x] = 0;
  for (int32_t x = 1; x < n; x++) {
    v[x]++;
    v[w->parent[x]]++;
  }
  /* The special node: the leaf with the dearest second edge. */
  int32_t special = -1, other = -1;
  int64_t best = 0;
  for (int32_t x = 0; x < n; x++) {
    if (v[x] != 1) continue;
    int64_t k1 = HK_KEY_MAX, k2 = HK_KEY_MAX;
    int32_t at1 = -1, at2 = -1;
    for (int64_t e = s->start[x]; e < s->start[x + 1]; e++) {
      int64_t c = s->cost[e] + pi[x] + pi[s->to[e]];
      if (c < k1) {
        k2 = k1;
        at2 = at1;
        k1 = c;
        at1 = s->to[e];
      } else if (c < k2) {
        k2 = c;
        at2 = s->to[e];
      }
    }
    if (at2 >= 0 && (special < 0 || k2 > best)) {
      special = x;
      other = at2;
      best = k2;
    }
  }
  if (special < 0) return ar_fail(AR_ERR_INTERNAL, "the bound's spanning tree has no usable leaf");
  v[special]++;
  v[other]++;
  int64_t total = sum + best, sq = 0;
  for (int32_t x = 0; x < n; x++) {
    total -= 2 * pi[x];
    v[x] -= 2;
    sq += (int64_t)v[x] * v[x];
  }
  *value = total;
  *norm = sq;
  return AR_OK;
}
