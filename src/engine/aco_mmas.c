/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_mmas: the MAX-MIN Ant System trail update (Stuetzle and Hoos 2000): trails bounded in
 * [tau_min, tau_max], one solution deposits per iteration (the iteration best, or with
 * probability p_gbest the best since the last re-initialisation), re-initialisation to tau_max
 * when the colony stagnates. */
#include "aco_mmas.h"

#include <string.h>

#include "aco_pheromone.h"

void aco_mmas_bounds(aco_colony *c, const aco_problem *p, const aco_params *par) {
  c->s.tau_max = 1.0 / (par->rho * c->s.best_cost.value);
  /* Eq. 11 of the MMAS paper with the average number of options per decision taken as the
   * candidate list's width, as Focused ACO does under local search. */
  double avg = p->options > 1 ? (double)p->options : 2.0;
  double root = pow(par->p_best, 1.0 / avg);
  double tau_min = c->s.tau_max * (1.0 - root) / ((avg - 1.0) * root);
  c->s.tau_min = tau_min < c->s.tau_max ? tau_min : c->s.tau_max;
}

/* Deposits are applied this many components after they are named, their cells fetched in the
 * meantime: a tour names its rows in tour order, which is no memory order, and on 10^6 nodes the
 * deposit spent most of an iteration waiting on memory. The cells are updated in the order they
 * are named, so the result is the same bits. */
enum { DEPOSIT_AHEAD = 16 };

typedef struct {
  float *tau, *choice;
  const float *eta_beta;
  const aco_params *par;
  int32_t options;
  float amount, cap;
  size_t pending[DEPOSIT_AHEAD]; /* cells named but not yet deposited on, oldest at head */
  int32_t head, count;
} deposit_arg;

/* Deposits on one cell and recomputes its choice (the cells step computed it before). */
static void deposit_cell(deposit_arg *d, size_t i) {
  float v = d->tau[i] + d->amount;
  d->tau[i] = v > d->cap ? d->cap : v;
  d->choice[i] = aco_pheromone_choice_of(d->tau[i], d->eta_beta[i], d->par);
}

static void deposit_one(int32_t row, int32_t option, void *arg) {
  deposit_arg *d = arg;
  size_t i = (size_t)row * d->options + option;
  __builtin_prefetch(d->tau + i, 1);
  __builtin_prefetch(d->choice + i, 1);
  __builtin_prefetch(d->eta_beta + i, 0);
  if (d->count == DEPOSIT_AHEAD) {
    deposit_cell(d, d->pending[d->head]);
    d->pending[d->head] = i;
    d->head = d->head + 1 == DEPOSIT_AHEAD ? 0 : d->head + 1;
  } else {
    int32_t at = d->head + d->count++;
    d->pending[at >= DEPOSIT_AHEAD ? at - DEPOSIT_AHEAD : at] = i;
  }
}

/* The deposit of this update on the colony's cells (the amount: 1 / the depositor's cost). */
static deposit_arg deposit_setup(aco_colony *c, const aco_problem *p, const aco_params *par,
                                 const float *eta_beta) {
  return (deposit_arg){.tau = c->tau,
                       .choice = c->choice,
                       .eta_beta = eta_beta,
                       .par = par,
                       .options = p->options,
                       .amount = (float)(1.0 / c->deposit.cost.value),
                       .cap = (float)c->s.tau_max,
                       .head = 0,
                       .count = 0};
}

static void deposit_drain(deposit_arg *d) {
  for (; d->count > 0; d->count--) {
    deposit_cell(d, d->pending[d->head]);
    d->head = d->head + 1 == DEPOSIT_AHEAD ? 0 : d->head + 1;
  }
}

int64_t aco_mmas_restart_stall(const aco_colony *c, const aco_params *par) {
  const int64_t descent = c->s.restart_best_iteration - c->s.restart_iteration;
  const double by_descent = par->restart_descent * (double)descent;
  if (by_descent >= 0x1p62) return INT64_C(1) << 62; /* never, and no overflowing conversion */
  const int64_t stall = (int64_t)by_descent;
  return stall > par->restart_iterations ? stall : par->restart_iterations;
}

