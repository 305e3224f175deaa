/* SPDX-License-Identifier: BSD-3-Clause */
/* road_unit: the model and algorithms of src/road against brute force on small graphs, plus the
 * sizes that must not need deep recursion.
 *
 * Great-circle lengths; the OSM way rules and maxspeed readings; CSR building (stable, no
 * self-loops) and restriction; strongly connected components on hand-made graphs and on a
 * 2,000,000-node cycle and path (iterative: no call stack depth); Dijkstra against
 * Bellman-Ford on random graphs with parallel and zero-length arcs, scratch reused over every
 * source and across the wrap of its generation counter, early exit on targets, predecessor
 * chains; the compact renumbered copy (Hilbert and breadth-first orders) giving the same
 * distances bit for bit; the k-d tree snap against a scan over points all over the globe; the
 * matrix the same on 1 and 3 threads and by blocks of rows; the road network file written and read
 * back.
 */
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "h5net_road.h"
#include "road_build.h"
#include "road_compact.h"
#include "road_geo.h"
#include "road_legs.h"
#include "road_matrix.h"
#include "road_profile.h"
#include "road_scc.h"
#include "road_search.h"
#include "road_snap.h"
#include "synth_rng.h"
#include "test_util.h"

static void test_geo(void) {
  double one_degree = ROAD_EARTH_RADIUS_M * 3.14159265358979323846 / 180.0;
  CHECK(fabs(road_geo_metres(0, 0, 1, 0) - one_degree) < 1e-6);
  CHECK(fabs(road_geo_metres(0, 179.5, 0, -179.5) - one_degree) < 1e-6); /* across the date line */
  CHECK(fabs(road_geo_metres(43.7, 7.4, 43.71, 7.42) - road_geo_metres(43.71, 7.42, 43.7, 7.4)) <
        1e-9);
  CHECK(road_geo_metres(45, 5, 45, 5) == 0);
  CHECK(road_geo_valid(90, -180) && !road_geo_valid(90.5, 0) && !road_geo_valid(0, NAN));
}

typedef struct {
  const char *tags[8];
  road_way_reason reason;
  int direction;
  double kmh;
} way_case;

static void test_profile(void) {
  static const way_case cases[] = {
      {{"highway", "residential"}, ROAD_WAY_KEPT, 0, 25},
      {{"highway", "motorway"}, ROAD_WAY_KEPT, 1, 90},
      {{"highway", "motorway", "oneway", "no"}, ROAD_WAY_KEPT, 0, 90},
      {{"highway", "primary", "oneway", "-1", "maxspeed", "30 mph"}, ROAD_WAY_KEPT, -1, 48.28032},
      {{"highway", "tertiary", "junction", "roundabout"}, ROAD_WAY_KEPT, 1, 40},
      {{"highway", "service", "oneway", "true", "maxspeed", "DE:urban"}, ROAD_WAY_KEPT, 1, 15},
      {{"highway", "secondary", "oneway", "reversible"}, ROAD_WAY_REVERSIBLE, 0, 0},
      {{"highway", "footway"}, ROAD_WAY_NOT_FOR_CARS, 0, 0},
      {{"highway", "track"}, ROAD_WAY_NOT_FOR_CARS, 0, 0},
      {{"building", "yes"}, ROAD_WAY_NOT_HIGHWAY, 0, 0},
      {{"highway", "residential", "access", "private"}, ROAD_WAY_NO_ACCESS, 0, 0},
      {{"highway", "residential", "access", "no", "motor_vehicle", "yes"}, ROAD_WAY_KEPT, 0, 25},
      {{"highway", "residential", "motor_vehicle", "no"}, ROAD_WAY_NO_ACCESS, 0, 0},
      {{"highway", "service", "area", "yes"}, ROAD_WAY_AREA, 0, 0},
      {{"highway", "trunk", "maxspeed", "none"}, ROAD_WAY_KEPT, 0, 85},
      {{"highway", "living_street", "maxspeed", "walk"}, ROAD_WAY_KEPT, 0, 10},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    road_tag tags[4];
    int n = 0;
    for (; n < 4 && cases[k].tags[2 * n]; n++)
      tags[n] = (road_tag){cases[k].tags[2 * n], cases[k].tags[2 * n + 1]};
    road_way w;
    road_way_judge(tags, n, &w);
    CHECK_EQ_INT(w.reason, cases[k].reason);
    if (w.reason == ROAD_WAY_KEPT) {
      CHECK_EQ_INT(w.direction, cases[k].direction);
      CHECK(fabs(w.speed_kmh - cases[k].kmh) < 1e-9);
    }
  }
  CHECK(road_maxspeed_parse("50") == 50 && road_maxspeed_parse("50 km/h") == 50);
  CHECK(road_maxspeed_parse("70kmh") == 70 && road_maxspeed_parse("10 knots") == 18.52);
  CHECK(road_maxspeed_parse("50;30") == 0 && road_maxspeed_parse("signals") == 0);
  CHECK(road_maxspeed_parse("0") == 0 && road_maxspeed_parse("999") == 0);
}

