/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_construct_pieces: the focused construction of large instances, kept as pieces of the
 * source tour (tour_pieces.h). */
#ifndef AR_TOUR_CONSTRUCT_PIECES_H
#define AR_TOUR_CONSTRUCT_PIECES_H

#include "problem.h"
#include "tour_problem_types.h"

/* Focused construction into s->pieces, the same tour construct_focused would build from the
 * same stream; returns 0 (having drawn from ctx->rng) when the tour needs more pieces than fit.
 * Never fails otherwise. */
int tour_construct_pieces(const tour_problem *tp, aco_ant_ctx *ctx, tour_scratch *s,
                          aco_cost *cost);

#endif
