/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_pheromone: element-wise operations on a colony's trail matrix. Each element is computed on
 * its own, so splitting the loops over threads never changes a value. */
#include "aco_pheromone.h"

#include <stddef.h>

/* Below this many cells a loop is not worth waking the threads for. */
enum { PHEROMONE_PARALLEL_MIN = 1 << 15 };

void aco_pheromone_fill(aco_colony *c, const aco_problem *p, float value) {
  size_t cells = (size_t)p->rows * (size_t)p->options;
  for (size_t i = 0; i < cells; i++)
    c->tau[i] = value;
}

/* choice on [lo, hi), with the alpha test out of the loop so that the common case vectorises. */
static void choice_range(float *choice, const float *tau, const float *eta_beta,
                         const aco_params *par, ptrdiff_t lo, ptrdiff_t hi, int parallel) {
  if (par->alpha == 1.0) {
#pragma omp parallel for schedule(static) if (parallel && hi - lo >= PHEROMONE_PARALLEL_MIN)
    for (ptrdiff_t i = lo; i < hi; i++)
      choice[i] = tau[i] * eta_beta[i];
  } else {
#pragma omp parallel for schedule(static) if (parallel && hi - lo >= PHEROMONE_PARALLEL_MIN)
    for (ptrdiff_t i = lo; i < hi; i++)
      choice[i] = aco_pheromone_choice_of(tau[i], eta_beta[i], par);
  }
}

void aco_pheromone_choice(aco_colony *c, const aco_problem *p, const aco_params *par,
                          const float *eta_beta, int parallel) {
  choice_range(c->choice, c->tau, eta_beta, par, 0, (ptrdiff_t)p->rows * p->options, parallel);
}

void aco_pheromone_cells(aco_colony *c, const aco_problem *p, const aco_params *par,
                         const float *eta_beta, aco_cells_op op, float value, size_t lo,
                         size_t hi) {
  (void)p;
  float *tau = c->tau;
  if (op == ACO_CELLS_EVAPORATE && par->alpha == 1.0) {
    /* One pass over the cells (the usual case; the same expressions as the two below). */
    const float keep = (float)(1.0 - par->rho);
    float *choice = c->choice;
    for (size_t i = lo; i < hi; i++) {
      float t = tau[i] * keep;
      t = t < value ? value : t;
      tau[i] = t;
      choice[i] = t * eta_beta[i];
    }
    return;
  }
  if (op == ACO_CELLS_EVAPORATE) {
    const float keep = (float)(1.0 - par->rho);
    for (size_t i = lo; i < hi; i++) {
      float t = tau[i] * keep;
      tau[i] = t < value ? value : t;
    }
  } else if (op == ACO_CELLS_FILL) {
    for (size_t i = lo; i < hi; i++)
      tau[i] = value;
  }
  choice_range(c->choice, tau, eta_beta, par, (ptrdiff_t)lo, (ptrdiff_t)hi, 0);
}
