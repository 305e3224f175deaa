/* aco_pheromone: element-wise operations on a colony's trail matrix. Each element is computed on
 * its own, so splitting the loops over threads never changes a value. */
#include <math.h>
#include <stddef.h>

#include "aco_colony.h"

/* Below this many cells a loop is not worth waking the threads for. */
enum { PHEROMONE_PARALLEL_MIN = 1 << 15 };

void aco_pheromone_fill(aco_colony *c, const aco_problem *p, float value) {
  size_t cells = (size_t)p->rows * (size_t)p->options;
  for (size_t i = 0; i < cells; i++)
    c->tau[i] = value;
}

void aco_pheromone_choice(aco_colony *c, const aco_problem *p, const aco_params *par,
                          const float *eta_beta, int parallel) {
  const ptrdiff_t cells = (ptrdiff_t)p->rows * p->options;
  const float *tau = c->tau;
  float *choice = c->choice;
  if (par->alpha == 1.0) {
#pragma omp parallel for schedule(static) if (parallel && cells >= PHEROMONE_PARALLEL_MIN)
    for (ptrdiff_t i = 0; i < cells; i++)
      choice[i] = tau[i] * eta_beta[i];
  } else {
    const float alpha = (float)par->alpha;
#pragma omp parallel for schedule(static) if (parallel && cells >= PHEROMONE_PARALLEL_MIN)
    for (ptrdiff_t i = 0; i < cells; i++)
      choice[i] = powf(tau[i], alpha) * eta_beta[i];
  }
}

void aco_pheromone_evaporate(aco_colony *c, const aco_problem *p, double rho, float floor_value,
                             int parallel) {
  const ptrdiff_t cells = (ptrdiff_t)p->rows * p->options;
  const float keep = (float)(1.0 - rho);
  float *tau = c->tau;
#pragma omp parallel for schedule(static) if (parallel && cells >= PHEROMONE_PARALLEL_MIN)
  for (ptrdiff_t i = 0; i < cells; i++) {
    float t = tau[i] * keep;
    tau[i] = t < floor_value ? floor_value : t;
  }
}
