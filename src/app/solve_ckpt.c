/* solve_ckpt: the ACO engine's state in checkpoints, and what solve does at iteration boundaries
 * (stop agreement, checkpoint schedule). */
#include "solve_ckpt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "ar_alloc.h"

enum { STATE_INT = 6, STATE_REAL = 11, COST_DOUBLES = 3, RECORD_DOUBLES = 6 };

static void cost_to(const aco_cost *c, double *out) {
  out[0] = c->key[0];
  out[1] = c->key[1];
  out[2] = c->value;
}

static aco_cost cost_from(const double *in) {
  aco_cost c;
  c.key[0] = in[0];
  c.key[1] = in[1];
  c.value = in[2];
  return c;
}

ar_status solve_ckpt_init(solve_ckpt *sc, const param_set *ps, const char *input, int quiet,
                          MPI_Comm comm) {
  double start = ckpt_now();
  memset(sc, 0, sizeof *sc);
  sc->comm = comm;
  sc->ps = ps;
  sc->quiet = quiet;
  MPI_Comm_rank(comm, &sc->rank);
  ar_status st = ckpt_options_get(ps, &sc->opt);
  if (st != AR_OK) {
    ar_error_mark_shared(); /* every rank parsed the same options */
    return st;
  }
  sc->writing = sc->opt.dir != NULL;
  sc->enabled = sc->writing || sc->opt.resume != NULL;
  if (!sc->enabled) return AR_OK;
  sc->search = param_serialize(ps, 1);
  if (!sc->search) st = ar_fail(AR_ERR_NOMEM, "out of memory");
  st = ar_agree(comm, st);
  if (st == AR_OK)
    st = ckpt_input_checksum(input, comm, sc->input_checksum, sizeof sc->input_checksum);
  if (!sc->writing) return st;
  if (st == AR_OK) st = ar_agree(comm, ckpt_signal_install());
  if (st == AR_OK)
    st = ar_agree(comm, ckpt_deadline_init(&sc->deadline, sc->opt.max_hours, start, 0));
  ckpt_schedule_init(&sc->schedule, sc->opt.every_iterations, sc->opt.every_seconds);
  return st;
}

/* Sizes the records (E epochs) and their staging; every rank alike. */
static ar_status stage_records(solve_ckpt *sc, int64_t epochs) {
  aco_engine *e = sc->e;
  ar_free(sc->colony_log);
  ar_free(sc->records);
  size_t e1 = (size_t)(epochs > 0 ? epochs : 1);
  sc->colony_log = ar_alloc_array((size_t)e->local_colonies * e1 * COST_DOUBLES, sizeof(double));
  sc->records = ar_alloc_array(e1 * RECORD_DOUBLES, sizeof(double));
  sc->staged_epochs = epochs;
  ckpt_field *log = &sc->fields[6], *rec = &sc->fields[9];
  log->dims[1] = (hsize_t)epochs;
  log->data = sc->colony_log;
  rec->dims[0] = (hsize_t)epochs;
  rec->data = sc->records;
  if (!sc->colony_log || !sc->records)
    return ar_fail(AR_ERR_NOMEM, "out of memory for %lld epoch records", (long long)epochs);
  return AR_OK;
}

