/* h5res_bsp: writes a bsp_log as the /bsp group of a results file. */
#include "h5res_bsp.h"

#include "timer.h"

#include <stdlib.h>
#include <string.h>

#include "h5u.h"

/* The per-epoch columns of /bsp, computed on rank 0 from the log's [epoch][rank][field] rows. */
enum { COL_W_MAX, COL_W_MEAN, COL_COMM, COL_SYNC, COL_IO, COL_IMBALANCE, COLS };
typedef struct {
  double *col[COLS];          /* [E] each */
  double *rank_w, *rank_sync; /* [E][R] */
  int slowest;                /* largest total w */
  double imbalance;           /* sum of w_max / sum of w_mean - 1 */
} bsp_columns;

static void columns_free(bsp_columns *c) {
  for (int i = 0; i < COLS; i++)
    free(c->col[i]);
  free(c->rank_w);
  free(c->rank_sync);
}

static ar_status columns_make(const bsp_log *b, int64_t E, bsp_columns *c) {
  const int R = b->ranks;
  const size_t e1 = (size_t)(E > 0 ? E : 1);
  int ok = 1;
  for (int i = 0; i < COLS; i++)
    ok &= (c->col[i] = calloc(e1, sizeof(double))) != NULL;
  c->rank_w = calloc(e1 * (size_t)R, sizeof(double));
  c->rank_sync = calloc(e1 * (size_t)R, sizeof(double));
  if (!ok || !c->rank_w || !c->rank_sync)
    return ar_fail(AR_ERR_NOMEM, "out of memory writing /bsp");
  double sum_max = 0.0, sum_mean = 0.0, best = -1.0;
  for (int64_t ep = 0; ep < E; ep++) {
    for (int r = 0; r < R; r++) {
      const double *row = b->rows + (ep * R + r) * ACO_BSP_FIELDS;
      const double w = row[ACO_BSP_W];
      c->rank_w[ep * R + r] = w;
      c->rank_sync[ep * R + r] = row[ACO_BSP_SYNC];
      if (w > c->col[COL_W_MAX][ep]) c->col[COL_W_MAX][ep] = w;
      c->col[COL_W_MEAN][ep] += w / R;
      for (int f = ACO_BSP_COMM; f < ACO_BSP_FIELDS; f++)
        if (row[f] > c->col[COL_COMM + f - ACO_BSP_COMM][ep])
          c->col[COL_COMM + f - ACO_BSP_COMM][ep] = row[f];
    }
    const double mean = c->col[COL_W_MEAN][ep];
    c->col[COL_IMBALANCE][ep] = mean > 0.0 ? c->col[COL_W_MAX][ep] / mean - 1.0 : 0.0;
    sum_max += c->col[COL_W_MAX][ep];
    sum_mean += mean;
  }
  c->imbalance = sum_mean > 0.0 ? sum_max / sum_mean - 1.0 : 0.0;
  for (int r = 0; r < R; r++) {
    double w = 0.0;
    for (int64_t ep = 0; ep < E; ep++)
      w += c->rank_w[ep * R + r];
    if (w > best) {
      best = w;
      c->slowest = r;
    }
  }
  return AR_OK;
}

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

/* The datasets and attributes of /bsp (collective; the data come from rank 0). */
static ar_status write_group(hid_t file, const bsp_log *b, int64_t E, int root,
                             const bsp_columns *c) {
  static const char *names[COLS] = {"w_max", "w_mean", "comm", "sync", "io", "imbalance"};
  static const char *what[COLS] = {
      "compute seconds (construction + local search + trail update) per epoch, max over ranks",
      "compute seconds per epoch, mean over ranks",
      "communication seconds (best exchange + pheromone sharing) per epoch, max over ranks",
      "seconds waiting at the epoch-end barrier per epoch, max over ranks",
      "seconds in the epoch-end hook (progress, checkpoints) per epoch, max over ranks",
      "w_max / w_mean - 1 per epoch: how much longer the slowest rank computed than the mean"};
  const int R = b->ranks;
  hsize_t de[1] = {(hsize_t)E}, der[2] = {(hsize_t)E, (hsize_t)R},
          drt[2] = {(hsize_t)R, TIMER_COUNT};
  hid_t g = -1;
  ar_status st = h5u_group_create(file, "bsp", &g);
  for (int i = 0; st == AR_OK && i < COLS; i++)
    st = h5u_write(g, names[i], H5T_NATIVE_DOUBLE, 1, de, root ? c->col[i] : NULL,
                   i == COL_IMBALANCE ? "1" : "s", what[i]);
  if (st == AR_OK)
    st = h5u_write(g, "rank_w", H5T_NATIVE_DOUBLE, 2, der, root ? c->rank_w : NULL, "s",
                   "compute seconds of each rank in each epoch, [epoch][rank]");
  if (st == AR_OK)
    st = h5u_write(g, "rank_sync", H5T_NATIVE_DOUBLE, 2, der, root ? c->rank_sync : NULL, "s",
                   "seconds each rank waited at the epoch-end barrier, [epoch][rank]");
  if (st == AR_OK)
    st = h5u_write(g, "rank_timers", H5T_NATIVE_DOUBLE, 2, drt, root ? b->timers : NULL, "s",
                   "each rank's seconds per named timer, [rank][timer] (see timer_names)");
  char list[256] = "";
  for (int t = 0; t < TIMER_COUNT; t++) {
    if (t) strcat(list, ",");
    strcat(list, timer_name((timer_id)t));
  }
  /* Attributes: rank 0's values are broadcast by the caller, so every rank writes the same. */
  if (st == AR_OK) st = h5u_attr_write_str(g, "timer_names", list);
  if (st == AR_OK) st = h5u_attr_write_i64(g, "ranks", R);
  if (st == AR_OK) st = h5u_attr_write_i64(g, "epochs", E);
  if (st == AR_OK) st = h5u_attr_write_i64(g, "slowest_rank", c->slowest);
  if (st == AR_OK) st = h5u_attr_write_i64(g, "colonies", b->colonies);
  if (st == AR_OK) st = h5u_attr_write_f64(g, "imbalance", c->imbalance);
  if (st == AR_OK)
    st = h5u_attr_write_f64(g, "block_imbalance", bsp_log_block_imbalance(b->colonies, R));
  if (st == AR_OK)
    st = h5u_attr_write_f64(g, "team_efficiency",
                            b->ant_capacity > 0 ? b->ant_busy / b->ant_capacity : 0.0);
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
  bsp_columns c;
  memset(&c, 0, sizeof c);
  ar_status st = rank == 0 ? columns_make(b, E, &c) : AR_OK;
  double shared[3] = {(double)st, (double)c.slowest, c.imbalance};
  if (MPI_Bcast(shared, 3, MPI_DOUBLE, 0, comm) != MPI_SUCCESS)
    st = ar_fail(AR_ERR_MPI, "MPI_Bcast writing /bsp failed");
  else if (shared[0] != AR_OK && rank != 0)
    st = ar_fail((ar_status)shared[0], "rank 0: out of memory writing /bsp");
  c.slowest = (int)shared[1];
  c.imbalance = shared[2];
  if (st == AR_OK) st = write_group(file, b, E, rank == 0, &c);
  if (st == AR_OK && epoch_split) st = write_epoch_split(file, b, E, rank == 0);
  columns_free(&c);
  return st;
}
