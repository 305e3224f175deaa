/* cmd_import_synthetic_road: `antroute import synthetic --kind road --nodes N --seed S`, a
 * road-like network for scale tests (io/road/road_synth.h). cmd_import_synthetic.c parses the
 * options and calls this on rank 0. */
#include <stdio.h>

#include "cmd_import_road.h"
#include "h5net_road.h"
#include "road_synth.h"

ar_status cmd_import_synthetic_road(const param_set *ps) {
  int64_t nodes = param_int(ps, "nodes"), dropped = 0;
  uint64_t seed = (uint64_t)param_int(ps, "seed");
  road_graph g;
  ar_status st = road_synth_generate(nodes, seed, &g, &dropped);
  if (st != AR_OK) return st;
  road_net_info info = {.dropped_nodes = dropped};
  snprintf(info.name, sizeof info.name, "synthetic-road-%lld-s%llu", (long long)nodes,
           (unsigned long long)seed);
  snprintf(info.source, sizeof info.source,
           "antroute import synthetic --kind road --nodes %lld --seed %llu", (long long)nodes,
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