/* Engine -> staging (the per-colony arrays are used in place). */
static ar_status pack(solve_ckpt *sc) {
  aco_engine *e = sc->e;
  ar_status st = stage_records(sc, e->epoch);
  if (st != AR_OK) return st;
  for (int32_t c = 0; c < e->local_colonies; c++) {
    const aco_colony_state *s = &e->colony[c].s;
    int64_t *si = sc->state_int + (size_t)c * STATE_INT;
    double *sr = sc->state_real + (size_t)c * STATE_REAL;
    si[0] = s->colony;
    si[1] = s->iterations;
    si[2] = s->best_iteration;
    si[3] = s->restart_iteration;
    si[4] = s->restart_best_iteration;
    si[5] = s->restarts;
    sr[0] = s->tau_max;
    sr[1] = s->tau_min;
    cost_to(&s->best_cost, sr + 2);
    cost_to(&s->restart_best_cost, sr + 5);
    cost_to(&s->source_cost, sr + 8);
    for (int64_t ep = 0; ep < e->epoch; ep++)
      cost_to(&e->local_best_log[ep * e->local_colonies + c],
              sc->colony_log + ((size_t)c * (size_t)e->epoch + (size_t)ep) * COST_DOUBLES);
  }
  for (int64_t ep = 0; ep < e->epoch; ep++) {
    const aco_epoch_record *r = &e->epochs[ep];
    double *out = sc->records + (size_t)ep * RECORD_DOUBLES;
    out[0] = (double)r->iteration;
    out[1] = r->time;
    cost_to(&r->best_cost, out + 2);
    out[5] = (double)r->best_colony;
  }
  cost_to(&e->best_cost, sc->global_cost);
  sc->state.month = e->epoch;
  sc->state.iteration = e->iteration;
  sc->scalars[0].i64 = e->best_colony;
  sc->scalars[1].i64 = e->best_iteration;
  sc->scalars[2].f64 = e->best_time;
  sc->scalars[3].f64 = aco_engine_elapsed(e);
  sc->scalars[4].i64 = e->par.epoch_iterations;
  return AR_OK;
}

/* Called by ckpt_read once month (= E) is known. */
static ar_status before_fields(ckpt_state *state, void *arg) {
  solve_ckpt *sc = arg;
  if (state->month < 0 || state->month > (int64_t)1 << 40)
    return ar_fail(AR_ERR_INPUT, "checkpoint: %lld epochs is not a sensible number",
                   (long long)state->month);
  return stage_records(sc, state->month);
}

/* Makes room for E epoch records in the engine (the exchange grows them by doubling later). */
static ar_status engine_records_reserve(aco_engine *e, int64_t epochs) {
  if (epochs < e->records_cap) return AR_OK;
  int64_t cap = 2 * epochs + 2;
  aco_epoch_record *rec = ar_alloc_array((size_t)cap, sizeof *rec);
  aco_cost *log = ar_alloc_array((size_t)cap * (size_t)e->local_colonies, sizeof *log);
  if (!rec || !log) {
    ar_free(rec);
    ar_free(log);
    return ar_fail(AR_ERR_NOMEM, "out of memory for %lld epoch records", (long long)epochs);
  }
  ar_free(e->epochs);
  ar_free(e->local_best_log);
  e->epochs = rec;
  e->local_best_log = log;
  e->records_cap = cap;
  return AR_OK;
}

