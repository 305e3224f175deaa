/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_engine_ckpt: the engine's state as named checkpoint fields, staged and restored here. */
#include "aco_engine_ckpt.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "aco_engine_ckpt_check.h"
#include "aco_engine_state.h"
#include "aco_exchange.h"
#include "ar_alloc.h"
#include "ckpt_fields.h"
#include "ckpt_members.h"

/* A cost is written as one member of 3 doubles (key0, key1, value). */
enum { COST_DOUBLES = 3 };
_Static_assert(sizeof(aco_cost) == COST_DOUBLES * sizeof(double), "aco_cost is 3 doubles");

/* Each colony's scalars, one dataset /colonies/NAME [C] (or [C][3]) per member. */
static const ckpt_member colony_members[] = {
    {.name = "colony",
     .type = CKPT_MEMBER_I64,
     .offset = offsetof(aco_colony_state, colony),
     .meaning = "the global index of the colony of each row"},
    {.name = "iterations",
     .type = CKPT_MEMBER_I64,
     .offset = offsetof(aco_colony_state, iterations),
     .meaning = "iterations completed"},
    {.name = "best_iteration",
     .type = CKPT_MEMBER_I64,
     .offset = offsetof(aco_colony_state, best_iteration),
     .meaning = "iteration in which the colony's best was found (-1: the initial solution)"},
    {.name = "restart_iteration",
     .type = CKPT_MEMBER_I64,
     .offset = offsetof(aco_colony_state, restart_iteration),
     .meaning = "iteration of the last trail (re-)initialisation"},
    {.name = "restart_best_iteration",
     .type = CKPT_MEMBER_I64,
     .offset = offsetof(aco_colony_state, restart_best_iteration),
     .meaning = "iteration of the last improvement of restart_best"},
    {.name = "restarts",
     .type = CKPT_MEMBER_I64,
     .offset = offsetof(aco_colony_state, restarts),
     .meaning = "trail re-initialisations so far"},
    {.name = "tau_max",
     .type = CKPT_MEMBER_F64,
     .offset = offsetof(aco_colony_state, tau_max),
     .meaning = "MMAS upper trail bound"},
    {.name = "tau_min",
     .type = CKPT_MEMBER_F64,
     .offset = offsetof(aco_colony_state, tau_min),
     .meaning = "MMAS lower trail bound (ACS: tau0)"},
    {.name = "best_cost",
     .type = CKPT_MEMBER_F64,
     .count = COST_DOUBLES,
     .offset = offsetof(aco_colony_state, best_cost),
     .meaning = "cost of the colony's best (key0, key1, value)"},
    {.name = "restart_best_cost",
     .type = CKPT_MEMBER_F64,
     .count = COST_DOUBLES,
     .offset = offsetof(aco_colony_state, restart_best_cost),
     .meaning = "cost of restart_best (key0, key1, value)"},
    {.name = "source_cost",
     .type = CKPT_MEMBER_F64,
     .count = COST_DOUBLES,
     .offset = offsetof(aco_colony_state, source_cost),
     .meaning = "cost of source (key0, key1, value)"},
};

/* The record of each epoch end, one dataset /global/epochs/NAME [E] (or [E][3]) per member. */
static const ckpt_member record_members[] = {
    {.name = "iteration",
     .type = CKPT_MEMBER_I64,
     .offset = offsetof(aco_epoch_record, iteration),
     .meaning = "iterations completed at the epoch end"},
    {.name = "time",
     .type = CKPT_MEMBER_F64,
     .offset = offsetof(aco_epoch_record, time),
     .meaning = "seconds since the start of the run"},
    {.name = "best_cost",
     .type = CKPT_MEMBER_F64,
     .count = COST_DOUBLES,
     .offset = offsetof(aco_epoch_record, best_cost),
     .meaning = "the global best's cost (key0, key1, value)"},
    {.name = "best_colony",
     .type = CKPT_MEMBER_I32,
     .offset = offsetof(aco_epoch_record, best_colony),
     .meaning = "the colony that holds it"},
};

enum {
  N_COLONY = sizeof colony_members / sizeof colony_members[0],
  N_RECORD = sizeof record_members / sizeof record_members[0]
};

/* The datasets that are not records, declared once: describe_rows() writes them by these paths
 * and meanings, and aco_engine_ckpt_table() lists them. */