/* A graph from an arc list (weights w for both costs). */
static road_graph graph_of(int32_t n, const int32_t (*arcs)[2], const double *w, int m) {
  road_arcs list = {0};
  for (int k = 0; k < m; k++)
    road_arcs_add(&list, arcs[k][0], arcs[k][1], w ? w[k] : 1.0, w ? w[k] : 1.0);
  road_graph g;
  ar_status st = road_build_csr(&list, n, 0, &g);
  CHECK(st == AR_OK);
  for (int32_t u = 0; u < n; u++)
    g.node_id[u] = 100 + u;
  road_arcs_free(&list);
  return g;
}

static void test_build_scc(void) {
  /* 0<->1->2<->3, 2->4 (4 a dead end), 5->5 (a self-loop, dropped). */
  static const int32_t arcs[][2] = {{0, 1}, {1, 0}, {1, 2}, {2, 3}, {3, 2}, {2, 4}, {5, 5}};
  road_graph g = graph_of(6, arcs, NULL, 7);
  CHECK_EQ_INT(g.m, 6);
  CHECK_EQ_INT(g.heads[g.offsets[2]], 3); /* arcs of a node keep their input order */
  CHECK_EQ_INT(g.heads[g.offsets[2] + 1], 4);
  int32_t comp[6], ncomp = 0;
  CHECK(road_scc(&g, comp, &ncomp) == AR_OK);
  CHECK_EQ_INT(ncomp, 4);
  CHECK(comp[0] == comp[1] && comp[2] == comp[3] && comp[0] != comp[2] && comp[4] != comp[2]);
  uint8_t keep[6];
  int32_t kept = 0;
  CHECK(road_scc_largest(&g, keep, &kept) == AR_OK);
  CHECK_EQ_INT(kept, 2);
  road_graph r;
  int32_t *map = NULL;
  CHECK(road_graph_restrict(&g, keep, &r, &map) == AR_OK);
  CHECK_EQ_INT(r.n, 2);
  CHECK_EQ_INT(r.m, 2);
  CHECK(r.node_id[0] == 100 + (keep[0] ? 0 : 2));
  CHECK(map[5] == -1);
  free(map);
  road_graph_free(&r);
  road_graph_free(&g);
}

/* 2,000,000 nodes in one cycle (one component, a DFS 2,000,000 deep) or one path. */
static void test_scc_deep(int cycle) {
  const int32_t n = 2000000;
  road_graph g;
  CHECK(road_graph_alloc(&g, n, cycle ? n : n - 1, 0) == AR_OK);
  for (int32_t u = 0; u < n; u++) {
    int has = cycle || u + 1 < n;
    g.offsets[u + 1] = g.offsets[u] + has;
    if (has) g.heads[g.offsets[u]] = (u + 1) % n;
  }
  int32_t *comp = malloc((size_t)n * sizeof *comp), ncomp = 0;
  CHECK(road_scc(&g, comp, &ncomp) == AR_OK);
  CHECK_EQ_INT(ncomp, cycle ? 1 : n);
  free(comp);
  road_graph_free(&g);
}

