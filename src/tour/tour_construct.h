/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_construct: an ant's tour (problem.h: construct, improve, expand of the tour problem), by
 * changing a few edges of its colony's source tour or building a whole tour. None fails. */
#ifndef AR_TOUR_CONSTRUCT_H
#define AR_TOUR_CONSTRUCT_H

#include "problem.h"

void tour_construct(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out);
void tour_improve(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *sol);
/* Turns a compact solution (tour_pieces.h) back into its order (problem.h: expand). */
void tour_expand(const aco_problem *p, const aco_solution *source, aco_solution *sol);

#endif
