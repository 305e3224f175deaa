/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_engine: creation, the run as segments of iterations between boundaries, stopping rules. */
#include "aco_engine.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aco_engine_ckpt.h"
#include "aco_engine_state.h"
#include "aco_exchange.h"
#include "aco_improve.h"
#include "aco_plan.h"
#include "aco_pool.h"
#include "aco_segment.h"
#include "aco_share.h"
#include "aco_start.h"
#include "ar_agree.h"
#include "ar_alloc.h"
#include "ar_hooks.h"

double aco_engine_cpu_seconds(const aco_engine *e) { return aco_state_cpu_seconds(e); }

double aco_engine_elapsed(const aco_engine *e) { return aco_state_elapsed(e); }

static ar_status engine_alloc(aco_engine *e) {
  const aco_problem *p = e->problem;
  size_t cells = (size_t)p->rows * (size_t)p->options;
  e->eta_beta = ar_alloc_array(cells, sizeof(float));
  e->best = ar_alloc_array((size_t)p->solution_len, sizeof(int32_t));
  e->colony = ar_alloc_array((size_t)e->local_colonies, sizeof(aco_colony));
  e->scratch = ar_alloc_array((size_t)e->threads, sizeof(void *));
  /* Records for every epoch we can foresee; a time-limited run grows them at epoch ends. */
  int64_t cap = 64;
  if (e->par.iterations > 0) cap = e->par.iterations / e->par.epoch_iterations + 2;
  e->records_cap = cap;
  e->epochs = ar_alloc_array((size_t)cap, sizeof(aco_epoch_record));
  e->local_best_log = ar_alloc_array((size_t)cap * (size_t)e->local_colonies, sizeof(aco_cost));
  /* BSP rows for the same epochs (grown at epoch ends only by a time-limited run). */
  e->bsp_rows = calloc((size_t)cap * ACO_BSP_FIELDS, sizeof(double));
  e->bsp_cap = e->bsp_rows ? cap : 0;
  if (!e->eta_beta || !e->best || !e->colony || !e->scratch || !e->epochs || !e->local_best_log ||
      !e->bsp_rows)
    return ar_fail(AR_ERR_NOMEM, "out of memory setting up the search (%zu pheromone cells)",
                   cells);
  ar_status rec = aco_improve_alloc(e);
  if (rec != AR_OK) return rec;
  for (int t = 0; t < e->threads; t++) {
    ar_status st = p->scratch_create(p, &e->scratch[t]);
    if (st != AR_OK) return st;
  }
  for (int32_t c = 0; c < e->local_colonies; c++) {
    ar_status st = aco_colony_alloc(&e->colony[c], p, &e->par, e->first_colony + c);
    if (st != AR_OK) return st;
  }
  return aco_segment_setup(e);
}

static void engine_eta_beta(aco_engine *e) {
  const aco_problem *p = e->problem;
  const float beta = (float)e->par.beta;
#pragma omp parallel for schedule(static)
  for (int32_t r = 0; r < p->rows; r++) {
    float *row = e->eta_beta + (size_t)r * p->options;
    p->heuristic(p, r, row);
    for (int32_t k = 0; k < p->options; k++)
      row[k] = row[k] > 0.0f ? powf(row[k], beta) : 0.0f;
  }
}

ar_status aco_engine_check_ranks(int ranks, int colonies) {
  if (ranks <= colonies) return AR_OK;
  return ar_fail(AR_ERR_USAGE,
                 "%d MPI ranks but only %d %s: every rank needs at least one colony "
                 "(use --colonies %d or more, or fewer ranks)",
                 ranks, colonies, colonies == 1 ? "colony" : "colonies", ranks);
}