/* Random graph: n nodes, m arcs (parallel ones and zero lengths included). */
static road_graph random_graph(synth_rng *rng, int32_t n, int m) {
  road_arcs list = {0};
  for (int k = 0; k < m; k++) {
    int32_t u = synth_rng_below(rng, n), v = synth_rng_below(rng, n);
    double w = synth_rng_below(rng, 10) == 0 ? 0.0 : 1 + 99 * synth_rng_unit(rng);
    road_arcs_add(&list, u, v, w, w * 0.1);
  }
  road_graph g;
  CHECK(road_build_csr(&list, n, 1, &g) == AR_OK);
  for (int32_t u = 0; u < n; u++) {
    g.lat[u] = 45 + synth_rng_unit(rng);
    g.lon[u] = 5 + synth_rng_unit(rng);
    g.node_id[u] = u;
  }
  road_arcs_free(&list);
  return g;
}

static void bellman_ford(const road_graph *g, const double *w, int32_t s, double *d) {
  for (int32_t u = 0; u < g->n; u++)
    d[u] = INFINITY;
  d[s] = 0;
  for (int changed = 1; changed;) {
    changed = 0;
    for (int32_t u = 0; u < g->n; u++)
      for (int64_t a = g->offsets[u]; a < g->offsets[u + 1]; a++)
        if (d[u] + w[a] < d[g->heads[a]] * (1 - 1e-15)) {
          d[g->heads[a]] = d[u] + w[a];
          changed = 1;
        }
  }
}

/* Every source of one graph with one scratch; paths are chains whose sums are the distances. */
static void check_sources(const road_graph *g, road_search *s, const double *w) {
  double *d = malloc((size_t)g->n * sizeof *d);
  int32_t *nodes = malloc((size_t)g->n * sizeof *nodes);
  int64_t *arcs = malloc((size_t)g->n * sizeof *arcs);
  for (int32_t src = 0; src < g->n; src++) {
    bellman_ford(g, w, src, d);
    road_search_run(s, g, w, src, NULL, 0);
    for (int32_t v = 0; v < g->n; v++) {
      double got = road_search_dist(s, v);
      CHECK(isinf(d[v]) ? isinf(got) : fabs(got - d[v]) <= 1e-9 * (1 + d[v]));
      int64_t len = road_search_path(s, g, v, nodes, arcs, g->n);
      if (isinf(d[v])) {
        CHECK_EQ_INT(len, -1);
        continue;
      }
      double sum = 0;
      for (int64_t k = 0; k + 1 < len; k++) {
        CHECK(road_graph_tail(g, arcs[k]) == nodes[k] && g->heads[arcs[k]] == nodes[k + 1]);
        sum += w[arcs[k]];
      }
      CHECK(nodes[0] == src && nodes[len - 1] == v && sum == got);
    }
  }
  free(d);
  free(nodes);
  free(arcs);
}

/* The compact copy (Hilbert order with coordinates, breadth-first without) gives every
 * distance of the graph itself, bit for bit, from every source. */
