/* SPDX-License-Identifier: BSD-3-Clause */
/* road_graph: allocation, cost selection, arc look-ups and the digest (see road_graph.h). */
#include "road_graph.h"

#include <stdlib.h>
#include <string.h>

ar_status road_graph_alloc(road_graph *g, int64_t n, int64_t m, int with_coords) {
  memset(g, 0, sizeof *g);
  if (n < 0 || n > ROAD_MAX_NODES || m < 0 || m > ROAD_MAX_ARCS)
    return ar_fail(AR_ERR_NOMEM,
                   "a road network of %lld nodes and %lld arcs is beyond the limits (%lld nodes, "
                   "%lld arcs)",
                   (long long)n, (long long)m, ROAD_MAX_NODES, ROAD_MAX_ARCS);
  g->n = (int32_t)n;
  g->m = m;
  size_t un = (size_t)n, um = (size_t)m;
  g->offsets = calloc(un + 1, sizeof *g->offsets);
  g->heads = malloc((um ? um : 1) * sizeof *g->heads);
  g->metres = malloc((um ? um : 1) * sizeof *g->metres);
  g->seconds = malloc((um ? um : 1) * sizeof *g->seconds);
  g->node_id = malloc((un ? un : 1) * sizeof *g->node_id);
  int ok = g->offsets && g->heads && g->metres && g->seconds && g->node_id;
  if (with_coords) {
    g->lat = malloc((un ? un : 1) * sizeof *g->lat);
    g->lon = malloc((un ? un : 1) * sizeof *g->lon);
    ok = ok && g->lat && g->lon;
  }
  if (!ok) {
    road_graph_free(g);
    return ar_fail(AR_ERR_NOMEM, "out of memory for a road network of %lld nodes and %lld arcs",
                   (long long)n, (long long)m);
  }
  return AR_OK;
}

void road_graph_free(road_graph *g) {
  free(g->offsets);
  free(g->heads);
  free(g->metres);
  free(g->seconds);
  free(g->lat);
  free(g->lon);
  free(g->node_id);
  memset(g, 0, sizeof *g);
}

const double *road_graph_weights(const road_graph *g, road_cost cost) {
  return cost == ROAD_COST_DISTANCE ? g->metres : g->seconds;
}

const char *road_cost_name(road_cost cost) {
  return cost == ROAD_COST_DISTANCE ? "distance" : "time";
}

const char *road_cost_units(road_cost cost) { return cost == ROAD_COST_DISTANCE ? "m" : "s"; }

int road_cost_parse(const char *name, road_cost *cost) {
  if (strcmp(name, "time") == 0) {
    *cost = ROAD_COST_TIME;
    return 0;
  }
  if (strcmp(name, "distance") == 0) {
    *cost = ROAD_COST_DISTANCE;
    return 0;
  }
  return -1;
}

int32_t road_graph_tail(const road_graph *g, int64_t a) {
  /* The last u with offsets[u] <= a (empty nodes share an offset with the next one). */
  int32_t lo = 0, hi = g->n - 1;
  while (lo < hi) {
    int32_t mid = lo + (hi - lo + 1) / 2;
    if (g->offsets[mid] <= a)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

int64_t road_graph_arc(const road_graph *g, int32_t u, int32_t v, road_cost cost) {
  const double *w = road_graph_weights(g, cost);
  int64_t best = -1;
  for (int64_t a = g->offsets[u]; a < g->offsets[u + 1]; a++)
    if (g->heads[a] == v && (best < 0 || w[a] < w[best])) best = a;
  return best;
}

enum { DIGEST_BLOCK = 8 };
static const uint64_t FNV_OFFSET = 0xcbf29ce484222325ull, FNV_PRIME = 0x100000001b3ull;

/* FNV-1a over 8-byte words (a trailing partial word padded with zeros). */
static uint64_t digest_bytes(uint64_t h, const void *data, size_t bytes) {
  const unsigned char *p = data;
  size_t whole = bytes / DIGEST_BLOCK;
  for (size_t i = 0; i < whole; i++) {
    uint64_t w;
    memcpy(&w, p + i * DIGEST_BLOCK, DIGEST_BLOCK);
    h = (h ^ w) * FNV_PRIME;
  }
  size_t rest = bytes % DIGEST_BLOCK;
  if (rest) {
    uint64_t w = 0;
    memcpy(&w, p + whole * DIGEST_BLOCK, rest);
    h = (h ^ w) * FNV_PRIME;
  }
  return h;
}

uint64_t road_graph_digest(const road_graph *g) {
  uint64_t h = FNV_OFFSET;
  int64_t nm[2] = {g->n, g->m};
  size_t un = (size_t)g->n, um = (size_t)g->m;
  h = digest_bytes(h, nm, sizeof nm);
  h = digest_bytes(h, g->offsets, (un + 1) * sizeof *g->offsets);
  h = digest_bytes(h, g->heads, um * sizeof *g->heads);
  h = digest_bytes(h, g->metres, um * sizeof *g->metres);
  h = digest_bytes(h, g->seconds, um * sizeof *g->seconds);
  if (g->lat && g->lon) {
    h = digest_bytes(h, g->lat, un * sizeof *g->lat);
    h = digest_bytes(h, g->lon, un * sizeof *g->lon);
  }
  return digest_bytes(h, g->node_id, un * sizeof *g->node_id);
}
