/* aco_engine_ckpt: the engine's state as named checkpoint fields, staged and restored here. */
#include "aco_engine_ckpt.h"

#include <stdlib.h>
#include <string.h>

#include "aco_engine_ckpt_check.h"
#include "aco_engine_state.h"
#include "aco_exchange.h"
#include "ar_alloc.h"

enum { STATE_INT = 6, STATE_REAL = 11, COST_DOUBLES = 3, RECORD_DOUBLES = 6 };

enum { SC_BEST_COLONY, SC_BEST_ITERATION, SC_BEST_TIME, SC_ELAPSED, SC_EPOCH_ITERATIONS, SC_COUNT };
enum {
  F_PHEROMONE,
  F_BEST,
  F_RESTART_BEST,
  F_SOURCE,
  F_STATE_INT,
  F_STATE_REAL,
  F_COLONY_LOG,
  F_GLOBAL_BEST,
  F_GLOBAL_COST,
  F_EPOCHS,
  F_COUNT
};

/* The part and its staging buffers. The per-colony arrays (trails, bests, source) are written
 * and read in place; the scalars of the colonies and the records are staged. */
struct aco_engine_ckpt {
  ckpt_part part;
  ckpt_field field_array[F_COUNT]; /* indexed by the F_ names below */
  ckpt_scalar scalars[SC_COUNT];
  void **tau_rows, **best_rows, **restart_rows, **source_rows; /* per local colony */
  int64_t *si;                                                 /* [local][STATE_INT] */
  double *sr;                                                  /* [local][STATE_REAL] */
  double *log;                                                 /* [local][E][3] */
  double *records;                                             /* [E][6] */
  double cost[COST_DOUBLES];
  int64_t staged_epochs;
};

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

/* Sizes the record buffers (and their fields) for E epochs; every rank alike. */
static ar_status size_records(aco_engine *e, int64_t epochs) {
  struct aco_engine_ckpt *k = e->ckpt;
  ar_free(k->log);
  ar_free(k->records);
  size_t e1 = (size_t)(epochs > 0 ? epochs : 1);
  k->log = ar_alloc_array((size_t)e->local_colonies * e1 * COST_DOUBLES, sizeof(double));
  k->records = ar_alloc_array(e1 * RECORD_DOUBLES, sizeof(double));
  k->staged_epochs = epochs;
  ckpt_field *log = &k->field_array[F_COLONY_LOG], *rec = &k->field_array[F_EPOCHS];
  log->dims[1] = (hsize_t)epochs;
  log->data = k->log;
  rec->dims[0] = (hsize_t)epochs;
  rec->data = k->records;
  if (!k->log || !k->records)
    return ar_fail(AR_ERR_NOMEM, "out of memory for %lld epoch records", (long long)epochs);
  return AR_OK;
}

static void stage_colony(aco_engine *e, int32_t c) {
  struct aco_engine_ckpt *k = e->ckpt;
  const aco_colony_state *s = &e->colony[c].s;
  int64_t *si = k->si + (size_t)c * STATE_INT;
  double *sr = k->sr + (size_t)c * STATE_REAL;
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
            k->log + ((size_t)c * (size_t)e->epoch + (size_t)ep) * COST_DOUBLES);
}

/* Engine -> staging, before a write. */
static ar_status stage(void *owner, ckpt_state *st) {
  aco_engine *e = owner;
  struct aco_engine_ckpt *k = e->ckpt;
  ar_status s = size_records(e, e->epoch);
  if (s != AR_OK) return s;
  for (int32_t c = 0; c < e->local_colonies; c++)
    stage_colony(e, c);
  for (int64_t ep = 0; ep < e->epoch; ep++) {
    const aco_epoch_record *r = &e->epochs[ep];
    double *out = k->records + (size_t)ep * RECORD_DOUBLES;
    out[0] = (double)r->iteration;
    out[1] = r->time;
    cost_to(&r->best_cost, out + 2);
    out[5] = (double)r->best_colony;
  }
  cost_to(&e->best_cost, k->cost);
  st->epoch = e->epoch;
  st->iteration = e->iteration;
  k->scalars[SC_BEST_COLONY].i64 = e->best_colony;
  k->scalars[SC_BEST_ITERATION].i64 = e->best_iteration;
  k->scalars[SC_BEST_TIME].f64 = e->best_time;
  k->scalars[SC_ELAPSED].f64 = aco_state_elapsed(e);
  k->scalars[SC_EPOCH_ITERATIONS].i64 = e->par.epoch_iterations;
  return AR_OK;
}

