/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_write: the problem-independent part of the results file. */
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "ar_alloc.h"
#include "h5field.h"
#include "h5meta.h"
#include "h5res.h"
#include "h5res_fields.h"
#include "h5res_hosts.h"
#include "h5u.h"

/* Rank 0's view of numbers that differ between ranks (times), so that every rank writes the
 * same attribute values. */
typedef struct {
  double elapsed;
  double seconds[5]; /* construct, update, exchange, total, CPU */
  double cpu_total;  /* CPU seconds over all ranks */
} run_times;

static ar_status write_epochs(hid_t file, const aco_engine *e, const char *cost_units) {
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  const int64_t E = in.epoch;
  const int32_t C = in.par->colonies;
  int root = in.rank == 0;
  ar_status st = AR_OK;
  int64_t *iteration = NULL, *t_iteration = NULL;
  double *time = NULL, *best = NULL, *colony_best = NULL, *t_time = NULL, *t_best = NULL;
  int64_t T = 0;
  if (root) {
    size_t ne = (size_t)(E > 0 ? E : 1);
    iteration = ar_alloc_array(ne, sizeof(int64_t));
    t_iteration = ar_alloc_array(ne, sizeof(int64_t));
    time = ar_alloc_array(ne, sizeof(double));
    t_time = ar_alloc_array(ne, sizeof(double));
    best = ar_alloc_array(ne, sizeof(double));
    t_best = ar_alloc_array(ne, sizeof(double));
    colony_best = ar_alloc_array(ne * (size_t)C, sizeof(double));
    if (!iteration || !t_iteration || !time || !t_time || !best || !t_best || !colony_best) {
      st = ar_fail(AR_ERR_NOMEM, "out of memory writing %lld epoch records", (long long)E);
    } else {
      for (int64_t i = 0; i < E; i++) {
        iteration[i] = in.epochs[i].iteration;
        time[i] = in.epochs[i].time;
        best[i] = in.epochs[i].best_cost.key[0];
        for (int32_t c = 0; c < C; c++)
          colony_best[i * C + c] = in.colony_best[i * C + c].key[0];
        /* The trace keeps the epoch ends where the global best improved. */
        if (i == 0 || in.epochs[i].best_cost.key[0] != in.epochs[i - 1].best_cost.key[0]) {
          t_iteration[T] = iteration[i];
          t_time[T] = time[i];
          t_best[T] = best[i];
          T++;
        }
      }
    }
  }
  st = ar_agree(in.comm, st);
  long long tcount = T;
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Bcast(&tcount, 1, MPI_LONG_LONG, 0, in.comm),
                      "MPI_Bcast of the trace length");
  hid_t g = -1;
  hsize_t de[1] = {(hsize_t)E}, dec[2] = {(hsize_t)E, (hsize_t)C}, dt[1] = {(hsize_t)tcount};
  const h5field *F = h5res_run_fields;
  /* The costs in the network's unit. */
  h5field tbest = h5field_with_unit(&F[H5RES_TRACE_BEST], cost_units);
  h5field ebest = h5field_with_unit(&F[H5RES_EPOCHS_BEST], cost_units);
  h5field cbest = h5field_with_unit(&F[H5RES_EPOCHS_COLONY_BEST], cost_units);
  if (st == AR_OK) st = h5u_group_create(file, "trace", &g);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_TRACE_TIME], dt, root ? t_time : NULL);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_TRACE_ITERATION], dt, root ? t_iteration : NULL);
  if (st == AR_OK) st = h5field_write(g, &tbest, dt, root ? t_best : NULL);
  st = h5u_group_close(g, st);
  g = -1;
  if (st == AR_OK) st = h5u_group_create(file, "epochs", &g);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_EPOCHS_ITERATION], de, root ? iteration : NULL);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_EPOCHS_TIME], de, root ? time : NULL);
  if (st == AR_OK) st = h5field_write(g, &ebest, de, root ? best : NULL);
  if (st == AR_OK) st = h5field_write(g, &cbest, dec, root ? colony_best : NULL);
  st = h5u_group_close(g, st);
  ar_free(iteration);
  ar_free(t_iteration);
  ar_free(time);
  ar_free(t_time);
  ar_free(best);
  ar_free(t_best);
  ar_free(colony_best);
  return st;
}

/* /improvements: every colony's improvements of this run, from rank 0 (aco_improve.h; the
 * counts and the start are every rank's after the run). */
