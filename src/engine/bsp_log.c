/* SPDX-License-Identifier: BSD-3-Clause */
/* bsp_log: gathering and printing the per-epoch BSP rows of every rank. */
#include "bsp_log.h"

#include "aco_engine_state.h"

#include "ar_agree.h"

#include <stdlib.h>
#include <string.h>

void bsp_log_init(bsp_log *b, int ranks) {
  memset(b, 0, sizeof *b);
  b->ranks = ranks > 0 ? ranks : 1;
}

double bsp_log_block_imbalance(int32_t colonies, int ranks) {
  if (colonies < 1 || ranks < 1) return 0.0;
  const double mean = (double)colonies / ranks;
  const int32_t largest = (colonies + ranks - 1) / ranks;
  return (double)largest / mean - 1.0;
}

ar_status bsp_log_append(bsp_log *b, const aco_engine *e) {
  if (!timer_enabled()) return AR_OK;
  b->colonies = e->par.colonies;
  const int R = e->size;
  const int64_t E = e->epoch;
  ar_status st = AR_OK;
  double *mine = calloc((size_t)(E > 0 ? E : 1) * ACO_BSP_FIELDS, sizeof(double));
  double *all = NULL, *tm = NULL;
  int64_t *pool = NULL;
  if (mine && e->bsp_rows)
    memcpy(mine, e->bsp_rows,
           (size_t)(E < e->bsp_cap ? E : e->bsp_cap) * ACO_BSP_FIELDS * sizeof(double));
  if (e->rank == 0) {
    if (b->epochs + E > b->cap) {
      int64_t cap = b->cap ? b->cap : 64;
      while (cap < b->epochs + E)
        cap *= 2;
      double *rows = realloc(b->rows, (size_t)cap * (size_t)R * ACO_BSP_FIELDS * sizeof(double));
      if (rows) {
        b->rows = rows;
        b->cap = cap;
      }
    }
    if (!b->timers) b->timers = calloc((size_t)R * TIMER_COUNT, sizeof(double));
    if (!b->pool_ants) b->pool_ants = calloc((size_t)R * 2, sizeof(int64_t));
    all = malloc((size_t)(E > 0 ? E : 1) * (size_t)R * ACO_BSP_FIELDS * sizeof(double));
    tm = malloc((size_t)R * TIMER_COUNT * sizeof(double));
    pool = malloc((size_t)R * 2 * sizeof(int64_t));
    if (b->cap < b->epochs + E || !b->timers || !b->pool_ants || !all || !tm || !pool)
      st = ar_fail(AR_ERR_NOMEM, "out of memory for %lld BSP records", (long long)(b->epochs + E));
  }
  if (!mine) st = ar_fail(AR_ERR_NOMEM, "out of memory for %lld BSP records", (long long)E);
  st = ar_agree(e->comm, st);
  if (st == AR_OK && E * ACO_BSP_FIELDS > 0x7fffffff)
    st = ar_fail(AR_ERR_MPI, "MPI_Gather of the BSP records: %lld epochs are too many",
                 (long long)E);
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Gather(mine, (int)(E * ACO_BSP_FIELDS), MPI_DOUBLE, all,
                                 (int)(E * ACO_BSP_FIELDS), MPI_DOUBLE, 0, e->comm),
                      "MPI_Gather of the BSP records");
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Gather(e->timers.total, TIMER_COUNT, MPI_DOUBLE, tm, TIMER_COUNT,
                                 MPI_DOUBLE, 0, e->comm),
                      "MPI_Gather of the timers");
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Gather(in.pool_ants, 2, MPI_INT64_T, pool, 2, MPI_INT64_T, 0, e->comm),
                      "MPI_Gather of the ants the ranks built for each other");
  double team[2] = {e->ant_busy, e->ant_capacity}, sum[2] = {0.0, 0.0};
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Allreduce(team, sum, 2, MPI_DOUBLE, MPI_SUM, e->comm),
                      "MPI_Allreduce of the team times");
  if (st == AR_OK) {
    b->ant_busy += sum[0];
    b->ant_capacity += sum[1];
  }
  if (st == AR_OK && e->rank == 0) {
    /* Gathered [rank][epoch][field]; the log is [epoch][rank][field]. */
    for (int r = 0; r < R; r++)
      for (int64_t ep = 0; ep < E; ep++)
        memcpy(b->rows + ((b->epochs + ep) * R + r) * ACO_BSP_FIELDS,
               all + ((int64_t)r * E + ep) * ACO_BSP_FIELDS, ACO_BSP_FIELDS * sizeof(double));
    for (int i = 0; i < R * TIMER_COUNT; i++)
      b->timers[i] += tm[i];
    for (int i = 0; i < R * 2; i++)
      b->pool_ants[i] += pool[i];
    b->epochs += E;
  }
  free(mine);
  free(all);
  free(tm);
  free(pool);
  return st;
}

