/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_export: GeoJSON of a road tour's route and TSPLIB of its stop matrix (see
 * wing_road_export.h). */
#include "wing_road_export.h"

#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "ar_signal.h"
#include "h5net_stops.h"
#include "h5res_json.h"
#include "h5res_road.h"
#include "h5res_tour_fields.h"
#include "wing_tour_export.h"

/* Opens path.tmp for writing (registered, so a stop signal removes it). */
static ar_status open_tmp(const char *path, char *tmp, size_t cap, FILE **f, int *slot) {
  snprintf(tmp, cap, "%s.tmp", path);
  *slot = ar_signal_tmp_add(tmp);
  *f = fopen(tmp, "w");
  if (*f) return AR_OK;
  ar_signal_tmp_remove(*slot);
  return ar_fail(AR_ERR_IO, "%s: cannot write (%s)", tmp, strerror(errno));
}

/* Closes f and renames tmp to path, or removes tmp on failure. */
static ar_status close_tmp(FILE *f, const char *tmp, const char *path, int slot, ar_status st) {
  int bad = ferror(f);
  if (fclose(f) != 0 || bad) st = st == AR_OK ? ar_fail(AR_ERR_IO, "%s: write failed", tmp) : st;
  if (st == AR_OK && rename(tmp, path) != 0)
    st = ar_fail(AR_ERR_IO, "%s: cannot rename to %s (%s)", tmp, path, strerror(errno));
  if (st != AR_OK) remove(tmp);
  ar_signal_tmp_remove(slot);
  return st;
}

/* A JSON string of an id (quotes and backslashes escaped, control characters dropped). */
static void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') fputc('\\', f);
    if ((unsigned char)*s >= 0x20) fputc(*s, f);
  }
  fputc('"', f);
}

static void geojson_write(FILE *f, const h5res_road_route *rr) {
  fprintf(f, "{\"type\": \"FeatureCollection\", \"features\": [\n");
  fprintf(f,
          "{\"type\": \"Feature\", \"properties\": {\"kind\": \"route\", \"cost\": %lld, "
          "\"cost_unit\": \"%s\", \"metres\": %.3f, \"seconds\": %.3f, \"stops\": %d, "
          "\"nodes\": %lld},\n \"geometry\": {\"type\": \"LineString\", \"coordinates\": [",
          (long long)rr->best_cost, rr->cost_units, rr->metres, rr->seconds, (int)rr->n,
          (long long)rr->nodes);
  for (int64_t i = 0; i < rr->nodes; i++)
    fprintf(f, "%s[%.7f, %.7f]", i ? ", " : "", rr->lon[i], rr->lat[i]);
  fprintf(f, "]}}");
  for (int32_t k = 0; k < rr->n; k++) {
    int32_t row = rr->tour[k];
    fprintf(f, ",\n{\"type\": \"Feature\", \"properties\": {\"kind\": \"stop\", \"id\": ");
    json_string(f, rr->stop_id[row]);
    fprintf(f,
            ", \"row\": %d, \"order\": %d}, \"geometry\": {\"type\": \"Point\", \"coordinates\": "
            "[%.7f, %.7f]}}",
            (int)row, (int)k, rr->stop_lon[row], rr->stop_lat[row]);
  }
  fprintf(f, "\n]}\n");
}

static ar_status export_geojson(const char *results, const char *path) {
  h5res_road_route rr;
  ar_status st = h5res_road_read(results, &rr);
  if (st != AR_OK) return st;
  if (!rr.lat)
    st = ar_fail(AR_ERR_INPUT,
                 "%s: the route has no coordinates (a road network without them): "
                 "no GeoJSON",
                 results);
  char tmp[4200];
  FILE *f = NULL;
  int slot = -1;
  if (st == AR_OK) st = open_tmp(path, tmp, sizeof tmp, &f, &slot);
  if (st == AR_OK) {
    geojson_write(f, &rr);
    st = close_tmp(f, tmp, path, slot, st);
  }
  if (st == AR_OK)
    printf("%s: the route (%lld nodes, %.3f km, %.1f min) and %d stops -> %s\n", results,
           (long long)rr.nodes, rr.metres / 1000, rr.seconds / 60, (int)rr.n, path);
  h5res_road_route_free(&rr);
  return st;
}