/* Staging -> engine, after a successful read. */
static ar_status unpack(solve_ckpt *sc) {
  aco_engine *e = sc->e;
  const int64_t epochs = sc->staged_epochs;
  ar_status st = engine_records_reserve(e, epochs);
  if (st != AR_OK) return st;
  if (sc->scalars[4].i64 != e->par.epoch_iterations)
    return ar_fail(AR_ERR_INPUT,
                   "the checkpoint was made with %lld iterations per epoch, this "
                   "run has %lld",
                   (long long)sc->scalars[4].i64, (long long)e->par.epoch_iterations);
  for (int32_t c = 0; c < e->local_colonies; c++) {
    aco_colony *col = &e->colony[c];
    aco_colony_state *s = &col->s;
    const int64_t *si = sc->state_int + (size_t)c * STATE_INT;
    const double *sr = sc->state_real + (size_t)c * STATE_REAL;
    if (si[0] != e->first_colony + c)
      return ar_fail(AR_ERR_INPUT, "checkpoint: colony row %d holds colony %lld",
                     e->first_colony + c, (long long)si[0]);
    s->colony = si[0];
    s->iterations = si[1];
    s->best_iteration = si[2];
    s->restart_iteration = si[3];
    s->restart_best_iteration = si[4];
    s->restarts = si[5];
    s->tau_max = sr[0];
    s->tau_min = sr[1];
    s->best_cost = cost_from(sr + 2);
    s->restart_best_cost = cost_from(sr + 5);
    s->source_cost = cost_from(sr + 8);
    for (int64_t ep = 0; ep < epochs; ep++)
      e->local_best_log[ep * e->local_colonies + c] =
          cost_from(sc->colony_log + ((size_t)c * (size_t)epochs + (size_t)ep) * COST_DOUBLES);
    /* choice and source_index are derived from the restored trails and source. */
    aco_colony_refresh(col, e->problem, &e->par, e->eta_beta);
  }
  for (int64_t ep = 0; ep < epochs; ep++) {
    const double *in = sc->records + (size_t)ep * RECORD_DOUBLES;
    aco_epoch_record *r = &e->epochs[ep];
    r->iteration = (int64_t)in[0];
    r->time = in[1];
    r->best_cost = cost_from(in + 2);
    r->best_colony = (int32_t)in[5];
  }
  e->best_cost = cost_from(sc->global_cost);
  e->epoch = epochs;
  e->iteration = sc->state.iteration;
  e->best_colony = (int32_t)sc->scalars[0].i64;
  e->best_iteration = sc->scalars[1].i64;
  e->best_time = sc->scalars[2].f64;
  e->time_before = sc->scalars[3].f64;
  return AR_OK;
}