static void check_compact(road_graph *g, road_search *s, road_cost cost) {
  double *lat = g->lat, *lon = g->lon;
  for (int coords = 1; coords >= 0; coords--) {
    g->lat = coords ? lat : NULL;
    g->lon = coords ? lon : NULL;
    road_compact c;
    CHECK(road_compact_build(g, cost, &c) == AR_OK);
    uint8_t *seen = calloc((size_t)g->n, 1);
    for (int32_t u = 0; u < g->n; u++) { /* new_of is a permutation */
      CHECK(c.new_of[u] >= 0 && c.new_of[u] < g->n && !seen[c.new_of[u]]);
      seen[c.new_of[u]] = 1;
    }
    double *d = malloc((size_t)g->n * sizeof *d);
    for (int32_t src = 0; src < g->n; src++) {
      road_search_run(s, g, road_graph_weights(g, cost), src, NULL, 0);
      for (int32_t v = 0; v < g->n; v++)
        d[v] = road_search_dist(s, v);
      road_search_run_compact(s, &c, c.new_of[src], NULL, 0);
      for (int32_t v = 0; v < g->n; v++) {
        double got = road_search_dist(s, c.new_of[v]);
        CHECK(memcmp(&got, &d[v], sizeof got) == 0);
      }
    }
    free(d);
    free(seen);
    road_compact_free(&c);
  }
  g->lat = lat;
  g->lon = lon;
}

static void test_search(void) {
  synth_rng rng;
  synth_rng_seed(&rng, 7);
  road_search s;
  CHECK(road_search_init(&s, 80) == AR_OK);
  for (int trial = 0; trial < 12; trial++) {
    if (trial == 6) s.gen = UINT32_MAX - 30; /* wraps during the next graph's sources */
    int32_t n = 20 + synth_rng_below(&rng, 60);
    road_graph g = random_graph(&rng, n, n * (1 + synth_rng_below(&rng, 4)));
    check_sources(&g, &s, road_graph_weights(&g, trial % 2 ? ROAD_COST_TIME : ROAD_COST_DISTANCE));
    check_compact(&g, &s, trial % 2 ? ROAD_COST_TIME : ROAD_COST_DISTANCE);
    /* Early exit: the targets' distances are those of the full search. */
    uint8_t *target = calloc((size_t)n, 1);
    target[1] = target[n - 1] = 1;
    road_search_run(&s, &g, g.metres, 0, NULL, 0);
    double d1 = road_search_dist(&s, 1), dn = road_search_dist(&s, n - 1);
    road_search_run(&s, &g, g.metres, 0, target, 2);
    CHECK(road_search_dist(&s, 1) == d1 && road_search_dist(&s, n - 1) == dn);
    free(target);
    road_graph_free(&g);
  }
  road_search_free(&s);
}

static void test_snap(void) {
  synth_rng rng;
  synth_rng_seed(&rng, 11);
  const int32_t n = 3000;
  road_graph g;
  CHECK(road_graph_alloc(&g, n, 0, 1) == AR_OK);
  for (int32_t u = 0; u < n; u++) {
    /* Half all over the globe, half in a small town (and some repeated points). */
    int town = u % 2;
    g.lat[u] = town ? 43.7 + 0.01 * synth_rng_unit(&rng) : -90 + 180 * synth_rng_unit(&rng);
    g.lon[u] = town ? 7.4 + 0.01 * synth_rng_unit(&rng) : -180 + 360 * synth_rng_unit(&rng);
    if (u % 100 == 99) {
      g.lat[u] = g.lat[u - 2];
      g.lon[u] = g.lon[u - 2];
    }
  }
  uint8_t *eligible = malloc(n);
  for (int32_t u = 0; u < n; u++)
    eligible[u] = u % 7 != 0;
  road_snap tree;
  CHECK(road_snap_build(&tree, &g, eligible) == AR_OK);
  for (int q = 0; q < 800; q++) {
    int town = q % 2;
    double lat = town ? 43.7 + 0.012 * synth_rng_unit(&rng) : -90 + 180 * synth_rng_unit(&rng);
    double lon = town ? 7.4 + 0.012 * synth_rng_unit(&rng) : -180 + 360 * synth_rng_unit(&rng);
    double best = INFINITY, got;
    for (int32_t u = 0; u < n; u++)
      if (eligible[u]) {
        double d = road_geo_metres(lat, lon, g.lat[u], g.lon[u]);
        if (d < best) best = d;
      }
    int32_t u = road_snap_nearest(&tree, lat, lon, &got);
    CHECK(u >= 0 && eligible[u] && fabs(got - best) <= 1e-6 * (1 + best));
  }
  road_snap_free(&tree);
  free(eligible);
  road_graph_free(&g);
}

