/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_hk_exact: the minimum 1-tree of the complete graph under penalties, the value the bound
 * reports. 2-D coordinates: Boruvka on a k-d tree (tour_hk_planar.c); GEO, EXPLICIT and the ATSP
 * transformation: Prim on the implicit matrix, O(n^2) time and O(n) memory, its scans split over
 * the OpenMP threads. Either way the tree is a minimum spanning tree of the complete graph, and
 * the special node is the leaf with the dearest second edge, found exactly too. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "tour_hk.h"

ar_status hk_exact_init(hk_exact *x, int32_t n) {
  memset(x, 0, sizeof *x);
  x->eu = malloc((size_t)n * sizeof *x->eu);
  x->ev = malloc((size_t)n * sizeof *x->ev);
  if (!x->eu || !x->ev) {
    hk_exact_free(x);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the bound's exact 1-tree (%d nodes)", n);
  }
  return AR_OK;
}

void hk_exact_free(hk_exact *x) {
  free(x->eu);
  free(x->ev);
  memset(x, 0, sizeof *x);
}

typedef struct {
  int64_t key;
  int32_t node;
  char pad[64 - sizeof(int64_t) - sizeof(int32_t)]; /* one cache line per thread */
} dense_pick;

/* Prim on the complete graph: every step scans all nodes outside the tree. */
static ar_status dense_mst(const hk_graph *g, const int64_t *pi, hk_exact *x, int64_t *sum) {
  int32_t n = g->n;
  int threads = omp_get_max_threads();
  int64_t *key = malloc((size_t)n * sizeof *key);
  int32_t *parent = malloc((size_t)n * sizeof *parent);
  unsigned char *done = calloc((size_t)n, 1);
  dense_pick *pick = calloc((size_t)threads, sizeof *pick);
  if (!key || !parent || !done || !pick) {
    free(key);
    free(parent);
    free(done);
    free(pick);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the bound's exact spanning tree");
  }
  for (int32_t v = 0; v < n; v++) {
    key[v] = HK_KEY_MAX;
    parent[v] = -1;
  }
  int32_t u = 0;
  int64_t total = 0;
  x->edges = 0;
#pragma omp parallel num_threads(threads)
  {
    int me = omp_get_thread_num();
    for (int32_t step = 0; step < n; step++) {
#pragma omp single
      {
        if (step > 0) { /* the cheapest of the threads' picks, ties by node */
          u = -1;
          for (int t = 0; t < omp_get_num_threads(); t++)
            if (pick[t].node >= 0 &&
                (u < 0 || pick[t].key < key[u] || (pick[t].key == key[u] && pick[t].node < u)))
              u = pick[t].node;
          total += key[u];
          x->eu[x->edges] = parent[u];
          x->ev[x->edges++] = u;
        }
        done[u] = 1;
      }
      dense_pick mine = {HK_KEY_MAX, -1, {0}};
#pragma omp for schedule(static) nowait
      for (int32_t v = 0; v < n; v++) {
        if (done[v]) continue;
        int64_t c = hk_key(g, pi, u, v);
        if (c < key[v]) {
          key[v] = c;
          parent[v] = u;
        }
        if (mine.node < 0 || key[v] < mine.key) {
          mine.key = key[v];
          mine.node = v;
        }
      }
      pick[me] = mine;
#pragma omp barrier
    }
  }
  *sum = total;
  free(key);
  free(parent);
  free(done);
  free(pick);
  return AR_OK;
}

/* The second smallest key at each of nodes[0..count), by a full scan. */
static void dense_second(const hk_graph *g, const int64_t *pi, const int32_t *nodes, int32_t count,
                         int64_t *second, int32_t *other) {
#pragma omp parallel for schedule(dynamic, 4)
  for (int32_t k = 0; k < count; k++) {
    int32_t i = nodes[k], at1 = -1, at2 = -1;
    int64_t k1 = HK_KEY_MAX, k2 = HK_KEY_MAX;
    for (int32_t j = 0; j < g->n; j++) {
      if (j == i) continue;
      int64_t c = hk_key(g, pi, i, j);
      if (c < k1) {
        k2 = k1;
        at2 = at1;
        k1 = c;
        at1 = j;
      } else if (c < k2) {
        k2 = c;
        at2 = j;
      }
    }
    second[k] = k2;
    other[k] = at2;
  }
}

/* The leaves of the tree in x and their exact second edges; adds the dearest as the 1-tree's
 * last edge and returns its key in *extra. */
static ar_status add_special_edge(const hk_graph *g, const int64_t *pi, hk_exact *x,
                                  int64_t *extra) {
  int32_t n = g->n, count = 0;
  int32_t *deg = calloc((size_t)n, sizeof *deg), *leaves = malloc((size_t)n * sizeof *leaves);
  int32_t *other = malloc((size_t)n * sizeof *other);
  int64_t *second = malloc((size_t)n * sizeof *second);
  ar_status st = AR_OK;
  if (!deg || !leaves || !other || !second)
    st = ar_fail(AR_ERR_NOMEM, "out of memory choosing the bound's special node");
  for (int64_t e = 0; st == AR_OK && e < x->edges; e++) {
    deg[x->eu[e]]++;
    deg[x->ev[e]]++;
  }
  for (int32_t v = 0; st == AR_OK && v < n; v++)
    if (deg[v] == 1) leaves[count++] = v;
  if (st == AR_OK && g->planar)
    st = hk_second_planar(g, pi, leaves, count, second, other);
  else if (st == AR_OK)
    dense_second(g, pi, leaves, count, second, other);
  int32_t best = -1;
  for (int32_t k = 0; st == AR_OK && k < count; k++)
    if (other[k] >= 0 && (best < 0 || second[k] > second[best])) best = k;
  if (st == AR_OK && best < 0) st = ar_fail(AR_ERR_INTERNAL, "the exact 1-tree has no leaf");
  if (st == AR_OK) {
    x->eu[x->edges] = leaves[best];
    x->ev[x->edges++] = other[best];
    *extra = second[best];
  }
  free(deg);
  free(leaves);
  free(other);
  free(second);
  return st;
}

ar_status hk_onetree_exact(const hk_graph *g, const hk_sparse *s, const int64_t *pi, hk_exact *x) {
  int64_t sum = 0, extra = 0;
  ar_status st = g->planar ? hk_mst_planar(g, s, pi, x, &sum) : dense_mst(g, pi, x, &sum);
  if (st == AR_OK && x->edges != g->n - 1)
    st = ar_fail(AR_ERR_INTERNAL, "the exact spanning tree has %lld edges for %d nodes",
                 (long long)x->edges, g->n);
  if (st == AR_OK) st = add_special_edge(g, pi, x, &extra);
  if (st != AR_OK) return st;
  int64_t value = sum + extra;
  for (int32_t v = 0; v < g->n; v++)
    value -= 2 * pi[v];
  x->value = value;
  return AR_OK;
}
