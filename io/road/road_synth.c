/* SPDX-License-Identifier: BSD-3-Clause */
/* road_synth: perturbed grids with one-way streets, missing blocks and arterials (see
 * road_synth.h). */
#include "road_synth.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "road_build.h"
#include "road_geo.h"
#include "road_scc.h"
#include "synth_rng.h"

enum { ARTERIAL_EVERY = 8, FAST_EVERY = 32 };
static const double BLOCK_M = 100, JITTER_M = 25, LAT0 = 45.0, LON0 = 5.0;
static const double P_ONE_WAY = 0.2, P_MISSING = 0.1;
static const double KMH_STREET = 30, KMH_ARTERIAL = 60, KMH_FAST = 80;

typedef struct {
  int64_t n, w, h; /* nodes, row width, rows */
  uint64_t seed;
} grid;

enum { TAG_LINE_ONE_WAY = 1, TAG_LINE_DIR, TAG_BLOCK, TAG_JITTER_LAT, TAG_JITTER_LON };

static double unit_hash(const grid *gr, int tag, int64_t x) {
  uint64_t z = gr->seed ^ ((uint64_t)tag << 56) ^ ((uint64_t)x * 0xD1B54A32D192ED03ull);
  return (double)(synth_splitmix64(&z) >> 11) * 0x1.0p-53;
}

/* Lines: rows 0..h-1, then columns as h + c. */
static double line_kmh(int64_t index) {
  return index % FAST_EVERY == 0       ? KMH_FAST
         : index % ARTERIAL_EVERY == 0 ? KMH_ARTERIAL
                                       : KMH_STREET;
}

/* 0 both ways, +1 towards higher indices only, -1 towards lower only. */
static int line_direction(const grid *gr, int64_t line, int64_t index) {
  if (index % ARTERIAL_EVERY == 0 || unit_hash(gr, TAG_LINE_ONE_WAY, line) >= P_ONE_WAY) return 0;
  return unit_hash(gr, TAG_LINE_DIR, line) < 0.5 ? 1 : -1;
}

static int exists(const grid *gr, int64_t r, int64_t c) {
  return r >= 0 && c >= 0 && c < gr->w && r * gr->w + c < gr->n;
}

/* The block from (r, c) to its right (vertical = 0) or down (vertical = 1) neighbour. */
static int block_open(const grid *gr, int64_t r, int64_t c, int vertical) {
  int64_t index = vertical ? c : r;
  if (index % ARTERIAL_EVERY == 0) return 1;
  return unit_hash(gr, TAG_BLOCK, 2 * (r * gr->w + c) + vertical) >= P_MISSING;
}

/* Calls add(u, v, kmh) for each arc out of node (r, c), in a fixed order. Returns the count. */
typedef struct {
  int32_t *heads;
  double *kmh;
} arc_out;

static int node_arcs(const grid *gr, int64_t r, int64_t c, arc_out *out) {
  static const int dr[4] = {0, 0, 1, -1}, dc[4] = {1, -1, 0, 0};
  int k = 0;
  for (int d = 0; d < 4; d++) {
    int64_t r2 = r + dr[d], c2 = c + dc[d];
    if (!exists(gr, r2, c2)) continue;
    int vertical = dr[d] != 0;
    int64_t br = dr[d] < 0 ? r2 : r, bc = dc[d] < 0 ? c2 : c; /* the block's first node */
    if (!block_open(gr, br, bc, vertical)) continue;
    int64_t index = vertical ? c : r, line = vertical ? gr->h + c : r;
    int dir = line_direction(gr, line, index), step = vertical ? dr[d] : dc[d];
    if (dir != 0 && dir != step) continue;
    if (out) {
      out->heads[k] = (int32_t)(r2 * gr->w + c2);
      out->kmh[k] = line_kmh(index);
    }
    k++;
  }
  return k;
}

static void place_nodes(const grid *gr, road_graph *g) {
  const double m_per_deg = ROAD_EARTH_RADIUS_M * 3.14159265358979323846 / 180.0;
  const double lon_scale = m_per_deg * cos(LAT0 * 3.14159265358979323846 / 180.0);
#pragma omp parallel for schedule(static)
  for (int64_t u = 0; u < gr->n; u++) {
    int64_t r = u / gr->w, c = u % gr->w;
    double dy = (2 * unit_hash(gr, TAG_JITTER_LAT, u) - 1) * JITTER_M;
    double dx = (2 * unit_hash(gr, TAG_JITTER_LON, u) - 1) * JITTER_M;
    g->lat[u] = LAT0 + ((double)r * BLOCK_M + dy) / m_per_deg;
    g->lon[u] = LON0 + ((double)c * BLOCK_M + dx) / lon_scale;
    g->node_id[u] = u + 1;
  }
}

static ar_status build_grid(const grid *gr, road_graph *g) {
  int64_t m = 0;
#pragma omp parallel for schedule(static) reduction(+ : m)
  for (int64_t u = 0; u < gr->n; u++)
    m += node_arcs(gr, u / gr->w, u % gr->w, NULL);
  ar_status st = road_graph_alloc(g, gr->n, m, 1);
  if (st != AR_OK) return st;
  for (int64_t u = 0; u < gr->n; u++)
    g->offsets[u + 1] = g->offsets[u] + node_arcs(gr, u / gr->w, u % gr->w, NULL);
  place_nodes(gr, g);
#pragma omp parallel for schedule(static)
  for (int64_t u = 0; u < gr->n; u++) {
    int32_t heads[4];
    double kmh[4];
    arc_out out = {heads, kmh};
    int k = node_arcs(gr, u / gr->w, u % gr->w, &out);
    for (int i = 0; i < k; i++) {
      int64_t a = g->offsets[u] + i;
      int32_t v = heads[i];
      g->heads[a] = v;
      g->metres[a] = road_geo_metres(g->lat[u], g->lon[u], g->lat[v], g->lon[v]);
      g->seconds[a] = g->metres[a] / (kmh[i] / 3.6);
    }
  }
  return AR_OK;
}

ar_status road_synth_generate(int64_t nodes, uint64_t seed, road_graph *g, int64_t *dropped) {
  memset(g, 0, sizeof *g);
  *dropped = 0;
  if (nodes < 4 || nodes > ROAD_SYNTH_MAX_NODES)
    return ar_fail(AR_ERR_USAGE, "a synthetic road network has 4 to %d nodes, not %lld",
                   ROAD_SYNTH_MAX_NODES, (long long)nodes);
  grid gr = {.n = nodes, .seed = seed};
  gr.w = (int64_t)llround(sqrt((double)nodes));
  gr.h = (nodes + gr.w - 1) / gr.w;
  road_graph all;
  ar_status st = build_grid(&gr, &all);
  if (st != AR_OK) return st;
  uint8_t *keep = malloc((size_t)nodes);
  int32_t kept = 0;
  st = keep ? road_scc_largest(&all, keep, &kept)
            : ar_fail(AR_ERR_NOMEM, "out of memory for the components");
  if (st == AR_OK && kept == all.n) { /* nothing to drop: keep the graph as it is */
    *g = all;
    free(keep);
    return AR_OK;
  }
  if (st == AR_OK) st = road_graph_restrict(&all, keep, g, NULL);
  if (st == AR_OK) *dropped = all.n - kept;
  free(keep);
  road_graph_free(&all);
  return st;
}