/* The rank that waited longest at epoch ends, and what uneven colony blocks cost. */
static void print_waits(const bsp_log *b, FILE *out) {
  const int R = b->ranks;
  if (R < 2) return;
  int most = 0;
  double most_wait = -1.0, its_w = 0.0;
  for (int r = 0; r < R; r++) {
    const double *t = b->timers + (size_t)r * TIMER_COUNT;
    if (t[TIMER_WAIT] > most_wait) {
      most_wait = t[TIMER_WAIT];
      most = r;
      its_w = t[TIMER_CONSTRUCT] + t[TIMER_LOCAL_SEARCH] + t[TIMER_UPDATE];
    }
  }
  fprintf(out, "waiting for other ranks: longest rank %d, %.3f s (%.1f %% of its compute time)\n",
          most, most_wait, its_w > 0 ? 100.0 * most_wait / its_w : 0.0);
  int64_t lent = 0;
  for (int r = 0; b->pool_ants && r < R; r++)
    lent += b->pool_ants[2 * r];
  if (lent > 0) { /* the node's pool (aco_pool.h) */
    fprintf(out, "ants built for other ranks' colonies of the node:");
    for (int r = 0; r < R; r++)
      fprintf(out, "%s rank %d %lld", r ? "," : "", r, (long long)b->pool_ants[2 * r]);
    fprintf(out, "\n");
  }
  const double block = bsp_log_block_imbalance(b->colonies, R);
  if (block > 0.0) {
    const int32_t lo = b->colonies / R; /* >= 1: solve refuses more ranks than colonies */
    fprintf(out,
            "colonies: %d over %d ranks in blocks of %d and %d: the blocks alone make the "
            "slowest rank work %.0f %% longer than the mean; a multiple of %d (--colonies %d or "
            "%d) balances them (antroute advise --colonies)%s\n",
            (int)b->colonies, R, (int)lo + 1, (int)lo, 100.0 * block, R, (int)(lo * R),
            (int)((lo + 1) * R),
            lent > 0 ? "; ranks of one node build each other's ants, which evens the blocks out "
                       "there"
                     : "");
  }
}

void bsp_log_print(const bsp_log *b, FILE *out) {
  if (!b->rows || b->epochs == 0 || !b->timers) return;
  const int R = b->ranks;
  double sum[ACO_BSP_FIELDS] = {0}, w_max_sum = 0.0;
  for (int64_t ep = 0; ep < b->epochs; ep++) {
    double w_max = 0.0;
    for (int r = 0; r < R; r++) {
      const double *row = b->rows + (ep * R + r) * ACO_BSP_FIELDS;
      for (int f = 0; f < ACO_BSP_FIELDS; f++)
        sum[f] += row[f] / R;
      if (row[ACO_BSP_W] > w_max) w_max = row[ACO_BSP_W];
    }
    w_max_sum += w_max;
  }
  fprintf(out, "time per phase over %d rank%s (seconds; mean, max, slowest rank):\n", R,
          R == 1 ? "" : "s");
  for (int t = 0; t < TIMER_COUNT; t++) {
    double mean = 0.0, max = -1.0;
    int at = 0;
    for (int r = 0; r < R; r++) {
      double v = b->timers[r * TIMER_COUNT + t];
      mean += v / R;
      if (v > max) {
        max = v;
        at = r;
      }
    }
    fprintf(out, "  %-13s %9.3f %9.3f  rank %d\n", timer_name((timer_id)t), mean, max, at);
  }
  int slowest = 0;
  double slowest_w = -1.0;
  for (int r = 0; r < R; r++) {
    double w = b->timers[r * TIMER_COUNT + TIMER_CONSTRUCT] +
               b->timers[r * TIMER_COUNT + TIMER_LOCAL_SEARCH] +
               b->timers[r * TIMER_COUNT + TIMER_UPDATE];
    if (w > slowest_w) {
      slowest_w = w;
      slowest = r;
    }
  }
  double total = w_max_sum + sum[ACO_BSP_COMM] + sum[ACO_BSP_SYNC] + sum[ACO_BSP_IO];
  fprintf(out,
          "BSP over %lld epochs: w_max %.3f s (w_mean %.3f, imbalance %.1f %%), comm %.3f s, "
          "sync %.3f s, io %.3f s; exchange share %.2f %%; slowest rank %d (w %.3f s)\n",
          (long long)b->epochs, w_max_sum, sum[ACO_BSP_W],
          sum[ACO_BSP_W] > 0 ? 100.0 * (w_max_sum / sum[ACO_BSP_W] - 1.0) : 0.0, sum[ACO_BSP_COMM],
          sum[ACO_BSP_SYNC], sum[ACO_BSP_IO], total > 0 ? 100.0 * sum[ACO_BSP_COMM] / total : 0.0,
          slowest, slowest_w);
  if (b->ant_capacity > 0)
    fprintf(out, "OpenMP team busy in ants and trail updates: %.1f %% of threads x wall time\n",
            100.0 * b->ant_busy / b->ant_capacity);
  print_waits(b, out);
}

void bsp_log_free(bsp_log *b) {
  free(b->rows);
  free(b->timers);
  free(b->pool_ants);
  memset(b, 0, sizeof *b);
}