static void tsplib_write(FILE *f, const tour_net *t, const char *stops) {
  fprintf(f, "NAME: %s\nTYPE: ATSP\nCOMMENT: %s; stop-to-stop road costs of %s\n", t->name,
          t->comment, stops);
  fprintf(f,
          "DIMENSION: %d\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\n"
          "EDGE_WEIGHT_SECTION\n",
          (int)t->n);
  for (int32_t i = 0; i < t->n; i++) {
    for (int32_t j = 0; j < t->n; j++)
      fprintf(f, "%s%lld", j ? " " : "", (long long)tour_dist(t, i, j));
    fputc('\n', f);
  }
  fprintf(f, "EOF\n");
}

static ar_status export_tsplib(const char *results, const char *path) {
  h5res_road_route rr;
  ar_status st = h5res_road_read(results, &rr);
  if (st != AR_OK) return st;
  tour_net t;
  st = h5net_stops_read_tour(rr.input, MPI_COMM_SELF, &t);
  if (st == AR_OK && t.n != rr.n)
    st = ar_fail(AR_ERR_INPUT, "%s: has %d stops, the results %s %d", rr.input, (int)t.n, results,
                 (int)rr.n);
  char tmp[4200];
  FILE *f = NULL;
  int slot = -1;
  if (st == AR_OK) st = open_tmp(path, tmp, sizeof tmp, &f, &slot);
  if (st == AR_OK) {
    tsplib_write(f, &t, rr.input);
    st = close_tmp(f, tmp, path, slot, st);
  }
  if (st == AR_OK)
    printf("%s: the %d x %d stop matrix of %s (ATSP, EXPLICIT FULL_MATRIX, %s) -> %s\n", results,
           (int)t.n, (int)t.n, rr.input, rr.cost_units, path);
  tour_net_free(&t);
  h5res_road_route_free(&rr);
  return st;
}

/* The tour wing's JSON with the road's cost unit (time or distance). */
static ar_status export_json(const char *results, const char *path) {
  h5res_road_route rr;
  ar_status st = h5res_road_read(results, &rr);
  if (st != AR_OK) return st;
  const h5field *F = h5res_tour_fields;
  const h5field *answer[] = {&F[H5RES_TOUR_TOUR],
                             &F[H5RES_TOUR_COLONY],
                             &F[H5RES_TOUR_ITERATION],
                             &F[H5RES_TOUR_TIME],
                             &F[H5RES_TOUR_LOWER_BOUND],
                             &F[H5RES_TOUR_GAP_TO_BOUND],
                             NULL};
  h5res_json_spec spec = {"road", &F[H5RES_TOUR_COST], rr.cost_units, answer};
  st = h5res_json_export(results, path, &spec);
  if (st == AR_OK) printf("%s: road tour as JSON -> %s\n", results, path);
  h5res_road_route_free(&rr);
  return st;
}

const wing_export wing_road_exports[] = {
    {{"geojson", 0, PARAM_STRING, NULL, NULL, 1, 0, "ROUTE.geojson",
      "road tours: the route (LineString, lon/lat) and the stops (Points with id, row, order)", 0},
     export_geojson},
    {{"tsplib", 0, PARAM_STRING, NULL, NULL, 1, 0, "STOPS.atsp",
      "road tours: the stop-to-stop matrix as a TSPLIB ATSP (EXPLICIT, FULL_MATRIX)", 0},
     export_tsplib},
    WING_TOUR_EXPORT_TOUR,
    WING_TOUR_EXPORT_CSV,
    WING_EXPORT_JSON(export_json),
    {{0}, NULL},
};
