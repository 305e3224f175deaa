/* SPDX-License-Identifier: BSD-3-Clause */
#include "tour_kick.h"

int32_t tour_kick_edges(const tour_problem *tp, const aco_ant_ctx *ctx) {
  int64_t times = tp->opt.stall_kick > 0 ? 1 + ctx->stalled / tp->opt.stall_kick : 1;
  return tp->opt.new_edges * (int32_t)(times < TOUR_KICK_MAX ? times : TOUR_KICK_MAX);
}
