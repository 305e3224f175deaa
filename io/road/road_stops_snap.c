/* SPDX-License-Identifier: BSD-3-Clause */
/* road_stops_snap: stops to road nodes (see road_stops_snap.h). */
#include "road_stops_snap.h"

#include <stdlib.h>

#include "road_scc.h"
#include "road_snap.h"

static ar_status too_far(const road_graph *g, const road_stop_set *set, int32_t i, double d) {
  const road_stops *s = &set->stops;
  char other[160] = "";
  road_snap all;
  /* A road node closer than the component's: the stop is on a road the network cannot both
   * reach and leave (an island, a dead end behind one-way streets). */
  if (road_snap_build(&all, g, NULL) == AR_OK) {
    double d_all;
    road_snap_nearest(&all, s->lat[i], s->lon[i], &d_all);
    if (d_all <= set->max_snap)
      snprintf(other, sizeof other,
               "; a road node outside that component is %.0f m away: the stop is on roads the "
               "rest of the network cannot reach or leave",
               d_all);
    road_snap_free(&all);
  }
  ar_error_clear();
  return ar_fail(AR_ERR_INPUT,
                 "%s:%lld: stop '%s' at (%.6f, %.6f) is %.0f m from the nearest road node of the "
                 "network's largest strongly connected component, more than --max-snap %g m (in "
                 "the sea, on an island, or outside the map?)%s",
                 set->stops_csv, (long long)s->line[i], s->id[i], s->lat[i], s->lon[i], d,
                 set->max_snap, other);
}

ar_status road_stops_snap(const road_graph *g, road_stop_set *set, int32_t *component) {
  int32_t n = set->stops.n;
  set->node = malloc((size_t)n * sizeof *set->node);
  set->node_id = malloc((size_t)n * sizeof *set->node_id);
  set->snap_metres = malloc((size_t)n * sizeof *set->snap_metres);
  uint8_t *keep = malloc(g->n > 0 ? (size_t)g->n : 1);
  if (!set->node || !set->node_id || !set->snap_metres || !keep) {
    free(keep);
    return ar_fail(AR_ERR_NOMEM, "out of memory snapping %d stops", (int)n);
  }
  ar_status st = road_scc_largest(g, keep, component);
  road_snap tree;
  if (st == AR_OK) st = road_snap_build(&tree, g, keep);
  free(keep);
  if (st != AR_OK) return st;
  set->snap_max_stop = 0;
  for (int32_t i = 0; i < n && st == AR_OK; i++) {
    double d;
    int32_t u = road_snap_nearest(&tree, set->stops.lat[i], set->stops.lon[i], &d);
    if (u < 0 || d > set->max_snap) {
      st = too_far(g, set, i, d);
      break;
    }
    set->node[i] = u;
    set->node_id[i] = g->node_id[u];
    set->snap_metres[i] = d;
    if (d > set->snap_metres[set->snap_max_stop]) set->snap_max_stop = i;
  }
  road_snap_free(&tree);
  return st;
}