static void test_matrix(void) {
  synth_rng rng;
  synth_rng_seed(&rng, 3);
  /* A cycle through every node keeps the graph strongly connected. */
  const int32_t n = 400;
  road_arcs list = {0};
  for (int32_t u = 0; u < n; u++)
    road_arcs_add(&list, u, (u + 1) % n, 50 + synth_rng_below(&rng, 50), 10);
  for (int k = 0; k < 3 * n; k++)
    road_arcs_add(&list, synth_rng_below(&rng, n), synth_rng_below(&rng, n),
                  1 + 99 * synth_rng_unit(&rng), 1 + synth_rng_unit(&rng));
  road_graph g;
  CHECK(road_build_csr(&list, n, 0, &g) == AR_OK);
  road_arcs_free(&list);
  int32_t stops[30];
  for (int k = 0; k < 30; k++)
    stops[k] = (k * 37) % n;
  stops[29] = stops[3]; /* two stops on one node: cost 0 both ways */
  road_matrix_in in = {.g = &g, .cost = ROAD_COST_DISTANCE, .stop_node = stops, .nstops = 30};
  int32_t one[900], three[900], block[300];
  road_matrix_stats st;
  omp_set_num_threads(1);
  CHECK(road_matrix_rows(&in, 0, 30, one, NULL, &st) == AR_OK);
  omp_set_num_threads(3);
  CHECK(road_matrix_rows(&in, 0, 30, three, NULL, &st) == AR_OK);
  CHECK(road_matrix_rows(&in, 10, 10, block, NULL, &st) == AR_OK);
  CHECK(memcmp(one, three, sizeof one) == 0);
  CHECK(memcmp(one + 300, block, sizeof block) == 0);
  CHECK(one[3 * 30 + 29] == 0 && one[29 * 30 + 3] == 0 && one[5 * 30 + 5] == 0);
  CHECK_EQ_INT(st.searches, 10);
  /* A leg's path recomputed alone has the matrix's cost. */
  road_search s;
  CHECK(road_search_init(&s, n) == AR_OK);
  int32_t nodes[400];
  int64_t arcs[400];
  double cost;
  CHECK(road_leg_path(&g, ROAD_COST_DISTANCE, &s, stops[4], stops[9], nodes, arcs, n, &cost) > 1);
  CHECK(llround(cost) == one[4 * 30 + 9]);
  road_search_free(&s);
  road_graph_free(&g);
}

static void test_file(void) {
  synth_rng rng;
  synth_rng_seed(&rng, 5);
  road_graph g = random_graph(&rng, 50, 150), back;
  road_net_info info = {.name = "unit", .node_ids = "synthetic", .dropped_nodes = 4}, got;
  char path[4200];
  const char *dir = getenv("AR_BUILD_DIR");
  snprintf(path, sizeof path, "%s/road_unit.h5", dir ? dir : ".");
  CHECK(h5net_road_write(&g, &info, path, NULL) == AR_OK);
  CHECK(h5net_road_read(path, MPI_COMM_SELF, &back, &got) == AR_OK);
  CHECK(back.n == g.n && back.m == g.m && road_graph_digest(&back) == road_graph_digest(&g));
  CHECK(got.dropped_nodes == 4 && strcmp(got.name, "unit") == 0);
  road_graph_free(&back);
  road_graph_free(&g);
  remove(path);
}

int test_run(int argc, char **argv) {
  test_geo();
  test_profile();
  test_build_scc();
  test_scc_deep(1);
  test_scc_deep(0);
  test_search();
  test_snap();
  test_matrix();
  test_file();
  return 0;
}
