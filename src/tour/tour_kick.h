/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_kick: how far an ant of the focused construction strays from its colony's source tour
 * (tour_construct.c, tour_construct_pieces.c), given how long the colony has been stuck. */
#ifndef AR_TOUR_KICK_H
#define AR_TOUR_KICK_H

#include <stdint.h>

#include "tour_problem_types.h" /* tour_problem, and aco_ant_ctx through problem.h */

/* The new edges after which an ant copies its source: new_edges, and new_edges more after each
 * opt.stall_kick iterations in which the colony's best did not improve (ctx->stalled), at most
 * TOUR_KICK_MAX times new_edges. A stalled colony's ants take larger steps away from the source
 * (docs/performance.md: 10 s, 13 instances x 12 seeds). */
int32_t tour_kick_edges(const tour_problem *tp, const aco_ant_ctx *ctx);

#endif