enum {
  P_PHEROMONE,
  P_BEST,
  P_RESTART_BEST,
  P_SOURCE,
  P_COLONY_LOG,
  P_GLOBAL_BEST,
  P_GLOBAL_COST,
  P_BEST_COLONY, /* the part's scalars: root attributes */
  P_BEST_ITERATION,
  P_BEST_TIME,
  P_ELAPSED,
  P_EPOCH_ITERATIONS
};
#define ROOT_ATTR(id, key, t, text)                                                                \
  [id] = {.name = key, .path = "/" key, .type = t, .meaning = text, .flags = H5FIELD_ATTRIBUTE}
static const h5field plain[] = {
    [P_PHEROMONE] = {.name = "colonies_pheromone",
                     .path = "/colonies/pheromone",
                     .type = H5FIELD_F32,
                     .rank = 3,
                     .shape = "[C][R][K]",
                     .meaning = "trails per colony, decision row and option"},
    [P_BEST] = {.name = "colonies_best",
                .path = "/colonies/best",
                .type = H5FIELD_I32,
                .rank = 2,
                .shape = "[C][L]",
                .meaning = "each colony's best solution"},
    [P_RESTART_BEST] = {.name = "colonies_restart_best",
                        .path = "/colonies/restart_best",
                        .type = H5FIELD_I32,
                        .rank = 2,
                        .shape = "[C][L]",
                        .meaning = "best since the colony's last trail re-initialisation"},
    [P_SOURCE] = {.name = "colonies_source",
                  .path = "/colonies/source",
                  .type = H5FIELD_I32,
                  .rank = 2,
                  .shape = "[C][L]",
                  .meaning = "the solution the colony's ants modify next"},
    [P_COLONY_LOG] = {.name = "colonies_best_cost_log",
                      .path = "/colonies/best_cost_log",
                      .type = H5FIELD_F64,
                      .rank = 3,
                      .shape = "[C][E][3]",
                      .meaning = "each colony's best cost (key0, key1, value) at each epoch end"},
    [P_GLOBAL_BEST] = {.name = "global_best",
                       .path = "/global/best",
                       .type = H5FIELD_I32,
                       .rank = 1,
                       .shape = "[L]",
                       .meaning = "the global best solution"},
    [P_GLOBAL_COST] = {.name = "global_best_cost",
                       .path = "/global/best_cost",
                       .type = H5FIELD_F64,
                       .rank = 1,
                       .shape = "[3]",
                       .meaning = "key0, key1, value"},
    ROOT_ATTR(P_BEST_COLONY, "best_colony", H5FIELD_I64, "the colony holding the global best"),
    ROOT_ATTR(P_BEST_ITERATION, "best_iteration", H5FIELD_I64,
              "the iteration it was found in (-1: initial)"),
    ROOT_ATTR(P_BEST_TIME, "best_time", H5FIELD_F64, "seconds of search when it became known"),
    ROOT_ATTR(P_ELAPSED, "elapsed", H5FIELD_F64, "seconds of search so far"),
    ROOT_ATTR(P_EPOCH_ITERATIONS, "epoch_iterations", H5FIELD_I64,
              "iterations per epoch (checked on resume)"),
};
enum { N_PLAIN = sizeof plain / sizeof plain[0] };

const h5field_table *aco_engine_ckpt_table(void) {
  static h5field rows[N_PLAIN + N_COLONY + N_RECORD];
  static ckpt_field_text text[N_COLONY + N_RECORD];
  static h5field_table table;
  if (table.count) return &table;
  int n = 0;
  for (int i = 0; i < N_PLAIN; i++)
    rows[n++] = plain[i];
  n += ckpt_members_describe(colony_members, N_COLONY, "/colonies", "C", rows + n, text, N_COLONY);
  n += ckpt_members_describe(record_members, N_RECORD, "/global/epochs", "E", rows + n,
                             text + N_COLONY, N_RECORD);
  table = (h5field_table){"checkpoint:engine", "Checkpoint file: the engine's state", rows, n};
  return &table;
}

enum { SC_BEST_COLONY, SC_BEST_ITERATION, SC_BEST_TIME, SC_ELAPSED, SC_EPOCH_ITERATIONS, SC_COUNT };
enum {
  F_PHEROMONE,
  F_BEST,
  F_RESTART_BEST,
  F_SOURCE,
  F_COLONY_LOG,
  F_GLOBAL_BEST,
  F_GLOBAL_COST,
  F_COLONY_MEMBERS,                               /* N_COLONY fields */
  F_RECORD_MEMBERS = F_COLONY_MEMBERS + N_COLONY, /* N_RECORD fields */
  F_COUNT = F_RECORD_MEMBERS + N_RECORD
};

