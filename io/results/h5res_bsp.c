/* h5res_bsp: writes a bsp_log as the /bsp group of a results file. */
#include "h5res_bsp.h"

#include "timer.h"

#include <stdlib.h>
#include <string.h>

#include "h5u.h"

/* /epochs/rank_seconds [E][R][4] with its column names, as `antroute report` draws it. */
static ar_status write_epoch_split(hid_t file, const bsp_log *b, int64_t E, int root) {
  hid_t g = -1, d = -1;
  hsize_t dims[3] = {(hsize_t)E, (hsize_t)b->ranks, ACO_BSP_FIELDS};
  ar_status st = h5u_group_open(file, "epochs", &g);
  if (st == AR_OK)
    st = h5u_write(g, "rank_seconds", H5T_NATIVE_DOUBLE, 3, dims, root ? b->rows : NULL, "s",
                   "per epoch and rank: compute w, communication, waiting at the barrier, I/O");
  if (st == AR_OK && (d = H5Dopen2(g, "rank_seconds", H5P_DEFAULT)) < 0)
    st = ar_fail(AR_ERR_HDF5, "%s: cannot open /epochs/rank_seconds", h5u_file_name(file));
  if (st == AR_OK) st = h5u_attr_write_str(d, "columns", "compute,communication,sync,io");
  if (d >= 0) H5Dclose(d);
  if (g >= 0) H5Gclose(g);
  return st;
}

ar_status h5res_bsp_write(hid_t file, const bsp_log *b, MPI_Comm comm, int epoch_split) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  int64_t head[2] = {rank == 0 ? b->epochs : 0, timer_enabled()};
  if (MPI_Bcast(head, 2, MPI_INT64_T, 0, comm) != MPI_SUCCESS)
    return ar_fail(AR_ERR_MPI, "MPI_Bcast of the BSP record count failed");
  if (!head[1]) return AR_OK;
  const int64_t E = head[0];
  const int R = b->ranks;
  double *col[5] = {NULL}, *rank_w = NULL;
  int slowest = 0;
  ar_status st = AR_OK;
  if (rank == 0) {
    for (int i = 0; i < 5; i++)
      col[i] = calloc((size_t)(E > 0 ? E : 1), sizeof(double));
    rank_w = calloc((size_t)(E > 0 ? E : 1) * (size_t)R, sizeof(double));
    for (int i = 0; i < 5; i++)
      if (!col[i]) st = AR_ERR_NOMEM;
    if (!rank_w) st = AR_ERR_NOMEM;
    if (st != AR_OK) st = ar_fail(AR_ERR_NOMEM, "out of memory writing /bsp");
    for (int64_t ep = 0; st == AR_OK && ep < E; ep++) {
      for (int r = 0; r < R; r++) {
        const double *row = b->rows + (ep * R + r) * ACO_BSP_FIELDS;
        double w = row[ACO_BSP_W];
        rank_w[ep * R + r] = w;
        if (w > col[0][ep]) col[0][ep] = w;
        col[1][ep] += w / R;
        for (int f = 1; f < ACO_BSP_FIELDS; f++)
          if (row[f] > col[1 + f][ep]) col[1 + f][ep] = row[f];
      }
    }
    double best = -1.0;
    for (int r = 0; st == AR_OK && r < R; r++) {
      double w = 0.0;
      for (int64_t ep = 0; ep < E; ep++)
        w += rank_w[ep * R + r];
      if (w > best) {
        best = w;
        slowest = r;
      }
    }
  }
  int code = (int)st;
  if (MPI_Bcast(&code, 1, MPI_INT, 0, comm) != MPI_SUCCESS ||
      MPI_Bcast(&slowest, 1, MPI_INT, 0, comm) != MPI_SUCCESS)
    st = ar_fail(AR_ERR_MPI, "MPI_Bcast writing /bsp failed");
  else if (code != AR_OK && rank != 0)
    st = ar_fail((ar_status)code, "rank 0: out of memory writing /bsp");
  hid_t g = -1;
  if (st == AR_OK) st = h5u_group_create(file, "bsp", &g);
  static const char *names[5] = {"w_max", "w_mean", "comm", "sync", "io"};
  static const char *what[5] = {
      "compute seconds (construction + local search + trail update) per epoch, max over ranks",
      "compute seconds per epoch, mean over ranks",
      "communication seconds (best exchange + pheromone sharing) per epoch, max over ranks",
      "seconds waiting at the epoch-end barrier per epoch, max over ranks",
      "seconds in the epoch-end hook (progress, checkpoints) per epoch, max over ranks"};
  hsize_t de[1] = {(hsize_t)E}, der[2] = {(hsize_t)E, (hsize_t)R},
          drt[2] = {(hsize_t)R, TIMER_COUNT};
  for (int i = 0; st == AR_OK && i < 5; i++)
    st = h5u_write(g, names[i], H5T_NATIVE_DOUBLE, 1, de, rank == 0 ? col[i] : NULL, "s", what[i]);
  if (st == AR_OK)
    st = h5u_write(g, "rank_w", H5T_NATIVE_DOUBLE, 2, der, rank == 0 ? rank_w : NULL, "s",
                   "compute seconds of each rank in each epoch, [epoch][rank]");
  if (st == AR_OK)
    st = h5u_write(g, "rank_timers", H5T_NATIVE_DOUBLE, 2, drt, rank == 0 ? b->timers : NULL, "s",
                   "each rank's seconds per named timer, [rank][timer] (see timer_names)");
  char list[256] = "";
  for (int t = 0; t < TIMER_COUNT; t++) {
    if (t) strcat(list, ",");
    strcat(list, timer_name((timer_id)t));
  }
  if (st == AR_OK) st = h5u_attr_write_str(g, "timer_names", list);
  if (st == AR_OK) st = h5u_attr_write_i64(g, "ranks", R);
  if (st == AR_OK) st = h5u_attr_write_i64(g, "epochs", E);
  if (st == AR_OK) st = h5u_attr_write_i64(g, "slowest_rank", slowest);
  if (st == AR_OK)
    st = h5u_attr_write_f64(g, "team_efficiency",
                            b->ant_capacity > 0 ? b->ant_busy / b->ant_capacity : 0.0);
  if (g >= 0) H5Gclose(g);
  if (st == AR_OK && epoch_split) st = write_epoch_split(file, b, E, rank == 0);
  for (int i = 0; i < 5; i++)
    free(col[i]);
  free(rank_w);
  return st;
}
