/* SPDX-License-Identifier: BSD-3-Clause */
/* road_search: Dijkstra with a 4-ary indexed heap and stamped scratch (see road_search.h). */
#include "road_search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static ar_status search_alloc(road_search *s, int32_t n, int with_pred) {
  memset(s, 0, sizeof *s);
  size_t c = n > 0 ? (size_t)n : 1;
  s->n = n;
  s->with_pred = with_pred;
  s->state = calloc(c, sizeof *s->state);
  s->pred = with_pred ? malloc(c * sizeof *s->pred) : NULL;
  s->heap = malloc(c * sizeof *s->heap);
  if (!s->state || (with_pred && !s->pred) || !s->heap) {
    road_search_free(s);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the search scratch of %d road nodes", n);
  }
  return AR_OK;
}

ar_status road_search_init(road_search *s, int32_t n) { return search_alloc(s, n, 1); }

ar_status road_search_init_costs(road_search *s, int32_t n) { return search_alloc(s, n, 0); }

void road_search_free(road_search *s) {
  free(s->state);
  free(s->pred);
  free(s->heap);
  memset(s, 0, sizeof *s);
}

static inline void heap_place(road_search *s, int32_t i, road_heap_item it) {
  s->heap[i] = it;
  s->state[it.node].pos = i;
}

static inline void sift_up(road_search *s, int32_t i, road_heap_item it) {
  while (i > 0) {
    int32_t parent = (i - 1) >> 2;
    if (s->heap[parent].key <= it.key) break;
    heap_place(s, i, s->heap[parent]);
    i = parent;
  }
  heap_place(s, i, it);
}

static inline road_heap_item pop_min(road_search *s) {
  road_heap_item top = s->heap[0], last = s->heap[--s->size];
  int32_t i = 0;
  for (;;) {
    int32_t c = 4 * i + 1;
    if (c >= s->size) break;
    int32_t end = c + 4 < s->size ? c + 4 : s->size, best = c;
    for (int32_t k = c + 1; k < end; k++)
      if (s->heap[k].key < s->heap[best].key) best = k;
    if (s->heap[best].key >= last.key) break;
    heap_place(s, i, s->heap[best]);
    i = best;
  }
  if (s->size > 0) heap_place(s, i, last);
  s->state[top.node].pos = -1;
  return top;
}

static void next_generation(road_search *s) {
  if (++s->gen == 0) { /* wrapped after 2^32 searches: clear once */
    for (int32_t u = 0; u < s->n; u++)
      s->state[u].stamp = 0;
    s->gen = 1;
  }
}

/* Settles nodes from source until the heap is empty, or all ntargets marked nodes are settled
 * (target != NULL), or the node `single` is settled (single >= 0). */
static void search(road_search *s, const road_graph *g, const double *w, int32_t source,
                   const uint8_t *target, int32_t ntargets, int32_t single) {
  next_generation(s);
  const uint32_t gen = s->gen;
  const int64_t *off = g->offsets;
  const int32_t *heads = g->heads;
  road_node_state *state = s->state;
  int64_t *pred = s->pred;
  int32_t remaining = target ? ntargets : 0;
  s->settled = 0;
  state[source].stamp = gen;
  state[source].dist = 0;
  if (pred) pred[source] = -1;
  s->size = 1;
  heap_place(s, 0, (road_heap_item){0.0, source});
  while (s->size > 0) {
    road_heap_item it = pop_min(s);
    int32_t u = it.node;
    s->settled++;
    if (u == single || (remaining > 0 && target[u] && --remaining == 0)) break;
    for (int64_t a = off[u], end = off[u + 1]; a < end; a++) {
      int32_t v = heads[a];
      double nd = it.key + w[a];
      road_node_state *sv = &state[v];
      if (sv->stamp != gen) {
        sv->stamp = gen;
        sv->dist = nd;
        if (pred) pred[v] = a;
        sift_up(s, s->size++, (road_heap_item){nd, v});
      } else if (nd < sv->dist && sv->pos >= 0) {
        sv->dist = nd;
        if (pred) pred[v] = a;
        sift_up(s, sv->pos, (road_heap_item){nd, v});
      }
    }
  }
}

/* search() on the compact copy (road_compact.h): the same steps, one arc array. */
static void search_compact(road_search *s, const road_compact *c, int32_t source,
                           const uint8_t *target, int32_t ntargets) {
  next_generation(s);
  const uint32_t gen = s->gen;
  const int64_t *off = c->offsets;
  const road_compact_arc *arc = c->arc;
  road_node_state *state = s->state;
  int32_t remaining = target ? ntargets : 0;
  s->settled = 0;
  state[source].stamp = gen;
  state[source].dist = 0;
  s->size = 1;
  heap_place(s, 0, (road_heap_item){0.0, source});
  while (s->size > 0) {
    road_heap_item it = pop_min(s);
    int32_t u = it.node;
    s->settled++;
    if (remaining > 0 && target[u] && --remaining == 0) break;
    for (int64_t a = off[u], end = off[u + 1]; a < end; a++) {
      int32_t v = arc[a].head;
      double nd = it.key + arc[a].w;
      road_node_state *sv = &state[v];
      if (sv->stamp != gen) {
        sv->stamp = gen;
        sv->dist = nd;
        sift_up(s, s->size++, (road_heap_item){nd, v});
      } else if (nd < sv->dist && sv->pos >= 0) {
        sv->dist = nd;
        sift_up(s, sv->pos, (road_heap_item){nd, v});
      }
    }
  }
}

void road_search_run_compact(road_search *s, const road_compact *c, int32_t source,
                             const uint8_t *target, int32_t ntargets) {
  search_compact(s, c, source, target, ntargets);
}

void road_search_run(road_search *s, const road_graph *g, const double *w, int32_t source,
                     const uint8_t *target, int32_t ntargets) {
  search(s, g, w, source, target, ntargets, -1);
}

void road_search_run_to(road_search *s, const road_graph *g, const double *w, int32_t source,
                        int32_t target) {
  search(s, g, w, source, NULL, 0, target);
}

double road_search_dist(const road_search *s, int32_t u) {
  return s->state[u].stamp == s->gen ? s->state[u].dist : INFINITY;
}

int64_t road_search_path(const road_search *s, const road_graph *g, int32_t u, int32_t *nodes,
                         int64_t *arcs, int64_t cap) {
  if (!s->pred || s->state[u].stamp != s->gen) return -1;
  int64_t len = 1;
  for (int32_t v = u; s->pred[v] >= 0; v = road_graph_tail(g, s->pred[v]))
    len++;
  if (len > cap) return len;
  int64_t k = len - 1;
  nodes[k] = u;
  for (int32_t v = u; s->pred[v] >= 0;) {
    int64_t a = s->pred[v];
    v = road_graph_tail(g, a);
    if (arcs) arcs[k - 1] = a;
    nodes[--k] = v;
  }
  return len;
}