/* Reading: once the epoch count is known, size the records. */
static ar_status shape(void *owner, const ckpt_state *st) {
  aco_engine *e = owner;
  if (st->epoch < 0 || st->epoch > (int64_t)1 << 40)
    return ar_fail(AR_ERR_INPUT, "checkpoint: %lld epochs is not a sensible number",
                   (long long)st->epoch);
  return size_records(e, st->epoch);
}

static ar_status restore_colony(aco_engine *e, int32_t c, int64_t epochs) {
  struct aco_engine_ckpt *k = e->ckpt;
  aco_colony *col = &e->colony[c];
  aco_colony_state *s = &col->s;
  const int64_t *si = k->si + (size_t)c * STATE_INT;
  const double *sr = k->sr + (size_t)c * STATE_REAL;
  if (si[0] != e->first_colony + c)
    return ar_fail(AR_ERR_INPUT, "checkpoint: colony row %d holds colony %lld", e->first_colony + c,
                   (long long)si[0]);
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
        cost_from(k->log + ((size_t)c * (size_t)epochs + (size_t)ep) * COST_DOUBLES);
  /* choice and source_index are derived from the restored trails and source. */
  aco_colony_refresh(col, e->problem, &e->par, e->eta_beta);
  return AR_OK;
}

/* Staging -> engine, after a successful read. */
static ar_status restore(void *owner, const ckpt_state *st) {
  aco_engine *e = owner;
  struct aco_engine_ckpt *k = e->ckpt;
  const int64_t epochs = k->staged_epochs;
  ar_status s = aco_exchange_reserve_records(e, epochs);
  if (s != AR_OK) return s;
  if (k->scalars[SC_EPOCH_ITERATIONS].i64 != e->par.epoch_iterations)
    return ar_fail(
        AR_ERR_INPUT, "the checkpoint was made with %lld iterations per epoch, this run has %lld",
        (long long)k->scalars[SC_EPOCH_ITERATIONS].i64, (long long)e->par.epoch_iterations);
  aco_ckpt_view view = {st->iteration,
                        epochs,
                        k->scalars[SC_EPOCH_ITERATIONS].i64,
                        k->scalars[SC_BEST_COLONY].i64,
                        k->scalars[SC_BEST_ITERATION].i64,
                        k->scalars[SC_BEST_TIME].f64,
                        k->scalars[SC_ELAPSED].f64,
                        k->si,
                        k->sr,
                        k->log,
                        k->records,
                        k->cost};
  s = aco_engine_ckpt_check(e, &view);
  if (s != AR_OK) return s;
  for (int32_t c = 0; c < e->local_colonies && s == AR_OK; c++)
    s = restore_colony(e, c, epochs);
  if (s != AR_OK) return s;
  for (int64_t ep = 0; ep < epochs; ep++) {
    const double *in = k->records + (size_t)ep * RECORD_DOUBLES;
    aco_epoch_record *r = &e->epochs[ep];
    r->iteration = (int64_t)in[0];
    r->time = in[1];
    r->best_cost = cost_from(in + 2);
    r->best_colony = (int32_t)in[5];
  }
  e->best_cost = cost_from(k->cost);
  e->epoch = epochs;
  e->iteration = st->iteration;
  e->best_colony = (int32_t)k->scalars[SC_BEST_COLONY].i64;
  e->best_iteration = k->scalars[SC_BEST_ITERATION].i64;
  e->best_time = k->scalars[SC_BEST_TIME].f64;
  e->time_before = k->scalars[SC_ELAPSED].f64;
  return AR_OK;
}