/* The part and its staging buffers. The per-colony arrays (trails, bests, source) are written
 * and read in place; the colonies' scalars and the records are staged member by member. */
struct aco_engine_ckpt {
  ckpt_part part;
  ckpt_field field_array[F_COUNT]; /* indexed by the F_ names above */
  ckpt_scalar scalars[SC_COUNT];
  void **tau_rows, **best_rows, **restart_rows, **source_rows; /* per local colony */
  ckpt_members colonies;    /* of aco_colony_state, distributed */
  ckpt_members records;     /* of aco_epoch_record, replicated */
  aco_colony_state *states; /* [local]: staged on restore, checked before use */
  aco_epoch_record *recs;   /* [E]: staged on restore */
  double *log;              /* [local][E][3] */
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
  ar_free(k->recs);
  size_t e1 = (size_t)(epochs > 0 ? epochs : 1);
  k->log = ar_alloc_array((size_t)e->local_colonies * e1 * COST_DOUBLES, sizeof(double));
  k->recs = ar_alloc_array(e1, sizeof(aco_epoch_record));
  k->staged_epochs = epochs;
  ckpt_field *log = &k->field_array[F_COLONY_LOG];
  log->dims[1] = (hsize_t)epochs;
  log->data = k->log;
  if (!k->log || !k->recs)
    return ar_fail(AR_ERR_NOMEM, "out of memory for %lld epoch records", (long long)epochs);
  return ckpt_members_size(&k->records, (size_t)epochs, (hsize_t)epochs);
}

static void stage_colony(aco_engine *e, int32_t c) {
  struct aco_engine_ckpt *k = e->ckpt;
  k->states[c] = e->colony[c].s;
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
  ckpt_members_pack(&k->colonies, k->states);
  ckpt_members_pack(&k->records, e->epochs);
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
  const aco_colony_state *in = &k->states[c];
  if (in->colony != e->first_colony + c)
    return ar_fail(AR_ERR_INPUT, "checkpoint: colony row %d holds colony %lld", e->first_colony + c,
                   (long long)in->colony);
  col->s = *in;
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
  memset(k->states, 0, (size_t)e->local_colonies * sizeof *k->states);
  memset(k->recs, 0, (size_t)(epochs > 0 ? epochs : 1) * sizeof *k->recs);
  ckpt_members_unpack(&k->colonies, k->states);
  ckpt_members_unpack(&k->records, k->recs);
  aco_ckpt_view view = {.iteration = st->iteration,
                        .epochs = epochs,
                        .epoch_iterations = k->scalars[SC_EPOCH_ITERATIONS].i64,
                        .best_colony = k->scalars[SC_BEST_COLONY].i64,
                        .best_iteration = k->scalars[SC_BEST_ITERATION].i64,
                        .best_time = k->scalars[SC_BEST_TIME].f64,
                        .elapsed = k->scalars[SC_ELAPSED].f64,
                        .colonies = k->states,
                        .colony_log = k->log,
                        .records = k->recs,
                        .global_cost = k->cost};
  s = aco_engine_ckpt_check(e, &view);
  if (s != AR_OK) return s;
  for (int32_t c = 0; c < e->local_colonies && s == AR_OK; c++)
    s = restore_colony(e, c, epochs);
  if (s != AR_OK) return s;
  if (epochs > 0) memcpy(e->epochs, k->recs, (size_t)epochs * sizeof *k->recs);
  e->best_cost = cost_from(k->cost);
  e->epoch = epochs;
  e->iteration = st->iteration;
  e->best_colony = (int32_t)k->scalars[SC_BEST_COLONY].i64;
  e->best_iteration = k->scalars[SC_BEST_ITERATION].i64;
  e->best_time = k->scalars[SC_BEST_TIME].f64;
  e->time_before = k->scalars[SC_ELAPSED].f64;
  return AR_OK;
}

