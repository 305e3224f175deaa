/* SPDX-License-Identifier: BSD-3-Clause */
/* road_legs_check ROADS.h5 STOPS.h5 COSTS.txt PATHS.txt: the test helper behind tests/road.
 *
 * Reads a road network and a stops file with the readers part B will use (h5net_road_read,
 * h5net_stops_read, h5net_tour_read), checks that the stops file names this road network (same
 * digest), recomputes every row of the matrix with the exact (unrounded) costs and checks that
 * each rounds to the stored weight, then recomputes the path of many legs (road_leg_path) and
 * checks that it is a chain of arcs from the one stop's node to the other's whose total, added
 * along the path, is exactly the cost. Writes the exact costs (one row per line, %.17g) and the
 * paths ("i j k node0 .. node{k-1}") for the independent check of check_scipy.py.
 * Exit 0 when every check holds, 1 with a message otherwise.
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "h5net_road.h"
#include "h5net_stops.h"
#include "h5net_tour.h"
#include "h5u.h"
#include "road_legs.h"
#include "road_matrix.h"

static int failures = 0;

static void fail(const char *what, long long i, long long j) {
  if (failures++ < 10) fprintf(stderr, "leg %lld -> %lld: %s\n", i, j, what);
}

static void check_costs(const road_graph *g, const road_stop_set *s, const tour_net *t,
                        double *exact, FILE *out) {
  int32_t n = s->stops.n;
  int32_t *rows = malloc((size_t)n * n * sizeof *rows);
  road_matrix_in in = {.g = g, .cost = s->cost, .stop_node = s->node, .nstops = n};
  road_matrix_stats st;
  if (!rows || road_matrix_rows(&in, 0, n, rows, exact, &st) != AR_OK) {
    fprintf(stderr, "matrix: %s\n", ar_error_message());
    exit(1);
  }
  for (int32_t i = 0; i < n; i++) {
    for (int32_t j = 0; j < n; j++) {
      int64_t k = (int64_t)i * n + j;
      if (rows[k] != t->weights[k] || llround(exact[k]) != t->weights[k])
        fail("the stored weight differs from the recomputed cost", i, j);
      fprintf(out, "%s%.17g", j ? " " : "", exact[k]);
    }
    fputc('\n', out);
  }
  free(rows);
}

/* One leg: a chain of arcs from stop i's node to stop j's, its total exactly the cost. */
static void check_leg(const road_graph *g, const road_stop_set *s, road_search *sr,
                      const double *exact, int32_t i, int32_t j, int32_t *nodes, int64_t *arcs,
                      FILE *out) {
  int32_t n = s->stops.n;
  double cost;
  int64_t len = road_leg_path(g, s->cost, sr, s->node[i], s->node[j], nodes, arcs, g->n, &cost);
  if (len < 1 || nodes[0] != s->node[i] || nodes[len - 1] != s->node[j]) {
    fail("no path between the stops' nodes", i, j);
    return;
  }
  const double *w = road_graph_weights(g, s->cost);
  double total = 0;
  for (int64_t k = 0; k + 1 < len; k++) {
    if (road_graph_tail(g, arcs[k]) != nodes[k] || g->heads[arcs[k]] != nodes[k + 1])
      fail("a step is not an arc", i, j);
    total += w[arcs[k]];
  }
  if (total != exact[(int64_t)i * n + j] || cost != total)
    fail("the path's total differs from the cost", i, j);
  fprintf(out, "%d %d %lld", (int)i, (int)j, (long long)len);
  for (int64_t k = 0; k < len; k++)
    fprintf(out, " %d", (int)nodes[k]);
  fputc('\n', out);
}

static int run(char **argv) {
  road_graph g;
  road_stop_set s;
  tour_net t;
  if (h5net_road_read(argv[1], MPI_COMM_SELF, &g, NULL) != AR_OK ||
      h5net_stops_read(argv[2], MPI_COMM_SELF, &s) != AR_OK ||
      h5net_stops_read_tour(argv[2], MPI_COMM_SELF, &t) != AR_OK) {
    fprintf(stderr, "%s\n", ar_error_message());
    return 1;
  }
  char digest[64];
  h5net_road_digest_text(&g, digest, sizeof digest);
  if (strcmp(digest, s.roads_digest) != 0)
    fail("the stops file names another road network (digest)", -1, -1);
  int32_t n = s.stops.n;
  double *exact = malloc((size_t)n * n * sizeof *exact);
  FILE *costs = fopen(argv[3], "w"), *paths = fopen(argv[4], "w");
  int32_t *nodes = malloc((size_t)g.n * sizeof *nodes);
  int64_t *arcs = malloc((size_t)g.n * sizeof *arcs);
  road_search sr;
  if (!exact || !costs || !paths || !nodes || !arcs || road_search_init(&sr, g.n) != AR_OK) {
    fprintf(stderr, "cannot set up\n");
    return 1;
  }
  check_costs(&g, &s, &t, exact, costs);
  int64_t legs = 0;
  for (int32_t i = 0; i < n; i++)
    for (int32_t j = 0; j < n; j++)
      if (i != j && (i < 5 || j == (i * 7 + 3) % n)) {
        check_leg(&g, &s, &sr, exact, i, j, nodes, arcs, paths);
        legs++;
      }
  fclose(costs);
  fclose(paths);
  printf("road_legs_check: %d x %d costs round to the stored weights; %lld legs recomputed: "
         "chains of arcs whose totals equal the costs; %d problems\n",
         (int)n, (int)n, (long long)legs, failures);
  road_search_free(&sr);
  free(nodes);
  free(arcs);
  free(exact);
  tour_net_free(&t);
  road_stop_set_free(&s);
  road_graph_free(&g);
  return failures ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: road_legs_check ROADS.h5 STOPS.h5 COSTS.txt PATHS.txt\n");
    return 2;
  }
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  h5u_init();
  int rc = run(argv);
  MPI_Finalize();
  return rc;
}
