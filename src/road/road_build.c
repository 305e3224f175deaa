/* SPDX-License-Identifier: BSD-3-Clause */
/* road_build: arc lists to CSR, and restriction to a node subset (see road_build.h). */
#include "road_build.h"

#include <stdlib.h>
#include <string.h>

static ar_status arcs_grow(road_arcs *a) {
  int64_t cap = a->cap ? a->cap * 2 : 1024;
  if (cap > ROAD_MAX_ARCS) cap = ROAD_MAX_ARCS;
  if (cap <= a->count)
    return ar_fail(AR_ERR_NOMEM, "more than %lld arcs in one road network", ROAD_MAX_ARCS);
  int32_t *tail = realloc(a->tail, (size_t)cap * sizeof *tail);
  if (tail) a->tail = tail;
  int32_t *head = realloc(a->head, (size_t)cap * sizeof *head);
  if (head) a->head = head;
  double *metres = realloc(a->metres, (size_t)cap * sizeof *metres);
  if (metres) a->metres = metres;
  double *seconds = realloc(a->seconds, (size_t)cap * sizeof *seconds);
  if (seconds) a->seconds = seconds;
  if (!tail || !head || !metres || !seconds)
    return ar_fail(AR_ERR_NOMEM, "out of memory for %lld road arcs", (long long)cap);
  a->cap = cap;
  return AR_OK;
}

ar_status road_arcs_add(road_arcs *a, int32_t tail, int32_t head, double metres, double seconds) {
  if (a->count == a->cap) {
    ar_status st = arcs_grow(a);
    if (st != AR_OK) return st;
  }
  a->tail[a->count] = tail;
  a->head[a->count] = head;
  a->metres[a->count] = metres;
  a->seconds[a->count] = seconds;
  a->count++;
  return AR_OK;
}

void road_arcs_free(road_arcs *a) {
  free(a->tail);
  free(a->head);
  free(a->metres);
  free(a->seconds);
  memset(a, 0, sizeof *a);
}

ar_status road_build_csr(const road_arcs *arcs, int32_t n, int with_coords, road_graph *g) {
  int64_t m = 0;
  for (int64_t k = 0; k < arcs->count; k++)
    m += arcs->tail[k] != arcs->head[k];
  ar_status st = road_graph_alloc(g, n, m, with_coords);
  if (st != AR_OK) return st;
  /* Counting sort by tail: count, prefix sums, then place in input order (stable). */
  for (int64_t k = 0; k < arcs->count; k++)
    if (arcs->tail[k] != arcs->head[k]) g->offsets[arcs->tail[k] + 1]++;
  for (int32_t u = 0; u < n; u++)
    g->offsets[u + 1] += g->offsets[u];
  int64_t *next = malloc(((size_t)n + 1) * sizeof *next);
  if (!next) {
    road_graph_free(g);
    return ar_fail(AR_ERR_NOMEM, "out of memory sorting %lld road arcs", (long long)m);
  }
  memcpy(next, g->offsets, ((size_t)n + 1) * sizeof *next);
  for (int64_t k = 0; k < arcs->count; k++) {
    if (arcs->tail[k] == arcs->head[k]) continue;
    int64_t a = next[arcs->tail[k]]++;
    g->heads[a] = arcs->head[k];
    g->metres[a] = arcs->metres[k];
    g->seconds[a] = arcs->seconds[k];
  }
  free(next);
  return AR_OK;
}

/* The kept nodes' new indices, and the number of nodes and arcs kept. */
static void restrict_count(const road_graph *g, const uint8_t *keep, int32_t *map, int32_t *n,
                           int64_t *m) {
  int32_t kept = 0;
  for (int32_t u = 0; u < g->n; u++)
    map[u] = keep[u] ? kept++ : -1;
  int64_t arcs = 0;
  for (int32_t u = 0; u < g->n; u++)
    if (keep[u])
      for (int64_t a = g->offsets[u]; a < g->offsets[u + 1]; a++)
        arcs += keep[g->heads[a]] != 0;
  *n = kept;
  *m = arcs;
}

ar_status road_graph_restrict(const road_graph *g, const uint8_t *keep, road_graph *out,
                              int32_t **map_out) {
  memset(out, 0, sizeof *out);
  int32_t *map = malloc(((size_t)g->n + 1) * sizeof *map);
  if (!map) return ar_fail(AR_ERR_NOMEM, "out of memory renumbering %d road nodes", g->n);
  int32_t n;
  int64_t m;
  restrict_count(g, keep, map, &n, &m);
  ar_status st = road_graph_alloc(out, n, m, g->lat != NULL);
  if (st != AR_OK) {
    free(map);
    return st;
  }
  int64_t a2 = 0;
  for (int32_t u = 0; u < g->n; u++) {
    if (!keep[u]) continue;
    int32_t v = map[u];
    for (int64_t a = g->offsets[u]; a < g->offsets[u + 1]; a++) {
      if (!keep[g->heads[a]]) continue;
      out->heads[a2] = map[g->heads[a]];
      out->metres[a2] = g->metres[a];
      out->seconds[a2] = g->seconds[a];
      a2++;
    }
    out->offsets[v + 1] = a2;
    out->node_id[v] = g->node_id[u];
    if (g->lat) {
      out->lat[v] = g->lat[u];
      out->lon[v] = g->lon[u];
    }
  }
  if (map_out)
    *map_out = map;
  else
    free(map);
  return AR_OK;
}
