/* SPDX-License-Identifier: BSD-3-Clause */
/* road_scc: iterative Tarjan (see road_scc.h). */
#include "road_scc.h"

#include <stdlib.h>

typedef struct {
  int32_t *index, *low, *stack, *call;
  int64_t *next; /* per call-stack frame: the next arc to look at */
  int32_t counter, top, depth, ncomp;
} tarjan;

static void tarjan_free(tarjan *t) {
  free(t->index);
  free(t->low);
  free(t->stack);
  free(t->call);
  free(t->next);
}

static void tarjan_enter(tarjan *t, const road_graph *g, int32_t v) {
  t->index[v] = t->low[v] = t->counter++;
  t->stack[t->top++] = v;
  t->call[t->depth] = v;
  t->next[t->depth++] = g->offsets[v];
}

/* The frame of u is done: close its component when u is its root, pass low up. A node is on
 * the stack exactly while it has an index and no component yet. */
static void tarjan_leave(tarjan *t, int32_t u, int32_t *comp) {
  t->depth--;
  if (t->low[u] == t->index[u]) {
    int32_t w;
    do {
      w = t->stack[--t->top];
      comp[w] = t->ncomp;
    } while (w != u);
    t->ncomp++;
  }
  if (t->depth > 0) {
    int32_t p = t->call[t->depth - 1];
    if (t->low[u] < t->low[p]) t->low[p] = t->low[u];
  }
}

static void tarjan_from(tarjan *t, const road_graph *g, int32_t s, int32_t *comp) {
  tarjan_enter(t, g, s);
  while (t->depth > 0) {
    int32_t u = t->call[t->depth - 1];
    int64_t a = t->next[t->depth - 1];
    if (a == g->offsets[u + 1]) {
      tarjan_leave(t, u, comp);
      continue;
    }
    t->next[t->depth - 1] = a + 1;
    int32_t v = g->heads[a];
    if (t->index[v] < 0)
      tarjan_enter(t, g, v);
    else if (comp[v] < 0 && t->index[v] < t->low[u])
      t->low[u] = t->index[v];
  }
}

ar_status road_scc(const road_graph *g, int32_t *comp, int32_t *ncomp) {
  size_t n = (size_t)g->n ? (size_t)g->n : 1;
  tarjan t = {.index = malloc(n * sizeof(int32_t)),
              .low = malloc(n * sizeof(int32_t)),
              .stack = malloc(n * sizeof(int32_t)),
              .call = malloc(n * sizeof(int32_t)),
              .next = malloc(n * sizeof(int64_t))};
  if (!t.index || !t.low || !t.stack || !t.call || !t.next) {
    tarjan_free(&t);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the components of %d road nodes", g->n);
  }
  for (int32_t u = 0; u < g->n; u++) {
    t.index[u] = -1;
    comp[u] = -1;
  }
  for (int32_t s = 0; s < g->n; s++)
    if (t.index[s] < 0) tarjan_from(&t, g, s, comp);
  *ncomp = t.ncomp;
  tarjan_free(&t);
  return AR_OK;
}

ar_status road_scc_largest(const road_graph *g, uint8_t *keep, int32_t *kept) {
  *kept = 0;
  if (g->n == 0) return AR_OK;
  int32_t *comp = malloc((size_t)g->n * sizeof *comp);
  if (!comp) return ar_fail(AR_ERR_NOMEM, "out of memory for the components of %d nodes", g->n);
  int32_t ncomp = 0;
  ar_status st = road_scc(g, comp, &ncomp);
  int32_t *size = st == AR_OK ? calloc((size_t)ncomp, sizeof *size) : NULL;
  if (st == AR_OK && !size) st = ar_fail(AR_ERR_NOMEM, "out of memory counting components");
  if (st == AR_OK) {
    for (int32_t u = 0; u < g->n; u++)
      size[comp[u]]++;
    int32_t best = 0;
    for (int32_t c = 1; c < ncomp; c++)
      if (size[c] > size[best]) best = c;
    for (int32_t u = 0; u < g->n; u++)
      keep[u] = comp[u] == best;
    *kept = size[best];
  }
  free(size);
  free(comp);
  return st;
}
