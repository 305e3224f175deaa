/* SPDX-License-Identifier: BSD-3-Clause */
/* road_osm: OSM extract to road graph with libreadosm (see road_osm.h). */
#include "road_osm.h"

#include <readosm.h>
#include <stdlib.h>
#include <string.h>

#include "road_build.h"
#include "road_geo.h"
#include "road_gunzip.h"
#include "road_scc.h"

/* The ways kept by the first pass: their node refs back to back. */
typedef struct {
  int64_t *refs;
  int64_t nrefs, cap_refs;
  int64_t *start; /* [nways+1] */
  int8_t *dir;
  double *kmh;
  int64_t nways, cap_ways;
  road_tag *tags;
  int cap_tags;
  int nomem;
  road_osm_stats *stats;
  /* second pass */
  int64_t *ids; /* sorted unique refs */
  int64_t nids;
  double *lat, *lon;
  uint8_t *found;
} osm_ctx;

static void ctx_free(osm_ctx *c) {
  free(c->refs);
  free(c->start);
  free(c->dir);
  free(c->kmh);
  free(c->tags);
  free(c->ids);
  free(c->lat);
  free(c->lon);
  free(c->found);
}

static int grow_refs(osm_ctx *c, int64_t need) {
  if (need <= c->cap_refs) return 1;
  int64_t cap = c->cap_refs ? c->cap_refs : 4096;
  while (cap < need)
    cap *= 2;
  int64_t *refs = realloc(c->refs, (size_t)cap * sizeof *refs);
  if (!refs) return 0;
  c->refs = refs;
  c->cap_refs = cap;
  return 1;
}

static int grow_ways(osm_ctx *c) {
  if (c->nways + 2 <= c->cap_ways) return 1;
  int64_t cap = c->cap_ways ? 2 * c->cap_ways : 1024;
  int8_t *dir = realloc(c->dir, (size_t)cap * sizeof *dir);
  if (dir) c->dir = dir;
  double *kmh = realloc(c->kmh, (size_t)cap * sizeof *kmh);
  if (kmh) c->kmh = kmh;
  int64_t *start = realloc(c->start, (size_t)cap * sizeof *start);
  if (start) c->start = start;
  if (!dir || !kmh || !start) return 0;
  c->cap_ways = cap;
  return 1;
}

static int keep_way(osm_ctx *c, const readosm_way *way, const road_way *w) {
  if (!grow_ways(c) || !grow_refs(c, c->nrefs + way->node_ref_count)) return 0;
  memcpy(c->refs + c->nrefs, way->node_refs, (size_t)way->node_ref_count * sizeof *c->refs);
  c->start[c->nways] = c->nrefs;
  c->nrefs += way->node_ref_count;
  c->dir[c->nways] = (int8_t)w->direction;
  c->kmh[c->nways] = w->speed_kmh;
  c->nways++;
  c->start[c->nways] = c->nrefs;
  return 1;
}

static int on_way(const void *user, const readosm_way *way) {
  osm_ctx *c = (osm_ctx *)user;
  c->stats->ways++;
  if (way->tag_count > c->cap_tags) {
    road_tag *t = realloc(c->tags, (size_t)way->tag_count * sizeof *t);
    if (!t) {
      c->nomem = 1;
      return READOSM_ABORT;
    }
    c->tags = t;
    c->cap_tags = way->tag_count;
  }
  for (int i = 0; i < way->tag_count; i++)
    c->tags[i] = (road_tag){way->tags[i].key, way->tags[i].value};
  road_way w;
  road_way_judge(c->tags, way->tag_count, &w);
  c->stats->ways_by[w.reason]++;
  if (w.reason != ROAD_WAY_KEPT) return READOSM_OK;
  if (way->node_ref_count < 2) {
    c->stats->ways_too_short++;
    return READOSM_OK;
  }
  c->stats->speed_tags += w.speed_from_tag;
  c->stats->one_way += w.direction != 0;
  if (!keep_way(c, way, &w)) {
    c->nomem = 1;
    return READOSM_ABORT;
  }
  return READOSM_OK;
}

static int64_t find_id(const osm_ctx *c, int64_t id) {
  int64_t lo = 0, hi = c->nids;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (c->ids[mid] < id)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < c->nids && c->ids[lo] == id ? lo : -1;
}

static int on_node(const void *user, const readosm_node *node) {
  osm_ctx *c = (osm_ctx *)user;
  int64_t k = find_id(c, node->id);
  if (k >= 0 && !c->found[k] && road_geo_valid(node->latitude, node->longitude)) {
    c->lat[k] = node->latitude;
    c->lon[k] = node->longitude;
    c->found[k] = 1;
  }
  return READOSM_OK;
}

static const char *readosm_why(int rc) {
  switch (rc) {
  case READOSM_INVALID_SUFFIX: return "the name must end in .osm, .osm.gz or .pbf";
  case READOSM_FILE_NOT_FOUND: return "no such file";
  case READOSM_INSUFFICIENT_MEMORY: return "out of memory";
  case READOSM_READ_ERROR: return "read error (truncated file?)";
  case READOSM_XML_ERROR: return "malformed OSM XML (truncated file?)";
  case READOSM_INVALID_PBF_HEADER: return "damaged or truncated PBF block";
  case READOSM_UNZIP_ERROR: return "damaged compressed PBF block";
  default: return "cannot be parsed";
  }
}