/* The per-colony arrays, written in place from the colonies. */
static ar_status describe_rows(aco_engine *e, struct aco_engine_ckpt *k) {
  const aco_problem *p = e->problem;
  const hsize_t C = (hsize_t)e->par.colonies, R = (hsize_t)p->rows, K = (hsize_t)p->options,
                L = (hsize_t)p->solution_len, n = (hsize_t)e->local_colonies;
  size_t n1 = n ? n : 1;
  k->tau_rows = calloc(n1, sizeof(void *));
  k->best_rows = calloc(n1, sizeof(void *));
  k->restart_rows = calloc(n1, sizeof(void *));
  k->source_rows = calloc(n1, sizeof(void *));
  k->states = calloc(n1, sizeof *k->states);
  if (!k->tau_rows || !k->best_rows || !k->restart_rows || !k->source_rows || !k->states)
    return ar_fail(AR_ERR_NOMEM, "out of memory preparing checkpoints");
  for (hsize_t c = 0; c < n; c++) {
    k->tau_rows[c] = e->colony[c].tau;
    k->best_rows[c] = e->colony[c].best;
    k->restart_rows[c] = e->colony[c].restart_best;
    k->source_rows[c] = e->colony[c].source;
  }
  ckpt_field *f = k->field_array;
  const h5field *P = plain;
  f[F_PHEROMONE] = ckpt_field_make(P[P_PHEROMONE].path, h5field_native(P[P_PHEROMONE].type), 3, C,
                                   R, K, 1, NULL, k->tau_rows, P[P_PHEROMONE].meaning);
  f[F_BEST] = ckpt_field_make(P[P_BEST].path, h5field_native(P[P_BEST].type), 2, C, L, 0, 1, NULL,
                              k->best_rows, P[P_BEST].meaning);
  f[F_RESTART_BEST] =
      ckpt_field_make(P[P_RESTART_BEST].path, h5field_native(P[P_RESTART_BEST].type), 2, C, L, 0, 1,
                      NULL, k->restart_rows, P[P_RESTART_BEST].meaning);
  f[F_SOURCE] = ckpt_field_make(P[P_SOURCE].path, h5field_native(P[P_SOURCE].type), 2, C, L, 0, 1,
                                NULL, k->source_rows, P[P_SOURCE].meaning);
  f[F_COLONY_LOG] = ckpt_field_make(P[P_COLONY_LOG].path, h5field_native(P[P_COLONY_LOG].type), 3,
                                    C, 0, COST_DOUBLES, 1, NULL, NULL, P[P_COLONY_LOG].meaning);
  f[F_GLOBAL_BEST] = ckpt_field_make(P[P_GLOBAL_BEST].path, h5field_native(P[P_GLOBAL_BEST].type),
                                     1, L, 0, 0, 0, e->best, NULL, P[P_GLOBAL_BEST].meaning);
  f[F_GLOBAL_COST] =
      ckpt_field_make(P[P_GLOBAL_COST].path, h5field_native(P[P_GLOBAL_COST].type), 1, COST_DOUBLES,
                      0, 0, 0, k->cost, NULL, P[P_GLOBAL_COST].meaning);
  return AR_OK;
}

static ar_status describe(aco_engine *e, struct aco_engine_ckpt *k) {
  ar_status st = describe_rows(e, k);
  if (st == AR_OK)
    st = ckpt_members_init(&k->colonies, "/colonies", colony_members, N_COLONY,
                           sizeof(aco_colony_state), 1, &k->field_array[F_COLONY_MEMBERS],
                           (size_t)e->local_colonies, (hsize_t)e->par.colonies);
  if (st == AR_OK)
    st = ckpt_members_init(&k->records, "/global/epochs", record_members, N_RECORD,
                           sizeof(aco_epoch_record), 0, &k->field_array[F_RECORD_MEMBERS], 0, 0);
  if (st != AR_OK) return st;
  k->scalars[SC_BEST_COLONY] = (ckpt_scalar){plain[P_BEST_COLONY].name, CKPT_SCALAR_I64, 0, 0};
  k->scalars[SC_BEST_ITERATION] =
      (ckpt_scalar){plain[P_BEST_ITERATION].name, CKPT_SCALAR_I64, 0, 0};
  k->scalars[SC_BEST_TIME] = (ckpt_scalar){plain[P_BEST_TIME].name, CKPT_SCALAR_F64, 0, 0};
  k->scalars[SC_ELAPSED] = (ckpt_scalar){plain[P_ELAPSED].name, CKPT_SCALAR_F64, 0, 0};
  k->scalars[SC_EPOCH_ITERATIONS] =
      (ckpt_scalar){plain[P_EPOCH_ITERATIONS].name, CKPT_SCALAR_I64, 0, 0};
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
  free(k->states);
  ckpt_members_free(&k->colonies);
  ckpt_members_free(&k->records);
  ar_free(k->log);
  ar_free(k->recs);
  free(k);
  e->ckpt = NULL;
}
