/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_bsp: writes a bsp_log as the /bsp group of a results file. */
#include "h5res_bsp.h"

#include "timer.h"

#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "h5field.h"
#include "h5res_fields.h"
#include "h5u.h"

/* /epochs/rank_seconds [E][R][4] with its column names, as `antroute report` draws it. */
static ar_status write_epoch_split(hid_t file, const bsp_log *b, int64_t E, int root) {
  const h5field *f = &h5res_run_fields[H5RES_EPOCHS_RANK_SECONDS];
  hid_t g = -1;
  hsize_t dims[3] = {(hsize_t)E, (hsize_t)b->ranks, ACO_BSP_FIELDS};
  ar_status st = h5u_group_open(file, "epochs", &g);
  if (st == AR_OK) st = h5field_write(g, f, dims, root ? b->rows : NULL);
  if (st == AR_OK)
    st = h5u_dataset_attr_write_str(g, h5field_leaf(f), "columns", "compute,communication,sync,io");
  return h5u_group_close(g, st);
}

/* Rank 0's summary of the log: per epoch w max and mean, comm, sync and io max and the
 * imbalance (col), each rank's w and wait per epoch, the rank with the largest total w, and the
 * imbalance over the run. */
/* The columns follow the declarations H5RES_BSP_W_MAX .. H5RES_BSP_IMBALANCE. */
enum { COL_W_MAX, COL_W_MEAN, COL_COMM, COL_SYNC, COL_IO, COL_IMBALANCE, COLS };
typedef struct {
  double *col[COLS], *rank_w, *rank_sync;
  int slowest;
  double imbalance; /* sum of w_max / sum of w_mean - 1 */
} bsp_summary;

static void bsp_summary_free(bsp_summary *s) {
  for (int i = 0; i < COLS; i++)
    free(s->col[i]);
  free(s->rank_w);
  free(s->rank_sync);
}

static void summarise_epoch(const bsp_log *b, int64_t ep, bsp_summary *s) {
  const int R = b->ranks;
  for (int r = 0; r < R; r++) {
    const double *row = b->rows + (ep * R + r) * ACO_BSP_FIELDS;
    double w = row[ACO_BSP_W];
    s->rank_w[ep * R + r] = w;
    s->rank_sync[ep * R + r] = row[ACO_BSP_SYNC];
    if (w > s->col[COL_W_MAX][ep]) s->col[COL_W_MAX][ep] = w;
    s->col[COL_W_MEAN][ep] += w / R;
    for (int f = ACO_BSP_COMM; f < ACO_BSP_FIELDS; f++)
      if (row[f] > s->col[COL_COMM + f - ACO_BSP_COMM][ep])
        s->col[COL_COMM + f - ACO_BSP_COMM][ep] = row[f];
  }
  const double mean = s->col[COL_W_MEAN][ep];
  s->col[COL_IMBALANCE][ep] = mean > 0.0 ? s->col[COL_W_MAX][ep] / mean - 1.0 : 0.0;
}

static ar_status bsp_summarise(const bsp_log *b, int64_t E, bsp_summary *s) {
  const int R = b->ranks;
  const size_t e1 = (size_t)(E > 0 ? E : 1);
  int ok = 1;
  for (int i = 0; i < COLS; i++)
    ok &= (s->col[i] = calloc(e1, sizeof(double))) != NULL;
  ok &= (s->rank_w = calloc(e1 * (size_t)R, sizeof(double))) != NULL;
  ok &= (s->rank_sync = calloc(e1 * (size_t)R, sizeof(double))) != NULL;
  if (!ok) return ar_fail(AR_ERR_NOMEM, "out of memory writing /bsp");
  double sum_max = 0.0, sum_mean = 0.0;
  for (int64_t ep = 0; ep < E; ep++) {
    summarise_epoch(b, ep, s);
    sum_max += s->col[COL_W_MAX][ep];
    sum_mean += s->col[COL_W_MEAN][ep];
  }
  s->imbalance = sum_mean > 0.0 ? sum_max / sum_mean - 1.0 : 0.0;
  double best = -1.0;
  for (int r = 0; r < R; r++) {
    double w = 0.0;
    for (int64_t ep = 0; ep < E; ep++)
      w += s->rank_w[ep * R + r];
    if (w > best) {
      best = w;
      s->slowest = r;
    }
  }
  return AR_OK;
}

