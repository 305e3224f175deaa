/* aco_engine: creation, the iteration loop over colonies and ants, stopping rules. */
#include "aco_engine.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aco_alloc.h"

void aco_engine_block(int32_t colonies, int ranks, int rank, int32_t *first, int32_t *count) {
  int64_t lo = (int64_t)colonies * rank / ranks;
  int64_t hi = (int64_t)colonies * (rank + 1) / ranks;
  *first = (int32_t)lo;
  *count = (int32_t)(hi - lo);
}

int aco_engine_owner(int32_t colonies, int ranks, int32_t colony) {
  for (int r = 0; r < ranks; r++) {
    int32_t first, count;
    aco_engine_block(colonies, ranks, r, &first, &count);
    if (colony >= first && colony < first + count) return r;
  }
  return -1;
}

static double process_cpu_seconds(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return 0.0;
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double aco_engine_cpu_seconds(const aco_engine *e) { return process_cpu_seconds() - e->cpu_start; }

double aco_engine_elapsed(const aco_engine *e) {
  return e->time_before + (MPI_Wtime() - e->start_wtime);
}

static ar_status engine_alloc(aco_engine *e) {
  const aco_problem *p = e->problem;
  size_t cells = (size_t)p->rows * (size_t)p->options;
  e->eta_beta = aco_alloc_array(cells, sizeof(float));
  e->best = aco_alloc_array((size_t)p->solution_len, sizeof(int32_t));
  e->colony = aco_alloc_array((size_t)e->local_colonies, sizeof(aco_colony));
  e->scratch = aco_alloc_array((size_t)e->threads, sizeof(void *));
  /* Records for every epoch we can foresee; a time-limited run grows them at epoch ends. */
  int64_t cap = 64;
  if (e->par.iterations > 0) cap = e->par.iterations / e->par.epoch_iterations + 2;
  e->records_cap = cap;
  e->epochs = aco_alloc_array((size_t)cap, sizeof(aco_epoch_record));
  e->local_best_log = aco_alloc_array((size_t)cap * (size_t)e->local_colonies, sizeof(aco_cost));
  if (!e->eta_beta || !e->best || !e->colony || !e->scratch || !e->epochs || !e->local_best_log)
    return ar_fail(AR_ERR_NOMEM, "out of memory setting up the search (%zu pheromone cells)",
                   cells);
  for (int t = 0; t < e->threads; t++) {
    ar_status st = p->scratch_create(p, &e->scratch[t]);
    if (st != AR_OK) return st;
  }
  for (int32_t c = 0; c < e->local_colonies; c++) {
    ar_status st = aco_colony_alloc(&e->colony[c], p, &e->par, e->first_colony + c);
    if (st != AR_OK) return st;
  }
  return AR_OK;
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

/* Each local colony gets its initial solution (from its own stream) and starting trails. */
static ar_status engine_start_colonies(aco_engine *e) {
  const aco_problem *p = e->problem;
  int st = AR_OK; /* the worst status of any colony */
  char message[1024] = "";
#pragma omp parallel for schedule(dynamic, 1)
  for (int32_t c = 0; c < e->local_colonies; c++) {
    aco_colony *col = &e->colony[c];
    aco_ant_ctx ctx = {.choice = NULL,
                       .options = p->options,
                       .source = NULL,
                       .q0 = 0.0,
                       .rng = aco_rng_stream(e->par.seed, col->s.colony, 0, 0, ACO_STREAM_INITIAL),
                       .iteration = -1,
                       .colony = (int32_t)col->s.colony,
                       .ant = ACO_STREAM_INITIAL};
    aco_solution init = col->ant[0];
    ar_status s = p->initial(p, &ctx, e->scratch[omp_get_thread_num()], &init);
    if (s != AR_OK) {
      /* The message lives in this thread's buffer: carry it to the calling thread. */
#pragma omp critical(aco_engine_start)
      if ((int)s > st) {
        st = (int)s;
        snprintf(message, sizeof message, "%s", ar_error_message());
      }
      continue;
    }
    aco_colony_start(col, p, &e->par, e->eta_beta, &init);
  }
  if (st != AR_OK) return ar_fail((ar_status)st, "%s", message);
  return AR_OK;
}

ar_status aco_engine_create(const aco_problem *problem, const aco_params *par, MPI_Comm comm,
                            aco_engine **out) {
  *out = NULL;
  int rank = 0, size = 1;
  if (MPI_Comm_rank(comm, &rank) != MPI_SUCCESS || MPI_Comm_size(comm, &size) != MPI_SUCCESS)
    return ar_fail(AR_ERR_MPI, "MPI_Comm_rank/size failed");
  ar_status st = aco_params_check(par);
  if (st != AR_OK) return st;
  if (size > par->colonies)
    return ar_fail(AR_ERR_USAGE,
                   "%d MPI ranks but only %d %s: every rank needs at least one colony "
                   "(use --colonies %d or more, or fewer ranks)",
                   size, par->colonies, par->colonies == 1 ? "colony" : "colonies", size);
  aco_engine *e = calloc(1, sizeof *e);
  if (!e) return ar_fail(AR_ERR_NOMEM, "out of memory");
  e->problem = problem;
  e->par = *par;
  e->comm = comm;
  e->rank = rank;
  e->size = size;
  e->threads = omp_get_max_threads();
  aco_engine_block(par->colonies, size, rank, &e->first_colony, &e->local_colonies);
  e->best_cost = aco_cost_worst();
  e->best_colony = -1;
  e->best_iteration = -1;
  st = engine_alloc(e);
  if (st == AR_OK) {
    engine_eta_beta(e);
    st = engine_start_colonies(e);
  }
  st = aco_agree(comm, st);
  if (st != AR_OK) {
    aco_engine_free(e);
    return st;
  }
  *out = e;
  return AR_OK;
}

void aco_engine_free(aco_engine *e) {
  if (!e) return;
  if (e->colony)
    for (int32_t c = 0; c < e->local_colonies; c++)
      aco_colony_free(&e->colony[c]);
  if (e->scratch)
    for (int t = 0; t < e->threads; t++)
      if (e->scratch[t]) e->problem->scratch_free(e->problem, e->scratch[t]);
  aco_free(e->colony);
  aco_free(e->scratch);
  aco_free(e->eta_beta);
  aco_free(e->best);
  aco_free(e->epochs);
  aco_free(e->colony_best);
  aco_free(e->local_best_log);
  free(e);
}

/* One iteration of every local colony: ants in parallel, then the trail updates. */
static void engine_iterate(aco_engine *e) {
  const aco_problem *p = e->problem;
  const aco_params *par = &e->par;
  const int64_t it = e->iteration;
  const int64_t epoch = it / par->epoch_iterations;
  const int64_t tasks = (int64_t)e->local_colonies * par->ants;
  const double q0 = par->algorithm == ACO_ACS ? par->q0 : 0.0;
  double t0 = MPI_Wtime();
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t task = 0; task < tasks; task++) {
    aco_colony *col = &e->colony[task / par->ants];
    int32_t ant = (int32_t)(task % par->ants);
    aco_solution source = {col->s.source_cost, col->source};
    aco_ant_ctx ctx = {.choice = col->choice,
                       .options = p->options,
                       .source = &source,
                       .source_index = col->source_index,
                       .q0 = q0,
                       .rng = aco_rng_stream(par->seed, col->s.colony, epoch, it, ant),
                       .iteration = it,
                       .colony = (int32_t)col->s.colony,
                       .ant = ant};
    void *scratch = e->scratch[omp_get_thread_num()];
    p->construct(p, &ctx, scratch, &col->ant[ant]);
    if (p->improve) p->improve(p, &ctx, scratch, &col->ant[ant]);
  }
  double t1 = MPI_Wtime();
  if (e->local_colonies > 1) {
#pragma omp parallel for schedule(dynamic, 1)
    for (int32_t c = 0; c < e->local_colonies; c++)
      aco_colony_update(&e->colony[c], p, par, e->eta_beta, it, 0);
  } else {
    aco_colony_update(&e->colony[0], p, par, e->eta_beta, it, 1);
  }
  e->time_construct += t1 - t0;
  e->time_update += MPI_Wtime() - t1;
}

/* Rank 0 decides; the others follow when a decision could differ between ranks. */
static ar_status engine_should_stop(aco_engine *e, int *stop) {
  int decision = ACO_STOP_NONE;
  if (e->par.iterations > 0 && e->iteration >= e->par.iterations) decision = ACO_STOP_ITERATIONS;
  int needs_broadcast = e->size > 1 && (e->par.time_limit > 0.0 || e->hooks.want_stop);
  if (e->rank == 0 && decision == ACO_STOP_NONE) {
    if (e->par.time_limit > 0.0 && aco_engine_elapsed(e) >= e->par.time_limit)
      decision = ACO_STOP_TIME;
    else if (e->hooks.want_stop && e->hooks.want_stop(e, e->hooks.arg))
      decision = ACO_STOP_HOOK;
  }
  if (needs_broadcast && MPI_Bcast(&decision, 1, MPI_INT, 0, e->comm) != MPI_SUCCESS)
    return ar_fail(AR_ERR_MPI, "MPI_Bcast of the stop decision failed");
  *stop = decision;
  return AR_OK;
}

ar_status aco_engine_run(aco_engine *e, const aco_hooks *hooks) {
  static const aco_hooks no_hooks = {NULL, NULL, NULL, NULL};
  e->hooks = hooks ? *hooks : no_hooks;
  e->start_wtime = MPI_Wtime();
  e->cpu_start = process_cpu_seconds();
  e->stop_reason = ACO_STOP_NONE;
  ar_status st = AR_OK;
  for (;;) {
    int stop = 0;
    st = engine_should_stop(e, &stop);
    if (st != AR_OK) return st;
    if (stop) {
      e->stop_reason = (aco_stop_reason)stop;
      break;
    }
    engine_iterate(e);
    e->iteration++;
    if (e->iteration % e->par.epoch_iterations == 0) {
      st = aco_exchange_epoch(e);
      if (st == AR_OK && e->hooks.epoch_end) st = e->hooks.epoch_end(e, e->hooks.arg);
      if (st != AR_OK) return st;
    }
    if (e->hooks.iteration_end) {
      int hook_stop = 0;
      st = e->hooks.iteration_end(e, e->hooks.arg, &hook_stop);
      if (st != AR_OK) return st;
      if (hook_stop) {
        e->stop_reason = ACO_STOP_HOOK;
        break;
      }
    }
  }
  /* A run that stopped inside an epoch still meets once more, so the answer is global. */
  if (e->epoch == 0 || e->epochs[e->epoch - 1].iteration != e->iteration) {
    st = aco_exchange_epoch(e);
    if (st == AR_OK && e->hooks.epoch_end) st = e->hooks.epoch_end(e, e->hooks.arg);
    if (st != AR_OK) return st;
  }
  return aco_exchange_gather_records(e);
}
