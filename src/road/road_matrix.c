/* SPDX-License-Identifier: BSD-3-Clause */
/* road_matrix: rows of the stop-to-stop matrix over OpenMP threads (see road_matrix.h). */
#include "road_matrix.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "road_compact.h"
#include "road_search.h"

typedef struct {
  int nomem;
  int32_t bad_from, bad_to; /* the first bad pair in row order, -1: none */
  double bad_cost;
} matrix_fault;

/* The stops and their marks in the compact copy's numbering. */
typedef struct {
  road_compact c;
  int32_t *node; /* [nstops] */
  uint8_t *target;
  int32_t ntargets;
} matrix_plan;

/* One row: search from stop i, then read every stop's distance. */
static void matrix_row(const road_matrix_in *in, const matrix_plan *p, road_search *s, int32_t i,
                       int32_t *row, double *exact, matrix_fault *fault) {
  road_search_run_compact(s, &p->c, p->node[i], p->target, p->ntargets);
  for (int32_t j = 0; j < in->nstops; j++) {
    double d = road_search_dist(s, p->node[j]);
    if (exact) exact[j] = d;
    if (!(d <= ROAD_MATRIX_COST_MAX - 0.5)) {
      row[j] = -1;
#pragma omp critical(road_matrix_fault)
      if (fault->bad_from < 0 || i < fault->bad_from ||
          (i == fault->bad_from && j < fault->bad_to)) {
        fault->bad_from = i;
        fault->bad_to = j;
        fault->bad_cost = d;
      }
      continue;
    }
    row[j] = (int32_t)llround(d);
  }
}

/* The calling thread's CPU time in seconds (0 when the clock is not available). */
static double thread_cpu(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static ar_status fault_status(const road_matrix_in *in, const matrix_fault *f) {
  if (f->nomem)
    return ar_fail(AR_ERR_NOMEM, "out of memory for the search scratch of %d road nodes", in->g->n);
  if (f->bad_from < 0) return AR_OK;
  char from[1200], to[64];
  if (in->label && in->source) {
    snprintf(from, sizeof from, "%s:%lld: the stop of this line", in->source,
             (long long)in->label[f->bad_from]);
    snprintf(to, sizeof to, "the stop of line %lld", (long long)in->label[f->bad_to]);
  } else {
    snprintf(from, sizeof from, "stop %d", (int)f->bad_from);
    snprintf(to, sizeof to, "stop %d", (int)f->bad_to);
  }
  if (isinf(f->bad_cost))
    return ar_fail(AR_ERR_INPUT, "%s cannot reach %s on the road network", from, to);
  return ar_fail(AR_ERR_INPUT,
                 "%s: its %s to %s is %.0f %s, beyond the largest cost the tour matrix holds "
                 "(%.0f)",
                 from, road_cost_name(in->cost), to, f->bad_cost, road_cost_units(in->cost),
                 ROAD_MATRIX_COST_MAX);
}

static void plan_free(matrix_plan *p) {
  road_compact_free(&p->c);
  free(p->node);
  free(p->target);
}

static ar_status plan_make(const road_matrix_in *in, matrix_plan *p) {
  memset(p, 0, sizeof *p);
  ar_status st = road_compact_build(in->g, in->cost, &p->c);
  if (st != AR_OK) return st;
  p->target = calloc(in->g->n > 0 ? (size_t)in->g->n : 1, 1);
  p->node = malloc((in->nstops > 0 ? (size_t)in->nstops : 1) * sizeof *p->node);
  if (!p->target || !p->node) {
    plan_free(p);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the stop marks");
  }
  for (int32_t j = 0; j < in->nstops; j++) {
    int32_t v = p->c.new_of[in->stop_node[j]];
    p->node[j] = v;
    if (!p->target[v]) {
      p->target[v] = 1;
      p->ntargets++;
    }
  }
  return AR_OK;
}

/* The step the progress lines name. */
#define ROAD_MATRIX_STEP "shortest paths"

ar_status road_matrix_rows(const road_matrix_in *in, int32_t first, int32_t count, int32_t *rows,
                           double *exact, road_matrix_stats *stats) {
  double t0 = omp_get_wtime();
  *stats = (road_matrix_stats){0};
  matrix_plan plan;
  ar_status st = plan_make(in, &plan);
  if (st != AR_OK) return st;
  matrix_fault fault = {.bad_from = -1, .bad_to = -1};
  int64_t settled = 0, done = 0;
  double cpu = 0;
  int threads = 1;
  if (in->work) in->work(in->work_arg, ROAD_MATRIX_STEP, 0, count);
#pragma omp parallel reduction(+ : settled, cpu)
  {
    double c0 = thread_cpu();
#pragma omp single
    threads = omp_get_num_threads();
    road_search s;
    int ok = road_search_init_costs(&s, in->g->n) == AR_OK;
    if (!ok) {
#pragma omp atomic write
      fault.nomem = 1;
    }
#pragma omp for schedule(dynamic, 1)
    for (int32_t r = 0; r < count; r++) {
      if (!ok) continue;
      size_t at = (size_t)r * (size_t)in->nstops;
      matrix_row(in, &plan, &s, first + r, rows + at, exact ? exact + at : NULL, &fault);
      settled += s.settled;
      int64_t now_done;
#pragma omp atomic capture
      now_done = ++done;
      if (in->work && omp_get_thread_num() == 0) /* its lines come from one thread */
        in->work(in->work_arg, ROAD_MATRIX_STEP, now_done, count);
    }
    road_search_free(&s);
    cpu += thread_cpu() - c0;
  }
  plan_free(&plan);
  *stats = (road_matrix_stats){.searches = count,
                               .settled = settled,
                               .seconds = omp_get_wtime() - t0,
                               .cpu_seconds = cpu,
                               .threads = threads};
  return fault_status(in, &fault);
}
