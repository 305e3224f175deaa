/* aco_mmas: the MAX-MIN Ant System trail update (Stuetzle and Hoos 2000): trails bounded in
 * [tau_min, tau_max], one solution deposits per iteration (the iteration best, or with
 * probability p_gbest the best since the last re-initialisation), re-initialisation to tau_max
 * when the colony stagnates. */
#include <math.h>
#include <string.h>

#include "aco_colony.h"

void aco_mmas_bounds(aco_colony *c, const aco_problem *p, const aco_params *par) {
  c->s.tau_max = 1.0 / (par->rho * c->s.best_cost.value);
  /* Eq. 11 of the MMAS paper with the average number of options per decision taken as the
   * candidate list's width, as Focused ACO does under local search. */
  double avg = p->options > 1 ? (double)p->options : 2.0;
  double root = pow(par->p_best, 1.0 / avg);
  double tau_min = c->s.tau_max * (1.0 - root) / ((avg - 1.0) * root);
  c->s.tau_min = tau_min < c->s.tau_max ? tau_min : c->s.tau_max;
}

typedef struct {
  float *tau;
  int32_t options;
  float amount, cap;
} deposit_arg;

static void deposit_one(int32_t row, int32_t option, void *arg) {
  deposit_arg *d = arg;
  float *t = &d->tau[(size_t)row * d->options + option];
  float v = *t + d->amount;
  *t = v > d->cap ? d->cap : v;
}

void aco_mmas_update(aco_colony *c, const aco_problem *p, const aco_params *par,
                     const float *eta_beta, const aco_solution *iteration_best, int64_t iteration,
                     int parallel) {
  aco_mmas_bounds(c, p, par);
  /* Which solution deposits: a draw from the colony's schedule stream of this iteration. */
  aco_rng rng = aco_rng_stream(par->seed, c->s.colony, iteration / par->epoch_iterations, iteration,
                               ACO_STREAM_SCHEDULE);
  aco_solution restart_best = {c->s.restart_best_cost, c->restart_best};
  const aco_solution *dep = iteration_best;
  if (aco_rng_uniform(&rng) < par->p_gbest) dep = &restart_best;

  aco_pheromone_evaporate(c, p, par->rho, (float)c->s.tau_min, parallel);
  deposit_arg d = {c->tau, p->options, (float)(1.0 / dep->cost.value), (float)c->s.tau_max};
  p->components(p, dep, deposit_one, &d);

  /* The ants of the next iteration modify the solution that just deposited. */
  if (dep->data != c->source)
    memcpy(c->source, dep->data, (size_t)p->solution_len * sizeof(int32_t));
  c->s.source_cost = dep->cost;

  if (par->restart_iterations > 0 &&
      iteration - c->s.restart_best_iteration >= par->restart_iterations) {
    aco_pheromone_fill(c, p, (float)c->s.tau_max);
    c->s.restart_best_cost = aco_cost_worst();
    c->s.restart_iteration = iteration;
    c->s.restart_best_iteration = iteration;
    c->s.restarts++;
  }
  aco_pheromone_choice(c, p, par, eta_beta, parallel);
  if (p->source_index && c->source_index) {
    aco_solution src = {c->s.source_cost, c->source};
    p->source_index(p, &src, c->source_index);
  }
}