ar_status aco_engine_create(const aco_problem *problem, const aco_params *par, MPI_Comm comm,
                            aco_engine **out) {
  *out = NULL;
  int rank = 0, size = 1;
  ar_status st = ar_mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank of the engine");
  if (st == AR_OK) st = ar_mpi_check(MPI_Comm_size(comm, &size), "MPI_Comm_size of the engine");
  if (st != AR_OK) return st;
  st = aco_params_check(par);
  if (st != AR_OK) return st;
  st = aco_engine_check_ranks(size, par->colonies);
  if (st != AR_OK) return st;
  aco_engine *e = calloc(1, sizeof *e);
  if (!e) return ar_fail(AR_ERR_NOMEM, "out of memory");
  e->problem = problem;
  e->par = *par;
  e->comm = comm;
  e->rank = rank;
  e->size = size;
  e->threads = omp_get_max_threads();
  aco_block_of(par->colonies, size, rank, &e->first_colony, &e->local_colonies);
  e->best_cost = aco_cost_worst();
  e->best_colony = -1;
  e->best_iteration = -1;
  st = engine_alloc(e);
  /* The pool's window is collective: every rank must have its colonies first. */
  st = ar_agree(comm, st);
  if (st == AR_OK) st = aco_pool_setup(e);
  if (st == AR_OK) st = aco_share_setup(e);
  if (st == AR_OK) {
    engine_eta_beta(e);
    st = aco_start_colonies(e);
  }
  st = ar_agree(comm, st);
  if (st != AR_OK) {
    aco_engine_free(e);
    return st;
  }
  *out = e;
  return AR_OK;
}

void aco_engine_free(aco_engine *e) {
  if (!e) return;
  aco_share_free(e);
  aco_segment_free(e);
  aco_engine_ckpt_free(e);
  free(e->bsp_rows);
  if (e->colony)
    for (int32_t c = 0; c < e->local_colonies; c++)
      aco_colony_free(&e->colony[c]);
  aco_pool_free(e); /* the colonies' arrays in its window */
  if (e->scratch)
    for (int t = 0; t < e->threads; t++)
      if (e->scratch[t]) e->problem->scratch_free(e->problem, e->scratch[t]);
  ar_free(e->colony);
  ar_free(e->scratch);
  ar_free(e->eta_beta);
  ar_free(e->best);
  ar_free(e->epochs);
  ar_free(e->colony_best);
  ar_free(e->local_best_log);
  aco_improve_free(e);
  free(e);
}

ar_status aco_engine_meet(aco_engine *e, const char *where) {
  if (!timer_enabled() || e->size <= 1) return AR_OK;
  double w0 = timer_now();
  ar_status st = ar_mpi_check(MPI_Barrier(e->comm), where);
  if (st == AR_OK) timer_add(&e->timers, TIMER_WAIT, w0);
  return st;
}

/* The epoch-end hook, timed as I/O, then this rank's BSP row of the epoch just ended. */
static ar_status engine_epoch_end(aco_engine *e) {
  double t0 = timer_now();
  ar_status st = e->hooks.epoch_end ? e->hooks.epoch_end(e, e->hooks.arg) : AR_OK;
  timer_add(&e->timers, TIMER_CHECKPOINT, t0);
  if (st != AR_OK || !timer_enabled()) return st;
  if (e->epoch > e->bsp_cap) {
    int64_t cap = e->bsp_cap ? e->bsp_cap * 2 : 64;
    while (cap < e->epoch)
      cap *= 2;
    double *rows = realloc(e->bsp_rows, (size_t)cap * ACO_BSP_FIELDS * sizeof(double));
    if (!rows) return ar_fail(AR_ERR_NOMEM, "out of memory for %lld BSP records", (long long)cap);
    memset(rows + e->bsp_cap * ACO_BSP_FIELDS, 0,
           (size_t)(cap - e->bsp_cap) * ACO_BSP_FIELDS * sizeof(double));
    e->bsp_rows = rows;
    e->bsp_cap = cap;
  }
  double d[TIMER_COUNT];
  for (int i = 0; i < TIMER_COUNT; i++) {
    d[i] = e->timers.total[i] - e->timer_mark[i];
    e->timer_mark[i] = e->timers.total[i];
  }
  double *row = e->bsp_rows + (e->epoch - 1) * ACO_BSP_FIELDS;
  row[ACO_BSP_W] = d[TIMER_CONSTRUCT] + d[TIMER_LOCAL_SEARCH] + d[TIMER_UPDATE];
  row[ACO_BSP_COMM] = d[TIMER_EXCHANGE] + d[TIMER_SHARE];
  row[ACO_BSP_SYNC] = d[TIMER_WAIT];
  row[ACO_BSP_IO] = d[TIMER_CHECKPOINT];
  return AR_OK;
}

