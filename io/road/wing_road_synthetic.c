/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_synthetic: `antroute import synthetic --kind road-graph --nodes N --seed S`, a
 * road-like network for scale tests (road_synth.h). src/app/cmd_import_synthetic.c parses the
 * options and calls the generator on rank 0. */
#include "wing_road_synthetic.h"

#include <stdio.h>

#include "h5net_road.h"
#include "road_synth.h"

/* The same option as the tour generator's --nodes (the command keeps one of a name). */
static const param_def synthetic_params[] = {
    {"nodes", 0, PARAM_INT, "100000", NULL, 3, 20000000, "N", "nodes", 0},
};

static ar_status generate_road(const param_set *ps) {
  int64_t nodes = param_int(ps, "nodes"), dropped = 0;
  uint64_t seed = (uint64_t)param_int(ps, "seed");
  road_graph g;
  ar_status st = road_synth_generate(nodes, seed, &g, &dropped);
  if (st != AR_OK) return st;
  road_net_info info = {.dropped_nodes = dropped};
  snprintf(info.name, sizeof info.name, "synthetic-road-%lld-s%llu", (long long)nodes,
           (unsigned long long)seed);
  snprintf(info.source, sizeof info.source,
           "antroute import synthetic --kind road-graph --nodes %lld --seed %llu", (long long)nodes,
           (unsigned long long)seed);
  snprintf(info.node_ids, sizeof info.node_ids, "synthetic");
  const char *out = param_str(ps, "output");
  st = h5net_road_write(&g, &info, out, ps);
  if (st == AR_OK)
    printf("%s: %s, %lld grid nodes, %lld dropped outside the largest strongly connected "
           "component -> %d nodes, %lld arcs\n",
           out, info.name, (long long)nodes, (long long)dropped, (int)g.n, (long long)g.m);
  road_graph_free(&g);
  return st;
}

const wing_synthetic wing_road_synthetic = {
    .params = synthetic_params,
    .nparams = (int)(sizeof synthetic_params / sizeof synthetic_params[0]),
    .usage = "--nodes N",
    .description = "Road networks: a perturbed grid of about N nodes with missing streets, "
                   "one-way streets and fast arterials.",
    .generate = generate_road,
};
