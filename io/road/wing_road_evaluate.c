/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_evaluate: a road tour's route checked on a road network (see wing_road_evaluate.h). */
#include "wing_road_evaluate.h"

#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "h5net_road.h"
#include "h5res_road.h"

static const param_def evaluate_own_params[] = {
    {"list", 0, PARAM_INT, "50", NULL, 0, 1e9, "N",
     "print at most N violations of each kind (0: all)", 0},
};

static const cli_rule evaluate_rules[] = {
    {CLI_REQUIRED, "#2", NULL, "missing RESULTS.h5 (the results of a road tour)", NULL},
};

typedef struct {
  int64_t id;
  int32_t row;
} id_row;

static int by_id(const void *a, const void *b) {
  int64_t x = ((const id_row *)a)->id, y = ((const id_row *)b)->id;
  return (x > y) - (x < y);
}

/* The row of node id in the sorted index, -1 when the network has no such node. */
static int32_t row_of(const id_row *index, int32_t n, int64_t id) {
  id_row key = {id, 0};
  const id_row *hit = bsearch(&key, index, (size_t)n, sizeof *index, by_id);
  return hit ? hit->row : -1;
}

typedef struct {
  double metres, seconds;
  int64_t bad;
} route_check;

/* Walks the route's steps on g; prints at most list bad steps (0: all). */
static void walk(const road_graph *g, const id_row *index, const h5res_road_route *rr,
                 road_cost cost, int64_t list, route_check *c) {
  int32_t leg = 0;
  for (int64_t i = 0; i + 1 < rr->nodes; i++) {
    while (leg + 1 < rr->n && rr->leg_offset[leg + 1] <= i)
      leg++;
    int32_t u = row_of(index, g->n, rr->node_id[i]), v = row_of(index, g->n, rr->node_id[i + 1]);
    int64_t a = u >= 0 && v >= 0 ? road_graph_arc(g, u, v, cost) : -1;
    if (a >= 0) {
      c->metres += g->metres[a];
      c->seconds += g->seconds[a];
      continue;
    }
    if (list == 0 || c->bad < list) {
      const char *why = u < 0 || v < 0                                 ? "a node the network lacks"
                        : u >= 0 && road_graph_arc(g, v, u, cost) >= 0 ? "one-way the other way"
                                                                       : "no such arc";
      printf("step %lld (leg %d): node %lld -> node %lld is not an arc (%s)\n", (long long)i,
             (int)leg, (long long)rr->node_id[i], (long long)rr->node_id[i + 1], why);
    }
    c->bad++;
  }
}

static int agrees(double a, double b) { return fabs(a - b) <= 1e-6 * fmax(1.0, fabs(b)); }

static ar_status judge(const param_set *ps, const road_graph *g, const h5res_road_route *rr) {
  road_cost cost;
  if (road_cost_parse(rr->cost, &cost) != 0)
    return ar_fail(AR_ERR_INPUT, "%s: /route attribute cost '%s' is neither 'time' nor 'distance'",
                   ps->positional[1], rr->cost);
  id_row *index = malloc((size_t)g->n * sizeof *index);
  if (!index) return ar_fail(AR_ERR_NOMEM, "out of memory for the node index");
  for (int32_t u = 0; u < g->n; u++)
    index[u] = (id_row){g->node_id[u], u};
  qsort(index, (size_t)g->n, sizeof *index, by_id);
  route_check c = {0};
  walk(g, index, rr, cost, param_int(ps, "list"), &c);
  free(index);
  int closed = rr->node_id[0] == rr->node_id[rr->nodes - 1];
  printf("route: %d stops, %lld steps on %s: %lld not arcs%s; %.3f km, %.1f min over its arcs "
         "(the results say %.3f km, %.1f min)\n",
         (int)rr->n, (long long)(rr->nodes - 1), ps->positional[0], (long long)c.bad,
         closed ? "" : ", not back at its first stop", c.metres / 1000, c.seconds / 60,
         rr->metres / 1000, rr->seconds / 60);
  if (c.bad > 0 || !closed)
    return ar_fail(AR_ERR_INFEASIBLE, "%s: %lld of %lld steps of the route are not arcs of %s%s",
                   ps->positional[1], (long long)c.bad, (long long)(rr->nodes - 1),
                   ps->positional[0], closed ? "" : ", and it does not return to its start");
  if (!agrees(c.metres, rr->metres) || !agrees(c.seconds, rr->seconds))
    return ar_fail(AR_ERR_INFEASIBLE,
                   "%s: the route's arcs sum to %.3f m and %.3f s, the results "
                   "say %.3f m and %.3f s",
                   ps->positional[1], c.metres, c.seconds, rr->metres, rr->seconds);
  printf("valid: every step is an arc in its direction; the totals agree\n");
  return AR_OK;
}

static ar_status evaluate_work(const param_set *ps) {
  road_graph g;
  ar_status st = h5net_road_read(ps->positional[0], MPI_COMM_SELF, &g, NULL);
  if (st != AR_OK) return st;
  h5res_road_route rr;
  st = h5res_road_read(ps->positional[1], &rr);
  if (st == AR_OK) {
    st = judge(ps, &g, &rr);
    h5res_road_route_free(&rr);
  }
  road_graph_free(&g);
  return st;
}

static int evaluate_params(param_def *defs, int cap) {
  return cli_copy_defs(evaluate_own_params,
                       (int)(sizeof evaluate_own_params / sizeof evaluate_own_params[0]), defs,
                       cap);
}

const wing_evaluate wing_road_evaluate = {
    .usage = "antroute evaluate ROADS.h5 RESULTS.h5 [--list N]",
    .description = "Road networks: the route of a road tour's results, recomputed from the road "
                   "network alone: every step an arc in its direction (one-way streets "
                   "respected), its length and time against the results' (exit 6 when not).",
    .params = evaluate_params,
    .rules = evaluate_rules,
    .nrules = (int)(sizeof evaluate_rules / sizeof evaluate_rules[0]),
    .max_positional = 2,
    .run = evaluate_work,
};