/* Without an iteration_end hook, when the plan does not carry them (one rank, no clock): every
 * rank's hooks.local_stop, agreed here; a run at its iteration limit ends normally. */
static ar_status local_stop_now(aco_engine *e, int *stop) {
  if (!e->hooks.local_stop || e->plan.ahead) return AR_OK;
  if (e->par.iterations > 0 && e->iteration >= e->par.iterations) return AR_OK;
  int flag = aco_plan_local_stop(e) != 0, any = flag;
  if (e->size > 1) {
    ar_status st = aco_engine_meet(e, "MPI_Barrier before the stop flags");
    if (st == AR_OK)
      st = ar_mpi_check(MPI_Allreduce(&flag, &any, 1, MPI_INT, MPI_MAX, e->comm),
                        "MPI_Allreduce of the stop flags");
    if (st != AR_OK) return st;
  }
  *stop = any;
  return AR_OK;
}

/* After a segment: the epoch's exchange when it ended one, then the driver's boundary hook.
 * *reached: the epoch's global best, agreed by the exchange, is no worse than the target
 * (solve --gap), so every rank stops at the same iteration. */
static ar_status engine_boundary(aco_engine *e, int *stop, int *reached) {
  *stop = 0;
  *reached = 0;
  /* The plan posted a segment ago completes first: its wait is the wait for slower ranks. */
  int attention = 0;
  ar_status st = aco_plan_boundary(e, &attention);
  if (st != AR_OK) return st;
  const int epoch_end = e->iteration % e->par.epoch_iterations == 0;
  if (epoch_end) {
    st = aco_exchange_epoch(e);
    if (st == AR_OK) st = engine_epoch_end(e);
    if (st != AR_OK) return st;
    *reached = e->par.has_target && aco_cost_compare(&e->best_cost, &e->par.target) <= 0;
  }
  if (!e->hooks.iteration_end) return local_stop_now(e, stop);
  /* Planned a segment ahead, the hook runs where it has collective work anyway or where a
   * rank's local_stop asked for it, so the ranks do not meet at every look. */
  if (e->plan.ahead && !attention && !aco_plan_fixed_boundary(e)) return AR_OK;
  /* The hook's first collective (the checkpoint session's stop flags) would book the wait for
   * the slowest rank as checkpoint time (an epoch end has just met in the exchange). */
  if (!epoch_end) {
    st = aco_engine_meet(e, "MPI_Barrier before the boundary hook");
    if (st != AR_OK) return st;
  }
  double h0 = timer_now();
  st = e->hooks.iteration_end(e, e->hooks.arg, stop);
  timer_add(&e->timers, TIMER_CHECKPOINT, h0);
  return st;
}