/* The attributes of /bsp (every rank writes rank 0's values, broadcast by the caller). */
static ar_status write_bsp_attributes(hid_t g, const bsp_log *b, int64_t E, const bsp_summary *s) {
  char list[256] = "";
  for (int t = 0; t < TIMER_COUNT; t++) {
    if (t) strcat(list, ",");
    strcat(list, timer_name((timer_id)t));
  }
  const h5field *F = h5res_bsp_fields; /* each with its unit and description beside it */
  ar_status st = h5field_attr_str(g, &F[H5RES_BSP_TIMER_NAMES], list);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_BSP_RANKS], b->ranks);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_BSP_EPOCHS], E);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_BSP_COLONIES], b->colonies);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_BSP_SLOWEST_RANK], s->slowest);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_BSP_RUN_IMBALANCE], s->imbalance);
  if (st == AR_OK)
    st = h5field_attr_f64(g, &F[H5RES_BSP_BLOCK_IMBALANCE],
                          bsp_log_block_imbalance(b->colonies, b->ranks));
  if (st == AR_OK)
    st = h5field_attr_f64(g, &F[H5RES_BSP_TEAM_EFFICIENCY],
                          b->ant_capacity > 0 ? b->ant_busy / b->ant_capacity : 0.0);
  return st;
}

/* The /bsp group from rank 0's summary (root: this rank holds it). */
static ar_status write_bsp_group(hid_t file, const bsp_log *b, int64_t E, const bsp_summary *s,
                                 int root) {
  /* The columns of the summary, in the order of the declarations. */
  const h5field *F = h5res_bsp_fields;
  const int R = b->ranks;
  hsize_t de[1] = {(hsize_t)E}, der[2] = {(hsize_t)E, (hsize_t)R},
          drt[2] = {(hsize_t)R, TIMER_COUNT};
  hid_t g = -1;
  ar_status st = h5u_group_create(file, "bsp", &g);
  for (int i = 0; st == AR_OK && i < COLS; i++)
    st = h5field_write(g, &F[H5RES_BSP_W_MAX + i], de, root ? s->col[i] : NULL);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_BSP_RANK_W], der, root ? s->rank_w : NULL);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_BSP_RANK_SYNC], der, root ? s->rank_sync : NULL);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_BSP_RANK_TIMERS], drt, root ? b->timers : NULL);
  hsize_t dp[2] = {(hsize_t)R, 2};
  if (st == AR_OK)
    st = h5field_write(g, &F[H5RES_BSP_RANK_POOL_ANTS], dp, root ? b->pool_ants : NULL);
  if (st == AR_OK) st = write_bsp_attributes(g, b, E, s);
  return h5u_group_close(g, st);
}

ar_status h5res_bsp_write(hid_t file, const bsp_log *b, MPI_Comm comm, int epoch_split) {
  int rank = 0;
  ar_status st = ar_mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  int64_t head[2] = {rank == 0 ? b->epochs : 0, timer_enabled()};
  if (st == AR_OK)
    st =
        ar_mpi_check(MPI_Bcast(head, 2, MPI_INT64_T, 0, comm), "MPI_Bcast of the BSP record count");
  if (st != AR_OK || !head[1]) return st;
  const int64_t E = head[0];
  bsp_summary sum;
  memset(&sum, 0, sizeof sum);
  st = ar_agree(comm, rank == 0 ? bsp_summarise(b, E, &sum) : AR_OK);
  double shared[2] = {(double)sum.slowest, sum.imbalance};
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Bcast(shared, 2, MPI_DOUBLE, 0, comm),
                      "MPI_Bcast of the slowest rank and the imbalance");
  sum.slowest = (int)shared[0];
  sum.imbalance = shared[1];
  if (st == AR_OK) st = write_bsp_group(file, b, E, &sum, rank == 0);
  if (st == AR_OK && epoch_split) st = write_epoch_split(file, b, E, rank == 0);
  bsp_summary_free(&sum);
  return st;
}
