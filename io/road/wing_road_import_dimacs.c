/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_import_dimacs: `antroute import dimacs GRAPH.gr [--coords GRAPH.co] -o roads.h5` reads
 * a graph of the 9th DIMACS shortest-path challenge into a road network file
 * (io/road/road_dimacs.h). Runs on rank 0; the output goes through PATH.tmp and a rename.
 */
#include <stdio.h>
#include <string.h>

#include "ar_path.h"
#include "cli_parse.h"
#include "h5net_road.h"
#include "param.h"
#include "road_dimacs.h"
#include "wing_road_import_dimacs.h"

static const param_def import_dimacs_params[] = {
    {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "OUT.h5",
     "the road network file to write (required)", PARAM_OUTPUT},
    {"coords", 0, PARAM_STRING, NULL, NULL, 1, 0, "GRAPH.co",
     "node coordinates (longitude, latitude in millionths of a degree); without them stops "
     "cannot be snapped to the network",
     0},
    {"weights", 0, PARAM_CHOICE, "distance", "distance|time", 1, 0, "WHAT",
     "what the arc weights of the .gr file are", 0},
    {"unit", 0, PARAM_REAL, "1", NULL, 1e-9, 1e9, "F",
     "metres (distance) or seconds (time) per weight unit", 0},
    {"speed", 0, PARAM_REAL, "50", NULL, 1, 300, "KMH",
     "the speed that turns distances into times (or times into distances without --coords)", 0},
    {"name", 0, PARAM_STRING, NULL, NULL, 1, 0, "NAME",
     "the network's name (default: the file name without its extension)", 0},
};

int wing_road_import_dimacs_defs(param_def *out, int cap) {
  return cli_copy_defs(import_dimacs_params,
                       (int)(sizeof import_dimacs_params / sizeof import_dimacs_params[0]), out,
                       cap);
}

static const cli_rule import_dimacs_rules[] = {CLI_RULE_NETWORK_OUTPUT};

static ar_status import_dimacs_work(const param_set *ps) {
  const char *gr = ps->positional[0], *co = param_str(ps, "coords"), *out = param_str(ps, "output");
  ar_path_role inputs[] = {{gr, "the graph"}, {co, "--coords"}, {ps->param_file, "--params"}};
  ar_path_role output = {out, "-o"};
  ar_status st = ar_outputs_check(inputs, 3, &output, 1);
  if (st != AR_OK) return st;
  road_dimacs_opts o = {.unit = param_real(ps, "unit"), .speed_kmh = param_real(ps, "speed")};
  road_cost_parse(param_str(ps, "weights"), &o.weights);
  road_graph g;
  road_dimacs_stats stats;
  st = road_dimacs_import(gr, co, &o, &g, &stats);
  if (st != AR_OK) return st;
  road_net_info info = {.dropped_nodes = stats.nodes_dropped};
  const char *base = strrchr(gr, '/');
  snprintf(info.name, sizeof info.name, "%s",
           param_is_set(ps, "name") ? param_str(ps, "name")
           : base                   ? base + 1
                                    : gr);
  char *dot = strrchr(info.name, '.');
  if (!param_is_set(ps, "name") && dot && dot != info.name) *dot = '\0';
  snprintf(info.source, sizeof info.source, "%s", gr);
  snprintf(info.node_ids, sizeof info.node_ids, "dimacs");
  st = h5net_road_write(&g, &info, out, ps);
  if (st == AR_OK)
    printf("%s: %lld nodes, %lld arcs (weights: %s), %lld dropped outside the largest strongly "
           "connected component -> %d nodes, %lld arcs%s -> %s\n",
           info.name, (long long)stats.nodes, (long long)stats.arcs, param_str(ps, "weights"),
           (long long)stats.nodes_dropped, (int)g.n, (long long)g.m,
           co ? ", with coordinates" : ", no coordinates", out);
  road_graph_free(&g);
  return st;
}

ar_status wing_road_import_dimacs(int argc, char **argv) {
  param_set ps = {.command = "import dimacs",
                  .usage = "antroute import dimacs GRAPH.gr [--coords GRAPH.co] -o ROADS.h5 "
                           "[--weights distance|time] [--unit F] [--speed KMH] [--name NAME]",
                  .examples = "antroute import dimacs USA-road-d.NY.gr --coords USA-road-d.NY.co "
                              "-o ny.h5\n"
                              "antroute import dimacs g.gr -o g.h5 --weights time --speed 50",
                  .description =
                      "Reads a graph in the format of the 9th DIMACS Implementation Challenge "
                      "(shortest paths: 'p sp', 'a U V W' lines; coordinates 'v ID X Y') and "
                      "writes a road network file, keeping the largest strongly connected "
                      "component.",
                  CLI_OPTIONS(import_dimacs_params, 1, 1)};
  return cli_parse_run_rank0(&ps, argc, argv, CLI_RULES(import_dimacs_rules), import_dimacs_work);
}
