/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_engine_ckpt_check: a checkpoint's engine state checked against itself (see the header). */
#include "aco_engine_ckpt_check.h"

#include <math.h>

static aco_cost cost_at(const double *in) {
  aco_cost c = {{in[0], in[1]}, in[2]};
  return c;
}

static int finite_cost(const double *c) {
  return isfinite(c[0]) && isfinite(c[1]) && isfinite(c[2]);
}

static int finite(const aco_cost *c) {
  return isfinite(c->key[0]) && isfinite(c->key[1]) && isfinite(c->value);
}

/* A stored solution is valid and has the cost stored beside it. */
static ar_status solution_holds(aco_engine *e, int32_t *data, aco_cost cost, const char *what,
                                int64_t colony) {
  if (!finite(&cost))
    return ar_fail(AR_ERR_INPUT, "checkpoint: the cost of %s of colony %lld is not finite", what,
                   (long long)colony);
  aco_solution s = {cost, data};
  ar_status st = e->problem->verify(e->problem, &s);
  if (st == AR_ERR_INTERNAL)
    return ar_fail(AR_ERR_INPUT,
                   "checkpoint: %s of colony %lld does not hold what its cost says (%s)", what,
                   (long long)colony, ar_error_message());
  return st;
}

/* A colony that restarted in the checkpoint's last iteration has no restart-best yet: the
 * restart set its cost to the worst and both its iterations to that one (aco_mmas.c); the next
 * iteration's best fills it. */
static int restart_best_empty(const aco_colony_state *cs, int64_t it) {
  const aco_cost worst = aco_cost_worst();
  return cs->restarts > 0 && cs->restart_iteration == it - 1 &&
         cs->restart_best_iteration == it - 1 &&
         aco_cost_compare(&cs->restart_best_cost, &worst) == 0 &&
         cs->restart_best_cost.value == worst.value;
}

static ar_status colony_holds(aco_engine *e, const aco_ckpt_view *v, int32_t c) {
  const aco_colony_state *cs = &v->colonies[c];
  const int64_t it = v->iteration, id = cs->colony;
  if (cs->iterations != it)
    return ar_fail(AR_ERR_INPUT,
                   "checkpoint: colony %lld has done %lld iterations, the checkpoint %lld",
                   (long long)id, (long long)cs->iterations, (long long)it);
  if (cs->best_iteration < -1 || cs->best_iteration >= it || cs->restart_iteration < 0 ||
      cs->restart_iteration > it || cs->restart_best_iteration < -1 ||
      cs->restart_best_iteration >= it || cs->restarts < 0 || cs->restarts > it)
    return ar_fail(AR_ERR_INPUT,
                   "checkpoint: colony %lld: iterations of its best, restart and restart-best "
                   "(%lld, %lld, %lld) or its restarts (%lld) are outside 0..%lld",
                   (long long)id, (long long)cs->best_iteration, (long long)cs->restart_iteration,
                   (long long)cs->restart_best_iteration, (long long)cs->restarts, (long long)it);
  if (!isfinite(cs->tau_max) || !isfinite(cs->tau_min) || !(cs->tau_min > 0) || cs->tau_max < 0)
    return ar_fail(AR_ERR_INPUT, "checkpoint: colony %lld: trail bounds %g, %g are not sensible",
                   (long long)id, cs->tau_max, cs->tau_min);
  const aco_colony *col = &e->colony[c];
  const size_t cells = (size_t)e->problem->rows * (size_t)e->problem->options;
  for (size_t i = 0; i < cells; i++)
    if (!(col->tau[i] >= 0.0f) || !isfinite(col->tau[i]))
      return ar_fail(AR_ERR_INPUT, "checkpoint: colony %lld: trail %zu is %g", (long long)id, i,
                     (double)col->tau[i]);
  for (int64_t ep = 1; ep < v->epochs; ep++) {
    const double *now = v->colony_log + ((size_t)c * (size_t)v->epochs + (size_t)ep) * 3;
    aco_cost a = cost_at(now), b = cost_at(now - 3);
    if (!finite_cost(now) || aco_cost_compare(&a, &b) > 0)
      return ar_fail(AR_ERR_INPUT, "checkpoint: colony %lld got worse at epoch %lld", (long long)id,
                     (long long)ep);
  }
  ar_status st = solution_holds(e, col->best, cs->best_cost, "the best", id);
  if (st == AR_OK && !restart_best_empty(cs, it))
    st = solution_holds(e, col->restart_best, cs->restart_best_cost, "the restart-best", id);
  if (st == AR_OK) st = solution_holds(e, col->source, cs->source_cost, "the source", id);
  return st;
}

