/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_import_osm: `antroute import osm MAP -o roads.h5` reads an OpenStreetMap extract (PBF,
 * XML or gzipped XML) into a road network file (io/road/road_osm.h for the rules).
 *
 * Runs on rank 0 (reading one file is not parallel); the others wait for its verdict. Nothing is
 * written before the whole map has been read; the output goes through PATH.tmp and a rename.
 */
#include <stdio.h>
#include <string.h>

#include "ar_path.h"
#include "cli_parse.h"
#include "h5net_road.h"
#include "param.h"
#include "road_osm.h"
#include "wing_road_import_osm.h"

static const param_def import_osm_params[] = {
    {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "OUT.h5",
     "the road network file to write (required)", PARAM_OUTPUT},
    {"name", 0, PARAM_STRING, NULL, NULL, 1, 0, "NAME",
     "the network's name (default: the file name without its extensions)", 0},
};

int wing_road_import_osm_defs(param_def *out, int cap) {
  return cli_copy_defs(import_osm_params,
                       (int)(sizeof import_osm_params / sizeof import_osm_params[0]), out, cap);
}

static const cli_rule import_osm_rules[] = {CLI_RULE_NETWORK_OUTPUT};

/* "andorra" of "maps/andorra.osm.pbf". */
static void stem(const char *path, char *buf, size_t cap) {
  const char *base = strrchr(path, '/');
  snprintf(buf, cap, "%s", base ? base + 1 : path);
  char *dot = strchr(buf, '.');
  if (dot && dot != buf) *dot = '\0';
}

static void print_summary(const char *out, const road_net_info *info, const road_graph *g,
                          const road_osm_stats *s) {
  printf("%s: %lld ways, %lld car roads (%lld one-way, %lld with a usable maxspeed); not kept: "
         "%lld %s, %lld %s, %lld %s, %lld %s; %lld road nodes, %lld dropped outside the largest "
         "strongly connected component -> %d nodes, %lld arcs -> %s\n",
         info->name, (long long)s->ways, (long long)s->ways_by[ROAD_WAY_KEPT],
         (long long)s->one_way, (long long)s->speed_tags,
         (long long)s->ways_by[ROAD_WAY_NOT_FOR_CARS], road_way_reason_name(ROAD_WAY_NOT_FOR_CARS),
         (long long)s->ways_by[ROAD_WAY_NO_ACCESS], road_way_reason_name(ROAD_WAY_NO_ACCESS),
         (long long)s->ways_by[ROAD_WAY_AREA], road_way_reason_name(ROAD_WAY_AREA),
         (long long)s->ways_by[ROAD_WAY_REVERSIBLE], road_way_reason_name(ROAD_WAY_REVERSIBLE),
         (long long)s->nodes, (long long)s->nodes_dropped, (int)g->n, (long long)g->m, out);
  if (s->segments_missing)
    printf("%s: %lld way segments dropped: a node they name is not in the file (an extract's "
           "border)\n",
           info->name, (long long)s->segments_missing);
}

static ar_status import_osm_work(const param_set *ps) {
  const char *input = ps->positional[0], *out = param_str(ps, "output");
  ar_path_role inputs[] = {{input, "the map"}, {ps->param_file, "--params"}};
  ar_path_role output = {out, "-o"};
  ar_status st = ar_outputs_check(inputs, 2, &output, 1);
  if (st != AR_OK) return st;
  road_graph g;
  road_osm_stats stats;
  st = road_osm_import(input, &g, &stats);
  if (st != AR_OK) return st;
  road_net_info info = {.dropped_nodes = stats.nodes_dropped};
  if (param_is_set(ps, "name"))
    snprintf(info.name, sizeof info.name, "%s", param_str(ps, "name"));
  else
    stem(input, info.name, sizeof info.name);
  snprintf(info.source, sizeof info.source, "%s", input);
  snprintf(info.attribution, sizeof info.attribution, "%s", ROAD_OSM_ATTRIBUTION);
  snprintf(info.node_ids, sizeof info.node_ids, "osm");
  st = h5net_road_write(&g, &info, out, ps);
  if (st == AR_OK) print_summary(out, &info, &g, &stats);
  road_graph_free(&g);
  return st;
}

ar_status wing_road_import_osm(int argc, char **argv) {
  param_set ps = {
      .command = "import osm",
      .usage = "antroute import osm MAP.osm.pbf|MAP.osm|MAP.osm.gz -o ROADS.h5 "
               "[--name NAME]",
      .examples = "antroute import osm inputs/roads/monaco.osm.gz -o monaco-roads.h5\n"
                  "antroute import osm inputs/roads/andorra.osm.pbf -o andorra-roads.h5",
      .description = "Reads an OpenStreetMap extract and writes the road network a car may "
                     "drive: ways with a car highway class (motorway .. service), one-way "
                     "streets as single arcs, lengths in metres and times from maxspeed or the "
                     "class's default speed, only the largest strongly connected component. "
                     "The data's ODbL attribution is stored with it.",
      CLI_OPTIONS(import_osm_params, 1, 1)};
  return cli_parse_run_rank0(&ps, argc, argv, CLI_RULES(import_osm_rules), import_osm_work);
}
