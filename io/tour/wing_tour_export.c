/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour_export: a tour result as TSPLIB TOUR, CSV and JSON (see wing_tour_export.h). */
#include "wing_tour_export.h"

#include <inttypes.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "h5net_tour_fields.h"
#include "h5res_fields.h"
#include "h5res_json.h"
#include "h5res_tour_fields.h"
#include "h5u.h"
#include "textout.h"

/* TSPLIB's own tours are at most a few million nodes; the bound only refuses nonsense. */
#define TOUR_MAX_NODES (UINT64_C(1) << 31)

typedef struct {
  int32_t *node; /* [n], 0-based */
  hsize_t n;
  int64_t cost;
  char instance[256];
} tour_answer;

/* Every node 0..n-1 exactly once: what a TSPLIB reader takes for granted. */
static ar_status tour_check(const char *results, const tour_answer *t) {
  unsigned char *seen = calloc(t->n ? t->n : 1, 1);
  if (!seen) return ar_fail(AR_ERR_NOMEM, "out of memory");
  ar_status st = AR_OK;
  for (hsize_t i = 0; i < t->n && st == AR_OK; i++) {
    int32_t v = t->node[i];
    if (v < 0 || (hsize_t)v >= t->n || seen[v]++)
      st = ar_fail(AR_ERR_INPUT,
                   "%s: dataset /best/tour row %llu: %d is not a node or repeats one (not a "
                   "tour)",
                   results, (unsigned long long)i, (int)v);
  }
  free(seen);
  return st;
}

/* /best/tour, /best/cost and the instance name (the file's name when it has none). */
static ar_status tour_read(const char *results, tour_answer *t) {
  memset(t, 0, sizeof *t);
  hid_t file = -1;
  ar_status st = h5u_open_read(results, MPI_COMM_SELF, &file);
  if (st != AR_OK) return st;
  const h5field *F = h5res_tour_fields;
  if (!h5field_exists(file, &F[H5RES_TOUR_TOUR]))
    st = ar_fail(AR_ERR_INPUT, "%s: has no %s (not a tour result)", results,
                 F[H5RES_TOUR_TOUR].path);
  hsize_t dims[1] = {0};
  void *data = NULL;
  if (st == AR_OK) st = h5field_read(file, &F[H5RES_TOUR_TOUR], dims, TOUR_MAX_NODES, &data);
  t->node = data;
  t->n = dims[0];
  int64_t *cost = NULL;
  hsize_t one[1];
  if (st == AR_OK) st = h5field_read(file, &F[H5RES_TOUR_COST], one, 1, (void **)&cost);
  if (st == AR_OK && cost) t->cost = *cost;
  free(cost);
  const h5field *inst = &h5res_run_fields[H5RES_INSTANCE];
  if (st == AR_OK && h5field_exists(file, inst))
    st = h5field_attr_read_str(file, inst, t->instance, sizeof t->instance);
  h5u_close(file);
  if (st == AR_OK && !t->instance[0]) {
    const char *base = strrchr(results, '/');
    snprintf(t->instance, sizeof t->instance, "%s", base ? base + 1 : results);
  }
  if (st == AR_OK) st = tour_check(results, t);
  if (st != AR_OK) free(t->node);
  return st;
}

static void tour_write_tsplib(FILE *f, const tour_answer *t) {
  fprintf(f, "NAME : %s.tour\n", t->instance);
  fprintf(f, "COMMENT : Length = %" PRId64 "\n", t->cost);
  fprintf(f, "COMMENT : Found by antroute\n");
  fprintf(f, "TYPE : TOUR\n");
  fprintf(f, "DIMENSION : %llu\n", (unsigned long long)t->n);
  fprintf(f, "TOUR_SECTION\n");
  for (hsize_t i = 0; i < t->n; i++)
    fprintf(f, "%d\n", (int)t->node[i] + 1);
  fprintf(f, "-1\nEOF\n");
}

static void tour_write_csv(FILE *f, const tour_answer *t) {
  fprintf(f, "position,node\n");
  for (hsize_t i = 0; i < t->n; i++)
    fprintf(f, "%llu,%d\n", (unsigned long long)i, (int)t->node[i]);
}

static ar_status tour_export(const char *results, const char *path, int csv) {
  tour_answer t;
  ar_status st = tour_read(results, &t);
  if (st != AR_OK) return st;
  textout out;
  st = textout_open(&out, path);
  if (st == AR_OK) {
    if (csv)
      tour_write_csv(out.f, &t);
    else
      tour_write_tsplib(out.f, &t);
    st = textout_close(&out, AR_OK);
  }
  if (st == AR_OK)
    printf("%s: tour of %llu nodes, length %" PRId64 " -> %s\n", results, (unsigned long long)t.n,
           t.cost, path);
  free(t.node);
  return st;
}

ar_status wing_tour_export_tour(const char *results, const char *path) {
  return tour_export(results, path, 0);
}

ar_status wing_tour_export_csv(const char *results, const char *path) {
  return tour_export(results, path, 1);
}

/* The unit of /best/cost as the file states it (/best attribute cost_units: a TSPLIB instance's
 * integer distance, a stops network's seconds or metres); a file without one (older, or not
 * readable: the export reports that) has TSPLIB's. */
static void cost_unit_of(const char *results, char *unit, size_t cap) {
  snprintf(unit, cap, "%s", H5NET_DISTANCE_UNITS);
  hid_t file = -1, best = -1;
  if (h5u_open_read(results, MPI_COMM_SELF, &file) == AR_OK &&
      h5u_group_open(file, "/best", &best) == AR_OK && h5u_attr_exists(best, "cost_units") &&
      h5u_attr_read_str(best, "cost_units", unit, cap) != AR_OK)
    snprintf(unit, cap, "%s", H5NET_DISTANCE_UNITS);
  if (best >= 0) h5u_group_close(best, AR_OK);
  if (file >= 0) h5u_close(file);
  ar_error_clear(); /* h5res_json_export opens the file again and says what is wrong with it */
}

static ar_status export_json(const char *results, const char *path) {
  const h5field *F = h5res_tour_fields;
  const h5field *answer[] = {&F[H5RES_TOUR_TOUR],         &F[H5RES_TOUR_COLONY],
                             &F[H5RES_TOUR_ITERATION],    &F[H5RES_TOUR_TIME],
                             &F[H5RES_TOUR_OPTIMUM],      &F[H5RES_TOUR_GAP_PERCENT],
                             &F[H5RES_TOUR_LOWER_BOUND],  &F[H5RES_TOUR_BOUND_METHOD],
                             &F[H5RES_TOUR_GAP_TO_BOUND], NULL};
  char unit[256];
  cost_unit_of(results, unit, sizeof unit);
  h5res_json_spec spec = {"tour", &F[H5RES_TOUR_COST], unit, answer};
  ar_status st = h5res_json_export(results, path, &spec);
  if (st == AR_OK) printf("%s: tour result as JSON -> %s\n", results, path);
  return st;
}

const wing_export wing_tour_exports[] = {
    WING_TOUR_EXPORT_TOUR,
    WING_TOUR_EXPORT_CSV,
    WING_EXPORT_JSON(export_json),
    {{NULL, 0, PARAM_STRING, NULL, NULL, 0, 0, NULL, NULL, 0}, NULL},
};