/* One pass of readosm over file (the name shown is shown_as). */
static ar_status osm_pass(const char *file, const char *shown_as, osm_ctx *c, int ways) {
  const void *h = NULL;
  int rc = readosm_open(file, &h);
  if (rc == READOSM_OK) rc = readosm_parse(h, c, ways ? NULL : on_node, ways ? on_way : NULL, NULL);
  if (h) readosm_close(h);
  if (c->nomem) return ar_fail(AR_ERR_NOMEM, "%s: out of memory reading its ways", shown_as);
  if (rc == READOSM_FILE_NOT_FOUND)
    return ar_fail(AR_ERR_IO, "cannot open %s: no such file, or not readable", shown_as);
  if (rc == READOSM_INSUFFICIENT_MEMORY)
    return ar_fail(AR_ERR_NOMEM, "%s: readosm ran out of memory", shown_as);
  if (rc != READOSM_OK)
    return ar_fail(AR_ERR_INPUT, "%s: not a readable OpenStreetMap file: %s (after %lld ways)",
                   shown_as, readosm_why(rc), (long long)c->stats->ways);
  return AR_OK;
}

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

/* The sorted unique node ids the kept ways use, and room for their coordinates. */
static ar_status collect_ids(osm_ctx *c, const char *path) {
  c->ids = malloc((size_t)(c->nrefs ? c->nrefs : 1) * sizeof *c->ids);
  if (!c->ids)
    return ar_fail(AR_ERR_NOMEM, "%s: out of memory for %lld node refs", path, (long long)c->nrefs);
  memcpy(c->ids, c->refs, (size_t)c->nrefs * sizeof *c->ids);
  qsort(c->ids, (size_t)c->nrefs, sizeof *c->ids, cmp_i64);
  int64_t k = 0;
  for (int64_t i = 0; i < c->nrefs; i++)
    if (k == 0 || c->ids[i] != c->ids[k - 1]) c->ids[k++] = c->ids[i];
  c->nids = k;
  size_t n = (size_t)(k ? k : 1);
  c->lat = calloc(n, sizeof *c->lat);
  c->lon = calloc(n, sizeof *c->lon);
  c->found = calloc(n, 1);
  if (!c->lat || !c->lon || !c->found)
    return ar_fail(AR_ERR_NOMEM, "%s: out of memory for %lld nodes", path, (long long)k);
  if (k > ROAD_MAX_NODES)
    return ar_fail(AR_ERR_NOMEM, "%s: %lld road nodes, more than the %lld accepted", path,
                   (long long)k, ROAD_MAX_NODES);
  return AR_OK;
}

/* Arcs between consecutive nodes of each kept way, in the directions it may be driven. */
static ar_status make_arcs(osm_ctx *c, road_arcs *arcs) {
  for (int64_t w = 0; w < c->nways; w++)
    for (int64_t r = c->start[w]; r + 1 < c->start[w + 1]; r++) {
      int64_t a = find_id(c, c->refs[r]), b = find_id(c, c->refs[r + 1]);
      if (!c->found[a] || !c->found[b]) {
        c->stats->segments_missing++;
        continue;
      }
      double metres = road_geo_metres(c->lat[a], c->lon[a], c->lat[b], c->lon[b]);
      double seconds = metres / (c->kmh[w] / 3.6);
      ar_status st = AR_OK;
      if (c->dir[w] >= 0) st = road_arcs_add(arcs, (int32_t)a, (int32_t)b, metres, seconds);
      if (st == AR_OK && c->dir[w] <= 0)
        st = road_arcs_add(arcs, (int32_t)b, (int32_t)a, metres, seconds);
      if (st != AR_OK) return st;
    }
  return AR_OK;
}

/* The graph of the arcs, restricted to its largest strongly connected component. */
static ar_status make_graph(osm_ctx *c, const road_arcs *arcs, const char *path, road_graph *g) {
  road_graph all;
  ar_status st = road_build_csr(arcs, (int32_t)c->nids, 1, &all);
  if (st != AR_OK) return st;
  for (int64_t k = 0; k < c->nids; k++) {
    all.node_id[k] = c->ids[k];
    all.lat[k] = c->lat[k];
    all.lon[k] = c->lon[k];
    c->stats->nodes += c->found[k];
  }
  uint8_t *keep = malloc((size_t)(all.n ? all.n : 1));
  int32_t kept = 0;
  st = keep ? road_scc_largest(&all, keep, &kept)
            : ar_fail(AR_ERR_NOMEM, "out of memory for the components");
  if (st == AR_OK && (all.m == 0 || kept < 2))
    st = ar_fail(AR_ERR_INPUT,
                 "%s: no drivable road (%lld ways read, %lld of them car roads, %lld arcs)", path,
                 (long long)c->stats->ways, (long long)c->stats->ways_by[ROAD_WAY_KEPT],
                 (long long)all.m);
  if (st == AR_OK) st = road_graph_restrict(&all, keep, g, NULL);
  if (st == AR_OK) c->stats->nodes_dropped = c->stats->nodes - g->n;
  free(keep);
  road_graph_free(&all);
  return st;
}

ar_status road_osm_import(const char *path, road_graph *g, road_osm_stats *stats) {
  memset(g, 0, sizeof *g);
  memset(stats, 0, sizeof *stats);
  osm_ctx c = {.stats = stats};
  char tmp[4200] = "";
  ar_status st = AR_OK;
  if (road_is_gzip(path)) st = road_gunzip_temp(path, ".osm", tmp, sizeof tmp);
  const char *file = tmp[0] ? tmp : path;
  if (st == AR_OK) st = osm_pass(file, path, &c, 1);
  if (st == AR_OK) st = collect_ids(&c, path);
  if (st == AR_OK) st = osm_pass(file, path, &c, 0);
  road_gunzip_remove(tmp);
  road_arcs arcs = {0};
  if (st == AR_OK) st = make_arcs(&c, &arcs);
  if (st == AR_OK) st = make_graph(&c, &arcs, path, g);
  road_arcs_free(&arcs);
  ctx_free(&c);
  return st;
}