static ar_status describe(solve_ckpt *sc, aco_engine *e) {
  const aco_problem *p = e->problem;
  const hsize_t C = (hsize_t)e->par.colonies, R = (hsize_t)p->rows, K = (hsize_t)p->options,
                L = (hsize_t)p->solution_len, n = (hsize_t)e->local_colonies;
  sc->e = e;
  sc->tau = calloc(n ? n : 1, sizeof(void *));
  sc->best = calloc(n ? n : 1, sizeof(void *));
  sc->restart_best = calloc(n ? n : 1, sizeof(void *));
  sc->source = calloc(n ? n : 1, sizeof(void *));
  sc->state_int = ar_alloc_array((size_t)(n ? n : 1) * STATE_INT, sizeof(int64_t));
  sc->state_real = ar_alloc_array((size_t)(n ? n : 1) * STATE_REAL, sizeof(double));
  if (!sc->tau || !sc->best || !sc->restart_best || !sc->source || !sc->state_int ||
      !sc->state_real)
    return ar_fail(AR_ERR_NOMEM, "out of memory preparing checkpoints");
  for (hsize_t c = 0; c < n; c++) {
    sc->tau[c] = e->colony[c].tau;
    sc->best[c] = e->colony[c].best;
    sc->restart_best[c] = e->colony[c].restart_best;
    sc->source[c] = e->colony[c].source;
  }
  ckpt_field f[SOLVE_CKPT_FIELDS] = {
      {"/colonies/pheromone",
       H5T_NATIVE_FLOAT,
       3,
       {C, R, K},
       1,
       NULL,
       "trails per colony, decision row and option",
       sc->tau},
      {"/colonies/best",
       H5T_NATIVE_INT32,
       2,
       {C, L, 0},
       1,
       NULL,
       "each colony's best solution",
       sc->best},
      {"/colonies/restart_best",
       H5T_NATIVE_INT32,
       2,
       {C, L, 0},
       1,
       NULL,
       "best since the colony's last trail re-initialisation",
       sc->restart_best},
      {"/colonies/source",
       H5T_NATIVE_INT32,
       2,
       {C, L, 0},
       1,
       NULL,
       "the solution the colony's ants modify next",
       sc->source},
      {"/colonies/state_int",
       H5T_NATIVE_INT64,
       2,
       {C, STATE_INT, 0},
       1,
       sc->state_int,
       "colony, iterations, best_iteration, restart_iteration, restart_best_iteration, restarts",
       NULL},
      {"/colonies/state_real",
       H5T_NATIVE_DOUBLE,
       2,
       {C, STATE_REAL, 0},
       1,
       sc->state_real,
       "tau_max, tau_min, best_cost (key0, key1, value), restart_best_cost (3), source_cost (3)",
       NULL},
      {"/colonies/best_cost_log",
       H5T_NATIVE_DOUBLE,
       3,
       {C, 0, COST_DOUBLES},
       1,
       NULL,
       "each colony's best cost (key0, key1, value) at each epoch end",
       NULL},
      {"/global/best",
       H5T_NATIVE_INT32,
       1,
       {L, 0, 0},
       0,
       e->best,
       "the global best solution",
       NULL},
      {"/global/best_cost",
       H5T_NATIVE_DOUBLE,
       1,
       {COST_DOUBLES, 0, 0},
       0,
       sc->global_cost,
       "key0, key1, value",
       NULL},
      {"/global/epochs",
       H5T_NATIVE_DOUBLE,
       2,
       {0, RECORD_DOUBLES, 0},
       0,
       NULL,
       "per epoch end: iteration, time, best key0, key1, value, best colony",
       NULL},
  };
  memcpy(sc->fields, f, sizeof f);
  int nextra =
      sc->nextra_fields < SOLVE_CKPT_EXTRA_FIELDS ? sc->nextra_fields : SOLVE_CKPT_EXTRA_FIELDS;
  int nscal =
      sc->nextra_scalars < SOLVE_CKPT_EXTRA_SCALARS ? sc->nextra_scalars : SOLVE_CKPT_EXTRA_SCALARS;
  for (int i = 0; i < nextra; i++)
    sc->fields[SOLVE_CKPT_FIELDS + i] = sc->extra_fields[i];
  for (int i = 0; i < nscal; i++)
    sc->scalars[SOLVE_CKPT_SCALARS + i] = sc->extra_scalars[i];
  sc->scalars[0] = (ckpt_scalar){"best_colony", CKPT_SCALAR_I64, 0, 0};
  sc->scalars[1] = (ckpt_scalar){"best_iteration", CKPT_SCALAR_I64, 0, 0};
  sc->scalars[2] = (ckpt_scalar){"best_time", CKPT_SCALAR_F64, 0, 0};
  sc->scalars[3] = (ckpt_scalar){"elapsed", CKPT_SCALAR_F64, 0, 0};
  sc->scalars[4] = (ckpt_scalar){"epoch_iterations", CKPT_SCALAR_I64, 0, 0};
  ckpt_state state = {.fields = sc->fields,
                      .nfields = SOLVE_CKPT_FIELDS + nextra,
                      .colony_first = (hsize_t)e->first_colony,
                      .colony_count = n,
                      .scalars = sc->scalars,
                      .nscalars = SOLVE_CKPT_SCALARS + nscal,
                      .input_checksum = sc->input_checksum,
                      .search_parameters = sc->search,
                      .params = sc->ps,
                      .before_fields = before_fields,
                      .before_fields_arg = sc};
  sc->state = state;
  return stage_records(sc, e->epoch);
}

ar_status solve_ckpt_attach_and_resume(solve_ckpt *sc, aco_engine *e, int *resumed) {
  *resumed = 0;
  sc->last_boundary = MPI_Wtime();
  if (!sc->enabled) return AR_OK;
  ar_status st = ar_agree(sc->comm, describe(sc, e));
  if (st != AR_OK) return st;
  /* The first estimate of a checkpoint's duration, until one is measured. */
  ckpt_deadline_note_checkpoint(&sc->deadline, (double)ckpt_state_bytes(&sc->state) / 1e8);
  char path[H5U_PATH_MAX];
  st = ckpt_resume(sc->opt.resume, sc->opt.dir, sc->opt.force, &sc->state, sc->comm, stderr, path,
                   sizeof path, resumed);
  if (st == AR_OK && *resumed) {
    st = ar_agree(sc->comm, unpack(sc));
    if (st == AR_OK && sc->rank == 0 && !sc->quiet) {
      printf("resumed from %s: iteration %lld, %lld epoch%s, best %.0f\n", path,
             (long long)e->iteration, (long long)e->epoch, e->epoch == 1 ? "" : "s",
             e->best_cost.key[0]);
      fflush(stdout);
    }
  }
  sc->last_boundary = MPI_Wtime();
  return st;
}

