/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_pheromone: the element-wise steps of a colony's trail update (aco_colony.h): filling and
 * evaporating the trails and recomputing choice = tau^alpha eta^beta. None fails. */
#ifndef AR_ACO_PHEROMONE_H
#define AR_ACO_PHEROMONE_H

#include <math.h>
#include <stddef.h>

#include "aco_colony_state.h"
#include "aco_params.h"
#include "problem.h"

void aco_pheromone_fill(aco_colony *c, const aco_problem *p, float value);
void aco_pheromone_choice(aco_colony *c, const aco_problem *p, const aco_params *par,
                          const float *eta_beta, int parallel);
/* On cells [lo, hi): tau becomes max(tau (1 - rho), value) (evaporate), or value (fill), or
 * stays (keep); then choice is recomputed from it. */
void aco_pheromone_cells(aco_colony *c, const aco_problem *p, const aco_params *par,
                         const float *eta_beta, aco_cells_op op, float value, size_t lo, size_t hi);
/* choice of one cell from its tau (the expression of aco_pheromone_choice). */
static inline float aco_pheromone_choice_of(float tau, float eta_beta, const aco_params *par) {
  return par->alpha == 1.0 ? tau * eta_beta : powf(tau, (float)par->alpha) * eta_beta;
}

#endif
