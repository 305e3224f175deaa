/* SPDX-License-Identifier: BSD-3-Clause */
/* road_stops_import: `antroute import stops`, the parallel part: read the road network on
 * every rank (collective HDF5 reads), read and snap the stops (every rank, the same), compute
 * the rows of the stop-to-stop matrix (rank r takes the contiguous block
 * [r n / R, (r+1) n / R), its threads take the rows one at a time), and write the stops file
 * collectively, each rank its rows. Every rank agrees on each failure; nothing is written before
 * the whole matrix is computed, and the output appears only when complete (h5u_output).
 *
 * Failures: those of h5net_road_read, road_stops_read, road_stops_snap, road_matrix_rows
 * (naming the stops by CSV line) and h5net_stops_write; every rank returns the same status.
 */
#ifndef AR_ROAD_STOPS_IMPORT_H
#define AR_ROAD_STOPS_IMPORT_H

#include <mpi.h>
#include <stdint.h>

#include "ar_error.h"
#include "param.h"
#include "road_graph.h"

typedef struct {
  const char *stops_csv, *roads, *output;
  road_cost cost;
  double max_snap; /* metres */
  double progress; /* seconds between the matrix's progress lines (0: every row of rank 0) */
  const param_set *ps;
} road_stops_job;

typedef struct {
  int32_t stops;
  int32_t road_nodes, component_nodes;
  int64_t road_arcs;
  double snap_max;       /* metres */
  int64_t snap_max_line; /* the CSV line of the stop snapped farthest */
  int64_t settled;       /* nodes settled by all searches of all ranks */
  double matrix_seconds; /* wall time of the slowest rank's rows */
  double thread_seconds; /* sum over ranks of (rank's wall time x its threads) */
  double cpu_seconds;    /* CPU time of the searching threads of all ranks */
  int ranks, threads;    /* threads of rank 0 */
  double read_seconds, write_seconds;
} road_stops_summary;

/* `antroute import stops`: reads, snaps and writes the stops file of job, collectively on comm.
 * AR_ERR_IO, AR_ERR_INPUT naming the file, AR_ERR_NOMEM, AR_ERR_MPI; the same status on every rank.
 */
ar_status road_stops_import(const road_stops_job *job, MPI_Comm comm, road_stops_summary *sum);

#endif
