/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_road_inspect: the `antroute inspect` summary of a road network ("key: value" lines, so
 * that scripts and tests can grep them). */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "h5net_road.h"
#include "h5u.h"
#include "road_scc.h"

static void print_arcs(const road_graph *g, FILE *out) {
  double metres = 0, seconds = 0;
  int64_t one_way = 0;
  for (int32_t u = 0; u < g->n; u++)
    for (int64_t a = g->offsets[u]; a < g->offsets[u + 1]; a++) {
      metres += g->metres[a];
      seconds += g->seconds[a];
      /* An arc without a reverse arc is a one-way street. */
      int32_t v = g->heads[a];
      int back = 0;
      for (int64_t b = g->offsets[v]; b < g->offsets[v + 1] && !back; b++)
        back = g->heads[b] == u;
      one_way += !back;
    }
  fprintf(out, "arcs: %lld (%lld one-way, without a reverse arc)\n", (long long)g->m,
          (long long)one_way);
  fprintf(out, "length: %.1f km of arcs, mean speed %.1f km/h\n", metres / 1000,
          seconds > 0 ? metres / seconds * 3.6 : 0.0);
}

static void print_box(const road_graph *g, FILE *out) {
  if (!g->lat) {
    fprintf(out, "coordinates: none\n");
    return;
  }
  double a0 = DBL_MAX, a1 = -DBL_MAX, o0 = DBL_MAX, o1 = -DBL_MAX;
  for (int32_t u = 0; u < g->n; u++) {
    if (g->lat[u] < a0) a0 = g->lat[u];
    if (g->lat[u] > a1) a1 = g->lat[u];
    if (g->lon[u] < o0) o0 = g->lon[u];
    if (g->lon[u] > o1) o1 = g->lon[u];
  }
  fprintf(out, "coordinates: lat in [%.6f, %.6f], lon in [%.6f, %.6f]\n", a0, a1, o0, o1);
}

ar_status h5net_road_inspect(hid_t file, FILE *out) {
  road_graph g;
  road_net_info info;
  ar_status st = h5net_road_read_file(file, &g, &info);
  if (st != AR_OK) return st;
  char digest[64];
  h5net_road_digest_text(&g, digest, sizeof digest);
  fprintf(out, "kind: road-graph (a road network: `antroute import stops` makes a tour of it)\n");
  fprintf(out, "name: %s\nsource: %s\n", info.name, info.source);
  if (info.attribution[0]) fprintf(out, "attribution: %s\n", info.attribution);
  fprintf(out,
          "nodes: %d (ids: %s; %lld dropped outside the largest strongly connected "
          "component)\n",
          (int)g.n, info.node_ids[0] ? info.node_ids : "?", (long long)info.dropped_nodes);
  print_arcs(&g, out);
  print_box(&g, out);
  uint8_t *keep = malloc(g.n);
  int32_t kept = 0;
  st = keep ? road_scc_largest(&g, keep, &kept)
            : ar_fail(AR_ERR_NOMEM, "out of memory for the components");
  if (st == AR_OK)
    fprintf(out, "strongly connected: %s (largest component %d of %d nodes)\n",
            kept == g.n ? "yes" : "no", (int)kept, (int)g.n);
  free(keep);
  fprintf(out, "digest: %s\n", digest);
  if (st == AR_OK) fprintf(out, "read by: antroute import stops --roads\n");
  road_graph_free(&g);
  return st;
}
