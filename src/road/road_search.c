/* road_search: Dijkstra with a 4-ary indexed heap and stamped scratch (see road_search.h). */
#include "road_search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

ar_status road_search_init(road_search *s, int32_t n) {
  memset(s, 0, sizeof *s);
  size_t c = n > 0 ? (size_t)n : 1;
  s->n = n;
  s->stamp = calloc(c, sizeof *s->stamp);
  s->dist = malloc(c * sizeof *s->dist);
  s->pred = malloc(c * sizeof *s->pred);
  s->pos = malloc(c * sizeof *s->pos);
  s->heap = malloc(c * sizeof *s->heap);
  if (!s->stamp || !s->dist || !s->pred || !s->pos || !s->heap) {
    road_search_free(s);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the search scratch of %d road nodes", n);
  }
  return AR_OK;
}

void road_search_free(road_search *s) {
  free(s->stamp);
  free(s->dist);
  free(s->pred);
  free(s->pos);
  free(s->heap);
  memset(s, 0, sizeof *s);
}

static inline void heap_place(road_search *s, int32_t i, road_heap_item it) {
  s->heap[i] = it;
  s->pos[it.node] = i;
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
  s->pos[top.node] = -1;
  return top;
}

static void next_generation(road_search *s) {
  if (++s->gen == 0) { /* wrapped after 2^32 searches: clear once */
    memset(s->stamp, 0, (size_t)s->n * sizeof *s->stamp);
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
  int32_t remaining = target ? ntargets : 0;
  s->settled = 0;
  s->stamp[source] = gen;
  s->dist[source] = 0;
  s->pred[source] = -1;
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
      if (s->stamp[v] != gen) {
        s->stamp[v] = gen;
        s->dist[v] = nd;
        s->pred[v] = a;
        sift_up(s, s->size++, (road_heap_item){nd, v});
      } else if (nd < s->dist[v] && s->pos[v] >= 0) {
        s->dist[v] = nd;
        s->pred[v] = a;
        sift_up(s, s->pos[v], (road_heap_item){nd, v});
      }
    }
  }
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
  return s->stamp[u] == s->gen ? s->dist[u] : INFINITY;
}

int64_t road_search_path(const road_search *s, const road_graph *g, int32_t u, int32_t *nodes,
                         int64_t *arcs, int64_t cap) {
  if (s->stamp[u] != s->gen) return -1;
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
