/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_solve: road tours as a problem kind of the solve driver (see wing_road_solve.h). The
 * search is the tour wing's: every callback passes the tour part's state on; the road part adds
 * the road network (read in open, checked against the digest the stops file names) and, when the
 * results are written, the route (the file's kind becomes "road"). */
#include "wing_road_solve.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "h5net_road.h"
#include "h5net_stops.h"
#include "h5res_road.h"
#include "h5u.h"
#include "road_route.h"
#include "road_stops_path.h"
#include "wing_tour_solve.h"

typedef struct {
  const solve_kind *tour;
  void *ts; /* the tour part's state */
  road_stop_set stops;
  road_graph g;
  road_net_info info;
  road_route route;
} road_state;

static const param_def roads_param = {
    "roads",
    0,
    PARAM_STRING,
    NULL,
    NULL,
    1,
    0,
    "ROADS.h5",
    "road tours: the road network of the stops (default: the file the stops file names)",
    0};

/* The road network the stops were costed on: --roads, else the file the stops file names
 * (road_stops_path.h). The results then name the file read. */
static ar_status read_roads(road_state *s, const solve_run *run) {
  char path[sizeof s->stops.roads];
  if (param_is_set(run->ps, "roads"))
    snprintf(path, sizeof path, "%s", param_str(run->ps, "roads"));
  else
    road_stops_path_resolve(s->stops.roads, run->input, path, sizeof path);
  memcpy(s->stops.roads, path, sizeof path);
  ar_status st = h5net_road_read(path, run->comm, &s->g, &s->info);
  if (st != AR_OK) return st;
  char digest[64];
  h5net_road_digest_text(&s->g, digest, sizeof digest);
  if (strcmp(digest, s->stops.roads_digest) != 0) {
    ar_error_mark_shared(); /* every rank read the same files */
    return ar_fail(AR_ERR_INPUT,
                   "%s: is not the road network the stops of %s were costed on (digest %s, the "
                   "stops file names %s); give that one with --roads",
                   path, run->input, digest, s->stops.roads_digest);
  }
  return AR_OK;
}

static void road_close(void *state) {
  road_state *s = state;
  if (!s) return;
  if (s->ts) s->tour->close(s->ts);
  road_stop_set_free(&s->stops);
  road_graph_free(&s->g);
  road_route_free(&s->route);
  free(s);
}

static ar_status road_open(const solve_run *run, hid_t file, void **out) {
  *out = NULL;
  road_state *s = calloc(1, sizeof *s);
  ar_status st = ar_agree(run->comm, s ? AR_OK : ar_fail(AR_ERR_NOMEM, "out of memory"));
  if (st != AR_OK) {
    free(s);
    return st;
  }
  s->tour = wing_tour_solve_kind();
  st = s->tour->open(run, file, &s->ts);
  if (st == AR_OK) {
    st = h5net_stops_read_file(file, &s->stops);
    if (st != AR_OK) ar_error_prefix("%s", run->input);
    st = ar_agree(run->comm, st);
  }
  if (st == AR_OK) st = ar_agree(run->comm, read_roads(s, run));
  if (st != AR_OK) {
    road_close(s);
    return st;
  }
  *out = s;
  return AR_OK;
}

static ar_status road_prepare(void *state, const solve_run *run) {
  road_state *s = state;
  return s->tour->prepare ? s->tour->prepare(s->ts, run) : AR_OK;
}

static void road_memory(void *state, const solve_run *run, const aco_params *par,
                        wing_memory_parts *parts) {
  road_state *s = state;
  if (s->tour->memory) s->tour->memory(s->ts, run, par, parts);
}

/* The tour part's estimates (the route's expansion after the search is small beside them). */
static void road_time_estimate(void *state, const solve_run *run, solve_time_estimate *out) {
  road_state *s = state;
  memset(out, 0, sizeof *out);
  if (s->tour->time_estimate) s->tour->time_estimate(s->ts, run, out);
}

static int32_t road_phases(void *state) {
  road_state *s = state;
  return s->tour->phases(s->ts);
}

static ar_status road_phase_begin(void *state, const solve_run *run, int32_t phase, aco_params *par,
                                  const aco_problem **problem) {
  road_state *s = state;
  return s->tour->phase_begin(s->ts, run, phase, par, problem);
}

static ar_status road_phase_started(void *state, const solve_run *run, int32_t phase,
                                    aco_engine *e) {
  road_state *s = state;
  return s->tour->phase_started ? s->tour->phase_started(s->ts, run, phase, e) : AR_OK;
}

static void road_progress(void *state, const solve_run *run, int32_t phase, const aco_engine *e,
                          int final, char *line, size_t cap) {
  road_state *s = state;
  s->tour->progress(s->ts, run, phase, e, final, line, cap);
}

static ar_status road_phase_end(void *state, const solve_run *run, int32_t phase, aco_engine *e) {
  road_state *s = state;
  return s->tour->phase_end(s->ts, run, phase, e);
}

static void road_phase_free(void *state) {
  road_state *s = state;
  s->tour->phase_free(s->ts);
}

static ar_status road_finish(void *state, const solve_run *run) {
  road_state *s = state;
  return s->tour->finish ? s->tour->finish(s->ts, run) : AR_OK;
}

/* The best tour of rank 0's engine to every rank (its /best/tour). */
static ar_status best_order(const road_state *s, const solve_run *run, const aco_engine *last,
                            int32_t *order) {
  int32_t n = s->stops.stops.n;
  if (run->rank == 0) {
    aco_engine_info in;
    aco_engine_get_info(last, &in);
    memcpy(order, in.best, (size_t)n * sizeof *order);
  }
  return ar_mpi_check(MPI_Bcast(order, n, MPI_INT32_T, 0, run->comm), "MPI_Bcast of the best tour");
}

/* The tour's results, then the route of its best tour (every rank builds the same route; rank
 * 0's is written). */
static ar_status road_write(void *state, const solve_run *run, hid_t file, const aco_engine *last) {
  road_state *s = state;
  ar_status st = s->tour->write(s->ts, run, file, last);
  if (st == AR_OK) st = h5u_attr_write_str(file, "kind", H5NET_STOPS_KIND);
  int32_t *order = malloc((size_t)s->stops.stops.n * sizeof *order);
  if (st == AR_OK && !order) st = ar_fail(AR_ERR_NOMEM, "out of memory");
  st = ar_agree(run->comm, st);
  if (st == AR_OK) st = best_order(s, run, last, order);
  if (st == AR_OK)
    st = road_route_build(&s->g, s->stops.cost, s->stops.node, order, s->stops.stops.n, &s->route);
  free(order);
  st = ar_agree(run->comm, st);
  if (st == AR_OK)
    st = h5res_road_write(file, &s->route, &s->g, &s->stops, s->info.node_ids, run->rank == 0);
  return st;
}

static void road_summary(void *state, const solve_run *run, const aco_engine *last, FILE *out) {
  road_state *s = state;
  s->tour->summary(s->ts, run, last, out);
  fprintf(out, "route: %.3f km, %.1f min over %lld road nodes (%d legs; %s)\n",
          s->route.metres / 1000, s->route.seconds / 60, (long long)s->route.nodes,
          (int)s->route.legs, s->stops.roads);
}

/* The tour part's options and --roads (assembled at first use). */
static param_def road_params[PARAM_MAX];

static solve_kind kind_road = {
    .params = road_params,
    .description = "Road tours (stops files of import stops): the best order of the stops, and "
                   "its route over the road network (/route).",
    .open = road_open,
    .prepare = road_prepare,
    .memory = road_memory,
    .time_estimate = road_time_estimate,
    .phases = road_phases,
    .phase_begin = road_phase_begin,
    .phase_started = road_phase_started,
    .progress = road_progress,
    .phase_end = road_phase_end,
    .phase_free = road_phase_free,
    .finish = road_finish,
    .write = road_write,
    .summary = road_summary,
    .close = road_close,
};

const solve_kind *wing_road_solve_kind(void) {
  if (kind_road.nparams == 0) {
    const solve_kind *tour = wing_tour_solve_kind();
    int n = tour->nparams < PARAM_MAX - 1 ? tour->nparams : PARAM_MAX - 1;
    memcpy(road_params, tour->params, (size_t)n * sizeof *road_params);
    road_params[n] = roads_param;
    kind_road.nparams = n + 1;
    kind_road.defaults = tour->defaults;
    kind_road.ndefaults = tour->ndefaults;
    kind_road.notes = tour->notes;
    kind_road.nnotes = tour->nnotes;
    kind_road.epochs_in_results = tour->epochs_in_results;
    /* No phase labels and no checkpoint part of its own: those of the tour part (none). */
  }
  return &kind_road;
}