static ar_status describe(aco_engine *e, struct aco_engine_ckpt *k) {
  const aco_problem *p = e->problem;
  const hsize_t C = (hsize_t)e->par.colonies, R = (hsize_t)p->rows, K = (hsize_t)p->options,
                L = (hsize_t)p->solution_len, n = (hsize_t)e->local_colonies;
  size_t n1 = n ? n : 1;
  k->tau_rows = calloc(n1, sizeof(void *));
  k->best_rows = calloc(n1, sizeof(void *));
  k->restart_rows = calloc(n1, sizeof(void *));
  k->source_rows = calloc(n1, sizeof(void *));
  k->si = ar_alloc_array(n1 * STATE_INT, sizeof(int64_t));
  k->sr = ar_alloc_array(n1 * STATE_REAL, sizeof(double));
  if (!k->tau_rows || !k->best_rows || !k->restart_rows || !k->source_rows || !k->si || !k->sr)
    return ar_fail(AR_ERR_NOMEM, "out of memory preparing checkpoints");
  for (hsize_t c = 0; c < n; c++) {
    k->tau_rows[c] = e->colony[c].tau;
    k->best_rows[c] = e->colony[c].best;
    k->restart_rows[c] = e->colony[c].restart_best;
    k->source_rows[c] = e->colony[c].source;
  }
  ckpt_field *f = k->field_array;
  f[F_PHEROMONE] = ckpt_field_make("/colonies/pheromone", H5T_NATIVE_FLOAT, 3, C, R, K, 1, NULL,
                                   k->tau_rows, "trails per colony, decision row and option");
  f[F_BEST] = ckpt_field_make("/colonies/best", H5T_NATIVE_INT32, 2, C, L, 0, 1, NULL, k->best_rows,
                              "each colony's best solution");
  f[F_RESTART_BEST] =
      ckpt_field_make("/colonies/restart_best", H5T_NATIVE_INT32, 2, C, L, 0, 1, NULL,
                      k->restart_rows, "best since the colony's last trail re-initialisation");
  f[F_SOURCE] = ckpt_field_make("/colonies/source", H5T_NATIVE_INT32, 2, C, L, 0, 1, NULL,
                                k->source_rows, "the solution the colony's ants modify next");
  f[F_STATE_INT] = ckpt_field_make(
      "/colonies/state_int", H5T_NATIVE_INT64, 2, C, STATE_INT, 0, 1, k->si, NULL,
      "colony, iterations, best_iteration, restart_iteration, restart_best_iteration, restarts");
  f[F_STATE_REAL] = ckpt_field_make(
      "/colonies/state_real", H5T_NATIVE_DOUBLE, 2, C, STATE_REAL, 0, 1, k->sr, NULL,
      "tau_max, tau_min, best_cost (key0, key1, value), restart_best_cost (3), source_cost (3)");
  f[F_COLONY_LOG] =
      ckpt_field_make("/colonies/best_cost_log", H5T_NATIVE_DOUBLE, 3, C, 0, COST_DOUBLES, 1, NULL,
                      NULL, "each colony's best cost (key0, key1, value) at each epoch end");
  f[F_GLOBAL_BEST] = ckpt_field_make("/global/best", H5T_NATIVE_INT32, 1, L, 0, 0, 0, e->best, NULL,
                                     "the global best solution");
  f[F_GLOBAL_COST] = ckpt_field_make("/global/best_cost", H5T_NATIVE_DOUBLE, 1, COST_DOUBLES, 0, 0,
                                     0, k->cost, NULL, "key0, key1, value");
  f[F_EPOCHS] =
      ckpt_field_make("/global/epochs", H5T_NATIVE_DOUBLE, 2, 0, RECORD_DOUBLES, 0, 0, NULL, NULL,
                      "per epoch end: iteration, time, best key0, key1, value, best colony");
  k->scalars[SC_BEST_COLONY] = (ckpt_scalar){"best_colony", CKPT_SCALAR_I64, 0, 0};
  k->scalars[SC_BEST_ITERATION] = (ckpt_scalar){"best_iteration", CKPT_SCALAR_I64, 0, 0};
  k->scalars[SC_BEST_TIME] = (ckpt_scalar){"best_time", CKPT_SCALAR_F64, 0, 0};
  k->scalars[SC_ELAPSED] = (ckpt_scalar){"elapsed", CKPT_SCALAR_F64, 0, 0};
  k->scalars[SC_EPOCH_ITERATIONS] = (ckpt_scalar){"epoch_iterations", CKPT_SCALAR_I64, 0, 0};
  k->part = (ckpt_part){"engine", k->field_array, F_COUNT, k->scalars, SC_COUNT,
                        e,        stage,          shape,   restore};
  return size_records(e, e->epoch);
}

ar_status aco_engine_ckpt_part(aco_engine *e, ckpt_part **part) {
  *part = NULL;
  if (!e->ckpt) {
    e->ckpt = calloc(1, sizeof *e->ckpt);
    if (!e->ckpt) return ar_fail(AR_ERR_NOMEM, "out of memory preparing checkpoints");
    ar_status st = describe(e, e->ckpt);
    if (st != AR_OK) {
      aco_engine_ckpt_free(e);
      return st;
    }
  }
  *part = &e->ckpt->part;
  return AR_OK;
}

void aco_engine_ckpt_free(aco_engine *e) {
  struct aco_engine_ckpt *k = e->ckpt;
  if (!k) return;
  free(k->tau_rows);
  free(k->best_rows);
  free(k->restart_rows);
  free(k->source_rows);
  ar_free(k->si);
  ar_free(k->sr);
  ar_free(k->log);
  ar_free(k->records);
  free(k);
  e->ckpt = NULL;
}
