/* SPDX-License-Identifier: BSD-3-Clause */
/* road_matrix: stop-to-stop costs by shortest paths, rows in parallel over OpenMP threads.
 *
 * Row i of the matrix is one search from stop i that stops once every stop is settled
 * (road_search.h); rows are independent, so the threads take them one at a time (dynamic
 * schedule: searches differ in cost) with scratch allocated once per thread. Each row is
 * computed by one sequential search, so the matrix does not depend on the number of threads,
 * nor on which rows a process computes (the MPI split is the caller's: road_matrix_rows takes
 * any block of rows).
 *
 * The tour matrix holds integers: cost[i][j] = the path's cost rounded to the nearest whole
 * metre or second (llround). The path itself is exact; rounding happens once per leg.
 * Failures: AR_ERR_NOMEM (scratch); AR_ERR_INPUT when a stop cannot reach another (a graph that
 * is not strongly connected on the stops) or a cost does not fit the int32 matrix, naming the
 * two stops by their labels.
 */
#ifndef AR_ROAD_MATRIX_H
#define AR_ROAD_MATRIX_H

#include <stdint.h>

#include "ar_error.h"
#include "road_graph.h"

/* The largest whole cost the tour matrix holds (int32). */
#define ROAD_MATRIX_COST_MAX 2147483647.0

typedef struct {
  int64_t searches;   /* rows computed */
  int64_t settled;    /* nodes settled over all searches */
  double seconds;     /* wall time */
  double cpu_seconds; /* CPU time of the threads in their searches (per-core speed on a shared
                         machine: settled / cpu_seconds) */
  int threads;        /* OpenMP threads used */
} road_matrix_stats;

typedef struct {
  const road_graph *g;
  road_cost cost;
  const int32_t *stop_node; /* [nstops] the road node of each stop */
  int32_t nstops;
  const int64_t *label; /* [nstops] the line of each stop in source, or NULL: messages then
                           name stops by 0-based index */
  const char *source;   /* the file the stops came from (with label) */
  /* Progress (may be NULL): called by the team's thread 0 with the rows done so far of `count`
   * (0 first, then after each row it computed), the step named "shortest paths"; the same
   * signature as tour_work_fn, so that io/tour's work_progress prints the lines. */
  void (*work)(void *arg, const char *step, int64_t done, int64_t total);
  void *work_arg;
} road_matrix_in;

/* Rows first .. first+count-1: rows[r * nstops + j] = rounded cost from stop first+r to stop j
 * (0 on the diagonal and between stops on the same node); exact[r * nstops + j] (may be NULL)
 * the unrounded cost. AR_ERR_NOMEM. */
ar_status road_matrix_rows(const road_matrix_in *in, int32_t first, int32_t count, int32_t *rows,
                           double *exact, road_matrix_stats *stats);

#endif