static ar_status write_improvements(hid_t file, const aco_engine *e, const char *cost_units) {
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  const int root = in.rank == 0;
  const int64_t count = in.improvements_count;
  int64_t *iteration = NULL;
  int32_t *colony = NULL;
  double *time = NULL, *cost = NULL;
  ar_status st = AR_OK;
  if (root) {
    const size_t n = (size_t)(count > 0 ? count : 1);
    iteration = ar_alloc_array(n, sizeof(int64_t));
    colony = ar_alloc_array(n, sizeof(int32_t));
    time = ar_alloc_array(n, sizeof(double));
    cost = ar_alloc_array(n, sizeof(double));
    if (!iteration || !colony || !time || !cost)
      st = ar_fail(AR_ERR_NOMEM, "out of memory writing %lld improvements", (long long)count);
    for (int64_t i = 0; st == AR_OK && i < count; i++) {
      iteration[i] = in.improvements[i].iteration;
      colony[i] = (int32_t)in.improvements[i].colony;
      time[i] = in.improvements[i].time;
      cost[i] = in.improvements[i].cost;
    }
  }
  st = ar_agree(in.comm, st);
  const h5field *F = h5res_run_fields;
  h5field fcost = h5field_with_unit(&F[H5RES_IMPROVEMENTS_COST], cost_units);
  hsize_t dn[1] = {(hsize_t)count};
  hid_t g = -1;
  if (st == AR_OK) st = h5u_group_create(file, "improvements", &g);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_IMPROVEMENTS_START], in.start_unix);
  if (st == AR_OK)
    st = h5field_attr_i64(g, &F[H5RES_IMPROVEMENTS_DROPPED], in.improvements_dropped);
  if (st == AR_OK)
    st = h5field_write(g, &F[H5RES_IMPROVEMENTS_ITERATION], dn, root ? iteration : NULL);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_IMPROVEMENTS_TIME], dn, root ? time : NULL);
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_IMPROVEMENTS_COLONY], dn, root ? colony : NULL);
  if (st == AR_OK) st = h5field_write(g, &fcost, dn, root ? cost : NULL);
  st = h5u_group_close(g, st);
  ar_free(iteration);
  ar_free(colony);
  ar_free(time);
  ar_free(cost);
  return st;
}

static ar_status write_layout(hid_t file, const aco_engine *e) {
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  hid_t g = -1;
  ar_status st = h5u_group_create(file, "layout", &g);
  const h5field *F = h5res_run_fields;
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_LAYOUT_RANKS], in.size);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_LAYOUT_THREADS], in.threads);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_LAYOUT_COLONIES], in.par->colonies);
  int32_t *owner = NULL;
  if (st == AR_OK && in.rank == 0) {
    owner = ar_alloc_array((size_t)in.par->colonies, sizeof(int32_t));
    if (owner)
      for (int32_t c = 0; c < in.par->colonies; c++)
        owner[c] = aco_block_owner(in.par->colonies, in.size, c);
  }
  if (st == AR_OK) st = ar_agree(in.comm, in.rank == 0 && !owner ? AR_ERR_NOMEM : AR_OK);
  hsize_t dc[1] = {(hsize_t)in.par->colonies};
  if (st == AR_OK)
    st = h5field_write(g, &F[H5RES_LAYOUT_COLONY_RANK], dc, in.rank == 0 ? owner : NULL);
  if (st == AR_OK) st = h5res_write_rank_hosts(g, in.comm);
  ar_free(owner);
  st = h5u_group_close(g, st);
  return st;
}

