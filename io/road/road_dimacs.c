/* SPDX-License-Identifier: BSD-3-Clause */
/* road_dimacs: DIMACS .gr/.co files to a road graph (see road_dimacs.h). */
#include "road_dimacs.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "road_build.h"
#include "road_geo.h"
#include "road_scc.h"

typedef struct {
  const char *path;
  FILE *f;
  char *line;
  size_t cap;
  long lineno;
} line_reader;

static ar_status reader_open(line_reader *r, const char *path) {
  memset(r, 0, sizeof *r);
  r->path = path;
  r->f = fopen(path, "r");
  if (!r->f) return ar_fail(AR_ERR_IO, "cannot open %s: %s", path, strerror(errno));
  return AR_OK;
}

static void reader_close(line_reader *r) {
  if (r->f) fclose(r->f);
  free(r->line);
}

/* The next line that is neither blank nor a comment; 0 at the end of the file. */
static int next_line(line_reader *r) {
  for (;;) {
    if (getline(&r->line, &r->cap, r->f) < 0) return 0;
    r->lineno++;
    const char *p = r->line;
    while (*p == ' ' || *p == '\t')
      p++;
    if (*p != 'c' && *p != '\n' && *p != '\r' && *p != '\0') return 1;
  }
}

/* Splits the current line into at most max words (in place); returns how many. */
static int words(line_reader *r, char **w, int max) {
  int k = 0;
  for (char *tok = strtok(r->line, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n"))
    if (k < max + 1) w[k++] = tok;
  return k;
}

static int parse_i64(const char *s, int64_t *v) {
  char *end;
  errno = 0;
  long long x = strtoll(s, &end, 10);
  if (end == s || *end || errno) return -1;
  *v = x;
  return 0;
}

static ar_status read_problem(line_reader *r, int64_t *n, int64_t *m) {
  char *w[6];
  if (!next_line(r)) return ar_fail(AR_ERR_INPUT, "%s: the file is empty", r->path);
  int k = words(r, w, 5);
  if (k != 4 || strcmp(w[0], "p") != 0 || strcmp(w[1], "sp") != 0 || parse_i64(w[2], n) ||
      parse_i64(w[3], m))
    return ar_fail(AR_ERR_INPUT, "%s:%ld: expected the problem line 'p sp NODES ARCS'", r->path,
                   r->lineno);
  if (*n < 1 || *n > ROAD_MAX_NODES || *m < 0 || *m > ROAD_MAX_ARCS)
    return ar_fail(AR_ERR_INPUT,
                   "%s:%ld: %lld nodes and %lld arcs are out of range (1..%lld "
                   "nodes, 0..%lld arcs)",
                   r->path, r->lineno, (long long)*n, (long long)*m, ROAD_MAX_NODES, ROAD_MAX_ARCS);
  return AR_OK;
}

static ar_status read_arc(line_reader *r, int64_t n, const road_dimacs_opts *o, road_arcs *arcs) {
  char *w[5];
  int k = words(r, w, 4);
  int64_t u, v;
  if (k != 4 || strcmp(w[0], "a") != 0 || parse_i64(w[1], &u) || parse_i64(w[2], &v))
    return ar_fail(AR_ERR_INPUT, "%s:%ld: expected an arc line 'a FROM TO WEIGHT'", r->path,
                   r->lineno);
  if (u < 1 || u > n || v < 1 || v > n)
    return ar_fail(AR_ERR_INPUT, "%s:%ld: arc %lld -> %lld names a node outside 1..%lld", r->path,
                   r->lineno, (long long)u, (long long)v, (long long)n);
  char *end;
  double x = strtod(w[3], &end);
  if (end == w[3] || *end || !isfinite(x) || x < 0)
    return ar_fail(AR_ERR_INPUT, "%s:%ld: weight '%s' is not a finite non-negative number", r->path,
                   r->lineno, w[3]);
  double value = x * o->unit, metres, seconds;
  if (o->weights == ROAD_COST_DISTANCE) {
    metres = value;
    seconds = metres / (o->speed_kmh / 3.6);
  } else {
    seconds = value;
    metres = NAN; /* from the coordinates, or the speed, once known */
  }
  return road_arcs_add(arcs, (int32_t)(u - 1), (int32_t)(v - 1), metres, seconds);
}

static ar_status read_gr(const char *path, const road_dimacs_opts *o, road_arcs *arcs, int64_t *n) {
  line_reader r;
  ar_status st = reader_open(&r, path);
  int64_t m = 0;
  if (st == AR_OK) st = read_problem(&r, n, &m);
  while (st == AR_OK && next_line(&r)) {
    if (arcs->count == m) {
      st = ar_fail(AR_ERR_INPUT, "%s:%ld: more arc lines than the %lld of the problem line", path,
                   r.lineno, (long long)m);
      break;
    }
    st = read_arc(&r, *n, o, arcs);
  }
  if (st == AR_OK && ferror(r.f)) st = ar_fail(AR_ERR_IO, "%s: read error", path);
  if (st == AR_OK && arcs->count != m)
    st = ar_fail(AR_ERR_INPUT,
                 "%s:%ld: the file ends after %lld arcs, the problem line says "
                 "%lld",
                 path, r.lineno, (long long)arcs->count, (long long)m);
  reader_close(&r);
  return st;
}

static ar_status read_co_header(line_reader *r, int64_t n) {
  char *w[7];
  int64_t count = 0;
  if (!next_line(r)) return ar_fail(AR_ERR_INPUT, "%s: the file is empty", r->path);
  int k = words(r, w, 6);
  if (k != 5 || strcmp(w[0], "p") != 0 || strcmp(w[1], "aux") != 0 || strcmp(w[2], "sp") != 0 ||
      strcmp(w[3], "co") != 0 || parse_i64(w[4], &count))
    return ar_fail(AR_ERR_INPUT, "%s:%ld: expected the problem line 'p aux sp co NODES'", r->path,
                   r->lineno);
  if (count != n)
    return ar_fail(AR_ERR_INPUT, "%s:%ld: %lld nodes, but the graph has %lld", r->path, r->lineno,
                   (long long)count, (long long)n);
  return AR_OK;
}

static ar_status read_co(const char *path, road_graph *g, uint8_t *seen) {
  line_reader r;
  ar_status st = reader_open(&r, path);
  if (st == AR_OK) st = read_co_header(&r, g->n);
  while (st == AR_OK && next_line(&r)) {
    char *w[5];
    int64_t id, x, y;
    int k = words(&r, w, 4);
    if (k != 4 || strcmp(w[0], "v") != 0 || parse_i64(w[1], &id) || parse_i64(w[2], &x) ||
        parse_i64(w[3], &y)) {
      st = ar_fail(AR_ERR_INPUT, "%s:%ld: expected a line 'v ID X Y' (integers)", path, r.lineno);
    } else if (id < 1 || id > g->n) {
      st = ar_fail(AR_ERR_INPUT, "%s:%ld: node %lld is outside 1..%d", path, r.lineno,
                   (long long)id, (int)g->n);
    } else if (seen[id - 1]) {
      st = ar_fail(AR_ERR_INPUT, "%s:%ld: node %lld has coordinates already", path, r.lineno,
                   (long long)id);
    } else if (!road_geo_valid(y / 1e6, x / 1e6)) {
      st = ar_fail(AR_ERR_INPUT,
                   "%s:%ld: node %lld: (%lld, %lld) is not a longitude and a "
                   "latitude in millionths of a degree",
                   path, r.lineno, (long long)id, (long long)x, (long long)y);
    } else {
      seen[id - 1] = 1;
      g->lon[id - 1] = x / 1e6;
      g->lat[id - 1] = y / 1e6;
    }
  }
  for (int32_t u = 0; st == AR_OK && u < g->n; u++)
    if (!seen[u]) st = ar_fail(AR_ERR_INPUT, "%s: node %d has no coordinates", path, (int)u + 1);
  reader_close(&r);
  return st;
}

/* Times given: metres from the coordinates when there are some, else through the speed. */
static void derive_metres(road_graph *g, const road_dimacs_opts *o) {
  for (int32_t u = 0; u < g->n; u++)
    for (int64_t a = g->offsets[u]; a < g->offsets[u + 1]; a++) {
      if (!isnan(g->metres[a])) continue;
      int32_t v = g->heads[a];
      g->metres[a] = g->lat ? road_geo_metres(g->lat[u], g->lon[u], g->lat[v], g->lon[v])
                            : g->seconds[a] * o->speed_kmh / 3.6;
    }
}

static ar_status keep_largest(road_graph *all, road_graph *g, road_dimacs_stats *stats) {
  uint8_t *keep = malloc((size_t)all->n);
  int32_t kept = 0;
  ar_status st = keep ? road_scc_largest(all, keep, &kept)
                      : ar_fail(AR_ERR_NOMEM, "out of memory for the components");
  if (st == AR_OK) st = road_graph_restrict(all, keep, g, NULL);
  if (st == AR_OK) stats->nodes_dropped = all->n - kept;
  free(keep);
  return st;
}

ar_status road_dimacs_import(const char *gr, const char *co, const road_dimacs_opts *o,
                             road_graph *g, road_dimacs_stats *stats) {
  memset(g, 0, sizeof *g);
  memset(stats, 0, sizeof *stats);
  road_arcs arcs = {0};
  int64_t n = 0;
  ar_status st = read_gr(gr, o, &arcs, &n);
  road_graph all = {0};
  if (st == AR_OK) st = road_build_csr(&arcs, (int32_t)n, co != NULL, &all);
  road_arcs_free(&arcs);
  uint8_t *seen = st == AR_OK && co ? calloc((size_t)n, 1) : NULL;
  if (st == AR_OK && co && !seen) st = ar_fail(AR_ERR_NOMEM, "out of memory for %s", co);
  if (st == AR_OK && co) st = read_co(co, &all, seen);
  free(seen);
  if (st == AR_OK) {
    for (int32_t u = 0; u < all.n; u++)
      all.node_id[u] = (int64_t)u + 1;
    derive_metres(&all, o);
    stats->nodes = all.n;
    stats->arcs = all.m;
    st = keep_largest(&all, g, stats);
  }
  road_graph_free(&all);
  return st;
}
