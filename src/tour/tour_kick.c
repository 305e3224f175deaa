/* SPDX-License-Identifier: BSD-3-Clause */
#include "tour_kick.h"

#include <stdint.h>

int32_t tour_kick_edges(const tour_problem *tp, const aco_ant_ctx *ctx) {
  int64_t times = tp->opt.stall_kick > 0 ? 1 + ctx->stalled / tp->opt.stall_kick : 1;
  /* --new-edges goes up to 10^9: three times that is more than int32 holds, and more than any
   * tour has edges, so the product saturates. */
  int64_t edges = (int64_t)tp->opt.new_edges * (times < TOUR_KICK_MAX ? times : TOUR_KICK_MAX);
  return edges < INT32_MAX ? (int32_t)edges : INT32_MAX;
}