void aco_mmas_begin(aco_colony *c, const aco_problem *p, const aco_params *par,
                    const aco_solution *iteration_best, int64_t iteration) {
  aco_mmas_bounds(c, p, par);
  /* Which solution deposits: a draw from the colony's schedule stream of this iteration. */
  aco_rng rng = aco_rng_stream(par->seed, c->s.colony, iteration / par->epoch_iterations, iteration,
                               ACO_STREAM_SCHEDULE);
  c->deposit = *iteration_best;
  if (aco_rng_uniform(&rng) < par->p_gbest)
    c->deposit = (aco_solution){c->s.restart_best_cost, c->restart_best};
  /* Stagnation re-initialises every trail to tau_max (that replaces evaporation and deposit)
   * and makes the colony's first solution the source again: ants that modify their source
   * (Focused ACO's, tour_construct.c) would otherwise stay by the stalled best, whatever the
   * trails (docs/performance.md). The colony's best stays. With --restart-descent the stall
   * must also last that many times the search's descent to its best: a search that took long
   * to get there may still be going somewhere (fnl4461), one that got there at once has
   * converged (pcb3038). */
  c->restarting = par->restart_iterations > 0 &&
                  iteration - c->s.restart_best_iteration >= aco_mmas_restart_stall(c, par);
  if (c->restarting) c->deposit = (aco_solution){c->first_cost, c->first};
  c->cells_op = c->restarting ? ACO_CELLS_FILL : ACO_CELLS_EVAPORATE;
  c->cells_value = (float)(c->restarting ? c->s.tau_max : c->s.tau_min);
}

int aco_mmas_by_rows(const aco_problem *p, const aco_params *par) {
  return par->algorithm == ACO_MMAS && p->index_parts > 1 && p->source_index &&
         p->source_index_part && p->source_index_close && p->row_components;
}

void aco_mmas_index_part(aco_colony *c, const aco_problem *p, int32_t part, int32_t parts) {
  const aco_solution *dep = &c->deposit;
  const int64_t len = p->solution_len;
  const int32_t lo = (int32_t)(len * part / parts), hi = (int32_t)(len * (part + 1) / parts);
  /* The index is read from the deposit itself: the source's other parts are being copied. */
  if (dep->data != c->source)
    memcpy(c->source + lo, dep->data + lo, (size_t)(hi - lo) * sizeof(int32_t));
  p->source_index_part(p, dep, c->source_index, lo, hi);
}

void aco_mmas_index_close(aco_colony *c, const aco_problem *p) {
  p->source_index_close(p, &c->deposit, c->source_index);
}

typedef struct {
  deposit_arg d;
  size_t lo, hi;
} row_deposit_arg;

static void deposit_in_range(int32_t row, int32_t option, void *arg) {
  row_deposit_arg *r = arg;
  size_t i = (size_t)row * r->d.options + option;
  if (i >= r->lo && i < r->hi) deposit_cell(&r->d, i);
}

void aco_mmas_deposit_rows(aco_colony *c, const aco_problem *p, const aco_params *par,
                           const float *eta_beta, size_t lo, size_t hi) {
  if (c->restarting || lo >= hi) return;
  row_deposit_arg r = {.d = deposit_setup(c, p, par, eta_beta), .lo = lo, .hi = hi};
  const aco_solution src = {c->deposit.cost, c->source}; /* indexed: the deposit's copy */
  const size_t options = (size_t)p->options;
  for (size_t row = lo / options; row <= (hi - 1) / options; row++)
    p->row_components(p, &src, c->source_index, (int32_t)row, deposit_in_range, &r);
}

void aco_mmas_end(aco_colony *c, const aco_problem *p, const aco_params *par, const float *eta_beta,
                  int64_t iteration) {
  const aco_solution *dep = &c->deposit;
  const int by_rows = aco_mmas_by_rows(p, par);
  if (!c->restarting && !by_rows) {
    deposit_arg d = deposit_setup(c, p, par, eta_beta);
    p->components(p, dep, deposit_one, &d);
    deposit_drain(&d);
  }
  /* The ants of the next iteration modify the solution that just deposited (by rows: copied
   * and indexed already, aco_mmas_index_part). */
  if (!by_rows && dep->data != c->source)
    memcpy(c->source, dep->data, (size_t)p->solution_len * sizeof(int32_t));
  c->s.source_cost = dep->cost;
  if (c->restarting) {
    c->s.restart_best_cost = aco_cost_worst();
    c->s.restart_iteration = iteration;
    c->s.restart_best_iteration = iteration;
    c->s.restarts++;
  }
  if (!by_rows && p->source_index && c->source_index) {
    aco_solution src = {c->s.source_cost, c->source};
    p->source_index(p, &src, c->source_index);
  }
}
