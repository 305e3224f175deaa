/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_assign: the assignment bound of a directed instance. Every tour is an assignment (each
 * city one successor, none itself), so the cheapest assignment bounds every tour. It is found by
 * the Hungarian method with potentials (shortest augmenting paths, O(n^3) at worst, on the whole
 * matrix), and the bound is the dual value sum u + sum v after checking u_i + v_j <= w(i, j) on
 * every arc: any dual-feasible pair bounds the assignment, whatever the arithmetic did. */
#include "tour_assign.h"

#include <stdlib.h>

#define ASSIGN_INF ((int64_t)1 << 50)

static int64_t arc(const tour_net *net, int32_t i, int32_t j) {
  return i == j ? ASSIGN_INF : net->weights[(int64_t)i * net->n + j];
}

/* Rows 1..n, columns 1..n (index 0 is the Hungarian method's virtual column). */
static void hungarian(const tour_net *net, int64_t *u, int64_t *v, int32_t *p, int32_t *way,
                      int64_t *minv, unsigned char *used) {
  int32_t n = net->n;
  for (int32_t i = 1; i <= n; i++) {
    p[0] = i;
    int32_t j0 = 0;
    for (int32_t j = 0; j <= n; j++) {
      minv[j] = ASSIGN_INF * 4;
      used[j] = 0;
    }
    do {
      used[j0] = 1;
      int32_t i0 = p[j0], j1 = 0;
      int64_t delta = ASSIGN_INF * 4;
      for (int32_t j = 1; j <= n; j++) {
        if (used[j]) continue;
        int64_t cur = arc(net, i0 - 1, j - 1) - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (int32_t j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (p[j0] != 0);
    do {
      int32_t j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0);
  }
}

ar_status tour_assign_bound(const tour_net *net, int64_t *value) {
  int32_t n = net->n;
  size_t m = (size_t)n + 1;
  int64_t *u = calloc(m, sizeof *u), *v = calloc(m, sizeof *v), *minv = malloc(m * sizeof *minv);
  int32_t *p = calloc(m, sizeof *p), *way = calloc(m, sizeof *way);
  unsigned char *used = malloc(m);
  ar_status st = AR_OK;
  if (!u || !v || !minv || !p || !way || !used)
    st = ar_fail(AR_ERR_NOMEM, "out of memory for the assignment bound (%d cities)", n);
  if (st == AR_OK) hungarian(net, u, v, p, way, minv, used);
  /* Dual feasibility on every arc; a column that breaks it is lowered until it holds. */
  for (int32_t j = 1; st == AR_OK && j <= n; j++)
    for (int32_t i = 1; i <= n; i++)
      if (i != j && u[i] + v[j] > arc(net, i - 1, j - 1)) v[j] = arc(net, i - 1, j - 1) - u[i];
  int64_t sum = 0;
  for (int32_t k = 1; st == AR_OK && k <= n; k++)
    sum += u[k] + v[k];
  *value = sum;
  free(u);
  free(v);
  free(minv);
  free(p);
  free(way);
  free(used);
  return st;
}