ar_status aco_engine_run(aco_engine *e, const aco_hooks *hooks) {
  static const aco_hooks no_hooks = {0};
  e->hooks = hooks ? *hooks : no_hooks;
  e->start_wtime = MPI_Wtime();
  aco_improve_start(e);
  e->cpu_start = aco_state_process_cpu();
  e->stop_reason = ACO_STOP_NONE;
  e->seconds_per_iteration = 0.0;
  e->cpu_per_iteration = 0.0;
  ar_status st = aco_plan_start(e);
  if (st != AR_OK) return st;
  for (;;) {
    int stop = 0, reached = 0;
    int64_t end = 0;
    /* Timed from here: a plan agreed at once may wait for rank 0's broadcast. */
    const double t0 = MPI_Wtime(), c0 = aco_state_process_cpu();
    st = aco_plan_next(e, &stop, &end);
    if (st != AR_OK) return st;
    if (stop) {
      e->stop_reason = (aco_stop_reason)stop;
      break;
    }
    const int64_t first = e->iteration;
    aco_segment_run(e, first, end, aco_plan_meet(e, first, end));
    ar_hook_pace(end - first); /* tests only: a fixed sleep per iteration */
    e->iteration = end;
    st = engine_boundary(e, &stop, &reached);
    if (st != AR_OK) return st;
    /* Per iteration, with the plan, the boundary's exchange and hooks: what the next plan must
     * fit. */
    e->seconds_per_iteration = (MPI_Wtime() - t0) / (double)(end - first);
    e->cpu_per_iteration = (aco_state_process_cpu() - c0) / (double)(end - first);
    if (ar_hook_boundary(end - first)) e->seconds_per_iteration = 0.0; /* tests only */
    if (stop) {
      e->stop_reason = ACO_STOP_HOOK;
      break;
    }
    if (reached) {
      e->stop_reason = ACO_STOP_TARGET;
      break;
    }
  }
  st = aco_plan_finish(e);
  if (st != AR_OK) return st;
  /* A run that stopped inside an epoch still meets once more, so the answer is global. */
  if (e->epoch == 0 || e->epochs[e->epoch - 1].iteration != e->iteration) {
    st = aco_exchange_epoch(e);
    if (st == AR_OK) st = engine_epoch_end(e);
    if (st != AR_OK) return st;
  }
  st = aco_exchange_gather_records(e);
  return st == AR_OK ? aco_improve_gather(e) : st;
}

void aco_engine_get_info(const aco_engine *e, aco_engine_info *info) {
  memset(info, 0, sizeof *info);
  info->comm = e->comm;
  info->rank = e->rank;
  info->size = e->size;
  info->threads = e->threads;
  info->first_colony = e->first_colony;
  info->local_colonies = e->local_colonies;
  info->par = &e->par;
  info->problem = e->problem;
  info->iteration = e->iteration;
  info->epoch = e->epoch;
  info->best_cost = e->best_cost;
  info->best = e->best;
  info->best_colony = e->best_colony;
  info->best_iteration = e->best_iteration;
  info->best_time = e->best_time;
  info->epochs = e->epochs;
  info->colony_best = e->colony_best;
  info->stop_reason = e->stop_reason;
  info->time_construct = e->time_construct;
  info->time_update = e->time_update;
  info->time_exchange = e->time_exchange;
  info->start_wtime = e->start_wtime;
  info->time_before = e->time_before;
  info->improvements = e->improvements_all;
  info->improvements_count = e->improvements_all_count;
  info->improvements_dropped = e->improvements_all_dropped;
  info->start_unix = e->improvements_start;
  aco_pool_counts(e->pool, info->pool_ants);
  info->start_threads = e->start_threads;
  info->start_lent = e->start_received ? 0 : e->start_threads - e->threads;
  info->start_received = e->start_received;
}

aco_cost aco_engine_local_best(const aco_engine *e, int32_t local) {
  return e->colony[local].s.best_cost;
}

void aco_engine_set_time_limit(aco_engine *e, double seconds) { e->par.time_limit = seconds; }

const char *aco_stop_reason_name(aco_stop_reason r) {
  switch (r) {
  case ACO_STOP_ITERATIONS: return "iterations";
  case ACO_STOP_TIME: return "time";
  case ACO_STOP_HOOK: return "requested";
  case ACO_STOP_TARGET: return "gap";
  case ACO_STOP_NONE: break;
  }
  return "none";
}
