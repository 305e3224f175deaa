/* SPDX-License-Identifier: BSD-3-Clause */
/* road_stops_import: road network + stops CSV -> stops file, over MPI ranks and OpenMP threads
 * (see road_stops_import.h). */
#include "road_stops_import.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "h5net_road.h"
#include "h5net_stops.h"
#include "road_matrix.h"
#include "road_stops_path.h"
#include "road_stops_snap.h"
#include "work_progress.h"

static ar_status prepare_set(const road_stops_job *job, const road_graph *g,
                             const road_net_info *info, road_stop_set *set, int32_t *component) {
  memset(set, 0, sizeof *set);
  set->cost = job->cost;
  set->max_snap = job->max_snap;
  road_stops_path_store(job->roads, job->output, set->roads, sizeof set->roads);
  snprintf(set->roads_name, sizeof set->roads_name, "%s", info->name);
  snprintf(set->attribution, sizeof set->attribution, "%s", info->attribution);
  snprintf(set->stops_csv, sizeof set->stops_csv, "%s", job->stops_csv);
  h5net_road_digest_text(g, set->roads_digest, sizeof set->roads_digest);
  ar_status st = road_stops_read(job->stops_csv, ROAD_STOPS_MAX, &set->stops);
  if (st == AR_OK) st = road_stops_snap(g, set, component);
  return st;
}

/* This rank's rows of the matrix: rank r of R takes [r n / R, (r+1) n / R). */
static ar_status compute_rows(const road_graph *g, const road_stop_set *set, double progress,
                              int rank, int ranks, int32_t *first, int32_t *count, int32_t **rows,
                              road_matrix_stats *stats) {
  int64_t n = set->stops.n;
  *first = (int32_t)(n * rank / ranks);
  *count = (int32_t)(n * (rank + 1) / ranks) - *first;
  *rows = malloc((size_t)(*count ? *count : 1) * (size_t)n * sizeof **rows);
  if (!*rows)
    return ar_fail(AR_ERR_NOMEM, "out of memory for %d rows of the %lld x %lld cost matrix",
                   (int)*count, (long long)n, (long long)n);
  road_matrix_in in = {.g = g,
                       .cost = set->cost,
                       .stop_node = set->node,
                       .nstops = set->stops.n,
                       .label = set->stops.line,
                       .source = set->stops_csv};
  /* Rank 0's lines, from its rows (every rank has as many): "shortest paths, 38 %, 29.1 s, ETA
   * 47.5 s" (6,000 stops on 200,000 road nodes take some 80 s on two threads). */
  work_progress wp;
  work_progress_begin(&wp, progress, rank != 0, &in.work, &in.work_arg);
  ar_status st = road_matrix_rows(&in, *first, *count, *rows, NULL, stats);
  work_progress_end(&wp);
  return st;
}

static ar_status sum_up(MPI_Comm comm, const road_matrix_stats *ms, road_stops_summary *sum) {
  double local[3] = {ms->seconds, ms->seconds * ms->threads, ms->cpu_seconds}, total[3];
  long long settled = ms->settled, all = 0;
  double slowest = 0;
  ar_status st = ar_mpi_check(MPI_Allreduce(&settled, &all, 1, MPI_LONG_LONG, MPI_SUM, comm),
                              "MPI_Allreduce of settled");
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Allreduce(local, total, 3, MPI_DOUBLE, MPI_SUM, comm),
                      "MPI_Allreduce of the matrix times");
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Allreduce(&local[0], &slowest, 1, MPI_DOUBLE, MPI_MAX, comm),
                      "MPI_Allreduce of the slowest rank's time");
  sum->settled = all;
  sum->matrix_seconds = slowest;
  sum->thread_seconds = total[1];
  sum->cpu_seconds = total[2];
  sum->threads = ms->threads;
  return st;
}

static void describe(const road_graph *g, const road_stop_set *set, int32_t component,
                     road_stops_summary *sum) {
  sum->stops = set->stops.n;
  sum->road_nodes = g->n;
  sum->road_arcs = g->m;
  sum->component_nodes = component;
  sum->snap_max = set->snap_metres[set->snap_max_stop];
  sum->snap_max_line = set->stops.line[set->snap_max_stop];
}

ar_status road_stops_import(const road_stops_job *job, MPI_Comm comm, road_stops_summary *sum) {
  memset(sum, 0, sizeof *sum);
  int rank = 0, ranks = 1;
  ar_status st = ar_mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  if (st == AR_OK) st = ar_mpi_check(MPI_Comm_size(comm, &ranks), "MPI_Comm_size");
  if ((st = ar_agree(comm, st)) != AR_OK) return st;
  sum->ranks = ranks;
  double t0 = MPI_Wtime();
  road_graph g;
  road_net_info info;
  st = h5net_road_read(job->roads, comm, &g, &info);
  if (st != AR_OK) return st;
  sum->read_seconds = MPI_Wtime() - t0;
  road_stop_set set;
  int32_t component = 0;
  st = ar_agree(comm, prepare_set(job, &g, &info, &set, &component));
  int32_t first = 0, count = 0, *rows = NULL;
  road_matrix_stats ms = {0};
  if (st == AR_OK)
    st = ar_agree(comm,
                  compute_rows(&g, &set, job->progress, rank, ranks, &first, &count, &rows, &ms));
  if (st == AR_OK) st = ar_agree(comm, sum_up(comm, &ms, sum));
  if (st == AR_OK) {
    describe(&g, &set, component, sum);
    double t1 = MPI_Wtime();
    st = h5net_stops_write(job->output, comm, &set, first, count, rows, job->ps);
    sum->write_seconds = MPI_Wtime() - t1;
  }
  free(rows);
  road_stop_set_free(&set);
  road_graph_free(&g);
  return st;
}