static ar_status write_run(hid_t file, const aco_engine *e, const run_times *rt,
                           const double *rank_seconds) {
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  const aco_params *par = in.par;
  hid_t g = -1;
  ar_status st = h5u_group_create(file, "run", &g);
  int64_t tours = in.iteration * par->ants * par->colonies;
  double secs = rt->elapsed > 0 ? rt->elapsed : 1e-9;
  const h5field *F = h5res_run_fields;
  if (st == AR_OK)
    st = h5field_attr_str(g, &F[H5RES_RUN_ATTRIBUTES], aco_algorithm_name(par->algorithm));
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_RUN_COLONIES], par->colonies);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_RUN_ANTS], par->ants);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_RUN_ALPHA], par->alpha);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_RUN_BETA], par->beta);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_RUN_RHO], par->rho);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_RUN_Q0], par->q0);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_RUN_XI], par->xi);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_RUN_P_BEST], par->p_best);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_RUN_P_GBEST], par->p_gbest);
  if (st == AR_OK)
    st = h5field_attr_i64(g, &F[H5RES_RUN_RESTART_ITERATIONS], par->restart_iterations);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_RUN_RESTART_DESCENT], par->restart_descent);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_RUN_EPOCH_ITERATIONS], par->epoch_iterations);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_RUN_SEED], (int64_t)par->seed);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_RUN_MIGRATE], par->migrate);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_RUN_ITERATIONS], in.iteration);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_RUN_EPOCHS], in.epoch);
  if (st == AR_OK) st = h5field_attr_i64(g, &F[H5RES_RUN_TOURS], tours);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_RUN_SECONDS], rt->elapsed);
  if (st == AR_OK)
    st = h5field_attr_f64(g, &F[H5RES_RUN_ITERATIONS_PER_SECOND], in.iteration / secs);
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_RUN_TOURS_PER_SECOND], tours / secs);
  if (st == AR_OK)
    st = h5field_attr_str(g, &F[H5RES_RUN_STOPPED_BY], aco_stop_reason_name(in.stop_reason));
  if (st == AR_OK) st = h5field_attr_f64(g, &F[H5RES_RUN_CPU_SECONDS], rt->cpu_total);
  hsize_t dr[2] = {(hsize_t)in.size, 5};
  if (st == AR_OK) st = h5field_write(g, &F[H5RES_RUN_RANK_SECONDS], dr, rank_seconds);
  /* Readers (antroute report) name the columns from this attribute. */
  if (st == AR_OK)
    st = h5u_dataset_attr_write_str(g, h5field_leaf(&F[H5RES_RUN_RANK_SECONDS]),
                                    h5field_leaf(&F[H5RES_RUN_RANK_SECONDS_COLUMNS]),
                                    "construct,update,exchange,total,cpu");
  st = h5u_group_close(g, st);
  return st;
}

ar_status h5res_write_run(hid_t file, const aco_engine *e, const param_set *ps,
                          const h5res_info *info) {
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  run_times rt = {
      aco_engine_elapsed(e),
      {in.time_construct, in.time_update, in.time_exchange, 0.0, aco_engine_cpu_seconds(e)},
      0.0};
  rt.seconds[3] = rt.elapsed;
  double *rank_seconds = in.rank == 0 ? malloc(sizeof(double) * 5 * (size_t)in.size) : NULL;
  ar_status st = ar_agree(in.comm, in.rank == 0 && !rank_seconds ? AR_ERR_NOMEM : AR_OK);
  if (st != AR_OK) return st;
  st = ar_mpi_check(MPI_Gather(rt.seconds, 5, MPI_DOUBLE, rank_seconds, 5, MPI_DOUBLE, 0, in.comm),
                    "MPI_Gather of the run times");
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Reduce(&rt.seconds[4], &rt.cpu_total, 1, MPI_DOUBLE, MPI_SUM, 0, in.comm),
                      "MPI_Reduce of the CPU time");
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Bcast(&rt, (int)sizeof rt, MPI_BYTE, 0, in.comm),
                      "MPI_Bcast of the run times");
  if (st != AR_OK) {
    free(rank_seconds);
    return st;
  }
  st = h5meta_write(file, H5META_RESULTS, H5RES_FORMAT_VERSION, ps);
  const h5field *F = h5res_run_fields;
  if (st == AR_OK) st = h5field_attr_str(file, &F[H5RES_KIND], info->kind);
  if (st == AR_OK) st = h5field_attr_str(file, &F[H5RES_INPUT], info->input);
  if (st == AR_OK) st = h5field_attr_str(file, &F[H5RES_INSTANCE], info->instance);
  h5field optimum = h5field_with_unit(&F[H5RES_OPTIMUM], info->cost_units);
  if (st == AR_OK) st = h5field_attr_i64(file, &optimum, info->optimum);
  if (st == AR_OK) st = write_epochs(file, e, info->cost_units);
  if (st == AR_OK) st = write_improvements(file, e, info->cost_units);
  if (st == AR_OK) st = write_layout(file, e);
  if (st == AR_OK) st = write_run(file, e, &rt, rank_seconds);
  free(rank_seconds);
  return st;
}
