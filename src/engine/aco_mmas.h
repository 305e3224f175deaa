/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_mmas: the MAX-MIN Ant System's part of a colony's trail update (aco_colony.h): the trail
 * bounds, which solution deposits, re-initialisation on stagnation, and the deposit. None fails. */
#ifndef AR_ACO_MMAS_H
#define AR_ACO_MMAS_H

#include <stdint.h>

#include "aco_colony_state.h"
#include "aco_params.h"
#include "problem.h"

void aco_mmas_bounds(aco_colony *c, const aco_problem *p, const aco_params *par);
void aco_mmas_begin(aco_colony *c, const aco_problem *p, const aco_params *par,
                    const aco_solution *iteration_best, int64_t iteration);
void aco_mmas_end(aco_colony *c, const aco_problem *p, const aco_params *par, const float *eta_beta,
                  int64_t iteration);

#endif
