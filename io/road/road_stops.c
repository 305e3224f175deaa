/* SPDX-License-Identifier: BSD-3-Clause */
/* road_stops: the stops CSV (see road_stops.h). */
#include "road_stops.h"

#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "road_geo.h"
#include "strdict.h"

void road_stops_free(road_stops *s) {
  if (s->id)
    for (int32_t i = 0; i < s->n; i++)
      free(s->id[i]);
  free(s->id);
  free(s->lat);
  free(s->lon);
  free(s->line);
  memset(s, 0, sizeof *s);
}

static ar_status read_row(csv_reader *r, const int *col, strdict *ids, road_stops *s) {
  char id[ROAD_STOP_ID_MAX + 1];
  ar_status st = csv_get_code(r, col[0], id, sizeof id);
  double lat = 0, lon = 0;
  if (st == AR_OK) st = csv_get_double(r, col[1], &lat);
  if (st == AR_OK) st = csv_get_double(r, col[2], &lon);
  if (st != AR_OK) return st;
  if (lat < -90 || lat > 90) return csv_fail(r, col[1], "%g is not a latitude in [-90, 90]", lat);
  if (lon < -180 || lon > 180 || !road_geo_valid(lat, lon))
    return csv_fail(r, col[2], "%g is not a longitude in [-180, 180]", lon);
  int32_t index;
  int added = 0;
  st = strdict_add(ids, id, &index, &added);
  if (st != AR_OK) return st;
  if (!added)
    return csv_fail(r, col[0], "stop id '%s' repeats the id of line %lld", id,
                    (long long)s->line[index]);
  s->lat[s->n] = lat;
  s->lon[s->n] = lon;
  s->line[s->n] = csv_line(r);
  s->n++;
  return AR_OK;
}

static ar_status read_rows(csv_reader *r, int32_t max, road_stops *s) {
  static const char *const names[3] = {"id", "lat", "lon"};
  int col[3];
  ar_status st = csv_require_columns(r, names, 3, col);
  if (st != AR_OK) return st;
  long cap = csv_max_rows(r);
  if (cap > (long)max) cap = max;
  if (cap < 1) cap = 1;
  s->lat = malloc((size_t)cap * sizeof *s->lat);
  s->lon = malloc((size_t)cap * sizeof *s->lon);
  s->line = malloc((size_t)cap * sizeof *s->line);
  if (!s->lat || !s->lon || !s->line)
    return ar_fail(AR_ERR_NOMEM, "%s: out of memory for %ld stops", csv_name(r), cap);
  strdict ids;
  strdict_init(&ids);
  int have = 1;
  while (st == AR_OK) {
    st = csv_next(r, &have);
    if (st != AR_OK || !have) break;
    if (s->n == max) {
      st = ar_fail(AR_ERR_INPUT,
                   "%s: more than %d stops: the full stop-to-stop cost matrix is limited to %d "
                   "stops (split the stops, or see docs/cli.md, import stops)",
                   csv_name(r), (int)max, (int)max);
      break;
    }
    st = read_row(r, col, &ids, s);
  }
  int32_t nkeys = 0;
  s->id = strdict_take_keys(&ids, &nkeys);
  strdict_free(&ids);
  if (st == AR_OK && s->n < 3)
    st = ar_fail(AR_ERR_INPUT, "%s: %d stop%s: a tour needs at least 3", csv_name(r), (int)s->n,
                 s->n == 1 ? "" : "s");
  return st;
}

ar_status road_stops_read(const char *path, int32_t max, road_stops *s) {
  memset(s, 0, sizeof *s);
  csv_reader *r = NULL;
  ar_status st = csv_open(path, &r);
  if (st == AR_OK) st = read_rows(r, max, s);
  csv_close(r);
  if (st != AR_OK) road_stops_free(s);
  return st;
}