/* The global records: in order, one per epoch, the last holding the global best. */
static ar_status records_hold(aco_engine *e, const aco_ckpt_view *v) {
  const int64_t E = v->epochs, C = e->par.colonies;
  for (int64_t ep = 0; ep < E; ep++) {
    const aco_epoch_record *r = &v->records[ep];
    int bad = r->iteration != (ep + 1) * v->epoch_iterations || !isfinite(r->time) || r->time < 0 ||
              (ep > 0 && r->time < r[-1].time) || !finite(&r->best_cost) || r->best_colony < 0 ||
              r->best_colony >= C;
    if (!bad && ep > 0) bad = aco_cost_compare(&r->best_cost, &r[-1].best_cost) > 0;
    if (bad)
      return ar_fail(AR_ERR_INPUT,
                     "checkpoint: the record of epoch %lld (iteration %lld, time %g, colony %d) "
                     "does not follow from the ones before",
                     (long long)ep, (long long)r->iteration, r->time, (int)r->best_colony);
  }
  if (E == 0)
    return v->best_colony == -1
               ? AR_OK
               : ar_fail(AR_ERR_INPUT, "checkpoint: best colony %lld before any epoch end",
                         (long long)v->best_colony);
  const aco_epoch_record *last = &v->records[E - 1];
  aco_cost b = cost_at(v->global_cost);
  if (aco_cost_compare(&last->best_cost, &b) != 0 || last->best_cost.value != b.value)
    return ar_fail(AR_ERR_INPUT, "checkpoint: the global best %g is not the last epoch's %g",
                   b.key[0], last->best_cost.key[0]);
  if (v->best_colony < 0 || v->best_colony >= C)
    return ar_fail(AR_ERR_INPUT, "checkpoint: best colony %lld is not one of the %lld colonies",
                   (long long)v->best_colony, (long long)C);
  return solution_holds(e, e->best, b, "the global best (held by)", v->best_colony);
}

ar_status aco_engine_ckpt_check(aco_engine *e, const aco_ckpt_view *v) {
  if (v->iteration < 0 || v->epoch_iterations < 1 ||
      v->epochs != v->iteration / v->epoch_iterations)
    return ar_fail(AR_ERR_INPUT,
                   "checkpoint: %lld epochs of %lld iterations do not make iteration %lld",
                   (long long)v->epochs, (long long)v->epoch_iterations, (long long)v->iteration);
  if (v->best_iteration < -1 || v->best_iteration >= (v->iteration > 0 ? v->iteration : 1) ||
      !isfinite(v->elapsed) || v->elapsed < 0 || !isfinite(v->best_time) || v->best_time < 0 ||
      v->best_time > v->elapsed)
    return ar_fail(AR_ERR_INPUT,
                   "checkpoint: the best's iteration %lld, its time %g s or the time so far %g s "
                   "is out of range",
                   (long long)v->best_iteration, v->best_time, v->elapsed);
  ar_status st = AR_OK;
  for (int32_t c = 0; c < e->local_colonies && st == AR_OK; c++)
    st = colony_holds(e, v, c);
  if (st == AR_OK) st = records_hold(e, v);
  return st;
}