static ar_status write_now(solve_ckpt *sc, int stopping) {
  ar_status st = ar_agree(sc->comm, pack(sc));
  ckpt_write_info info;
  if (st == AR_OK) st = ckpt_write(sc->opt.dir, sc->opt.keep, &sc->state, sc->comm, &info);
  if (st != AR_OK) {
    /* The previous checkpoints are intact. Inside the run, going on keeps the work in memory;
     * a checkpoint asked for by a stop must not be lost silently: the run fails. */
    if (stopping) return st;
    if (sc->rank == 0)
      fprintf(stderr, "antroute solve: warning: %s; the search goes on\n", ar_error_message());
    ar_error_clear();
    return AR_OK;
  }
  sc->written++;
  sc->write_seconds += info.seconds;
  snprintf(sc->last_path, sizeof sc->last_path, "%s", info.path);
  ckpt_deadline_note_checkpoint(&sc->deadline, info.seconds);
  ckpt_schedule_written(&sc->schedule);
  if (sc->rank == 0 && info.rotate_error)
    fprintf(stderr, "antroute solve: warning: %s\n", info.warning);
  if (sc->rank == 0 && !sc->quiet) {
    printf("checkpoint %s: iteration %lld, %.1f MB in %.2f s\n", info.path,
           (long long)sc->e->iteration, (double)info.bytes / 1e6, info.seconds);
    fflush(stdout);
  }
  return AR_OK;
}

ar_status solve_ckpt_iteration_end(aco_engine *e, void *arg, int *stop) {
  solve_ckpt *sc = arg;
  *stop = 0;
  if (!sc->writing) return AR_OK;
  double now = MPI_Wtime();
  ckpt_deadline_note_iteration(&sc->deadline, now - sc->last_boundary);
  int reasons = 0, sig = 0;
  ar_status st = ckpt_stop_requested(&sc->deadline, sc->comm, &reasons, &sig);
  if (st != AR_OK) return st;
  /* A run that has reached its iteration limit ends normally (results), whatever arrived. */
  int finishing = e->par.iterations > 0 && e->iteration >= e->par.iterations;
  if (finishing) reasons = 0;
  int month_end = e->iteration % e->par.epoch_iterations == 0, due = 0;
  st = ckpt_schedule_due(&sc->schedule, e->iteration, month_end || finishing, reasons != 0,
                         sc->comm, &due);
  if (st == AR_OK && due) st = write_now(sc, reasons != 0);
  if (st != AR_OK) return st;
  if (reasons) {
    sc->stop_reasons = reasons;
    sc->stop_signal = sig;
    *stop = 1;
  }
  sc->last_boundary = MPI_Wtime();
  return AR_OK;
}

void solve_ckpt_detach(solve_ckpt *sc) {
  free(sc->tau);
  free(sc->best);
  free(sc->restart_best);
  free(sc->source);
  ar_free(sc->state_int);
  ar_free(sc->state_real);
  ar_free(sc->colony_log);
  ar_free(sc->records);
  sc->tau = sc->best = sc->restart_best = sc->source = NULL;
  sc->state_int = NULL;
  sc->state_real = sc->colony_log = sc->records = NULL;
  sc->e = NULL;
}

void solve_ckpt_free(solve_ckpt *sc) {
  if (sc->writing) ckpt_signal_restore();
  free(sc->search);
  free(sc->tau);
  free(sc->best);
  free(sc->restart_best);
  free(sc->source);
  ar_free(sc->state_int);
  ar_free(sc->state_real);
  ar_free(sc->colony_log);
  ar_free(sc->records);
  memset(sc, 0, sizeof *sc);
}
