/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_stops_inspect: the `antroute inspect` summary of a stops file ("key: value" lines). */
#include <stdio.h>

#include "h5net_stops.h"
#include "h5net_tour.h"
#include "h5u.h"

static void print_stops(const tour_net *t, const road_stop_set *s, FILE *out) {
  fprintf(out, "kind: road (stops on a road network: an ATSP of road %s)\n",
          road_cost_name(s->cost));
  fprintf(out, "name: %s\n", t->name[0] ? t->name : "(none)");
  if (t->comment[0]) fprintf(out, "comment: %s\n", t->comment);
  fprintf(out, "stops: %d (from %s)\n", (int)t->n, s->stops_csv);
  fprintf(out, "cost: %s in %s, rounded per leg\n", road_cost_name(s->cost),
          road_cost_units(s->cost));
  fprintf(out, "roads: %s (%s, digest %s)\n", s->roads, s->roads_name, s->roads_digest);
  int32_t far = s->snap_max_stop;
  fprintf(out, "largest snap: %.1f m (stop %s, line %lld; --max-snap %.0f m)\n",
          s->snap_metres[far], s->stops.id[far], (long long)s->stops.line[far], s->max_snap);
  if (s->attribution[0]) fprintf(out, "attribution: %s\n", s->attribution);
}

ar_status h5net_stops_inspect(hid_t file, FILE *out) {
  tour_net t;
  ar_status st = h5net_tour_read_file(file, &t);
  if (st != AR_OK) return st;
  road_stop_set s;
  st = h5net_stops_read_file(file, &s);
  if (st == AR_OK) {
    print_stops(&t, &s, out);
    road_stop_set_free(&s);
  }
  tour_net_free(&t);
  return st;
}
