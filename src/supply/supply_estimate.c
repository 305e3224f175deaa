/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_estimate: one month's order-routing memory before it is allocated (supply_estimate.h).
 * The sizes follow supply_scope_init, supply_plan_init, supply_ls_create, supply_flow_bound and
 * rp_scratch_create. */
#include "supply_estimate.h"

#include "aco_estimate.h"
#include "supply_problem.h"

#define ADD aco_estimate_add
#define MUL aco_estimate_mul

/* Ship days spanned by the windows, route options with a lane, and the (order, plant, day) arcs
 * of the flow bound at most (one per option and day). */
typedef struct {
  int64_t days, lane_pairs, arcs;
} month_span;

static month_span span_of(const supply_model *m, const int32_t *orders, int32_t n) {
  month_span s = {1, 0, 0};
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (int32_t i = 0; i < n; i++) {
    int32_t k = orders[i];
    if (m->win_first[k] < lo) lo = m->win_first[k];
    if ((int64_t)m->win_first[k] + m->win_len[k] - 1 > hi) hi = m->win_first[k] + m->win_len[k] - 1;
    for (int64_t x = m->opt_start[k]; x < m->opt_start[k + 1]; x++)
      s.lane_pairs += m->opt_lane[x] >= 0;
    s.arcs += (m->opt_start[k + 1] - m->opt_start[k]) * m->win_len[k];
  }
  if (n > 0) s.days = hi - lo + 1;
  return s;
}

/* A plan (supply_plan_init): option and day per order, plant-day counts, lane-day loads. */
static uint64_t plan_bytes(uint64_t n, uint64_t pd, uint64_t ld, uint64_t bands) {
  uint64_t b = MUL(2, MUL(n, 4));
  b = ADD(b, MUL(pd, 4));
  b = ADD(b, MUL(ld, 8 + 8 + 4));
  return ADD(b, MUL(bands, 8));
}

void supply_problem_estimate(const supply_model *m, const int32_t *orders, int32_t n, int threads,
                             supply_estimate *out) {
  const supply_net *net = m->net;
  month_span s = span_of(m, orders, n);
  const uint64_t N = (uint64_t)(n > 0 ? n : 1), D = (uint64_t)s.days;
  const uint64_t P = (uint64_t)net->plants.n, L = (uint64_t)net->n_lanes;
  const uint64_t pd = MUL(P, D), ld = MUL(L, D);
  const uint64_t bands = MUL(D, (uint64_t)m->eb_start[net->n_lanes]);
  out->orders = n;
  out->days = (int32_t)(s.days < INT32_MAX ? s.days : INT32_MAX);
  aco_problem shape;
  supply_problem_shape(m, orders, n, &shape);
  const uint64_t options = (uint64_t)shape.options;
  /* Scope: orders, lane offsets, plant limits and the fixed loads per lane-day and band. */
  uint64_t scope = ADD(MUL(N, 4), MUL(L, 8));
  scope = ADD(scope, plan_bytes(0, pd, ld, bands));
  scope = ADD(scope, (uint64_t)net->n_orders); /* in_scope, while it is built */
  /* Flow bound: classes (at most one per order), the kept arcs, and the graph while solving. */
  const uint64_t arcs = (uint64_t)s.arcs, nodes = ADD(ADD(N, pd), 2);
  uint64_t flow = ADD(MUL(N, 4 * 3), MUL(arcs, 4 + 4 + 8));
  flow = ADD(flow, MUL(nodes, 4 * 4));
  flow = ADD(flow, MUL(ADD(MUL(2, ADD(ADD(N, arcs), pd)), 2), 4 + 4 + 8));
  out->scope = ADD(scope, flow);
  /* Per thread: the ant's plan and its source plan, the local search, the rebuild arrays. */
  uint64_t ls = ADD(MUL(pd, 4 + 4 + 8 + 1), MUL(N, 4 * 6));
  ls = ADD(ls, ADD(MUL(L + 1, 8 * 2), MUL((uint64_t)s.lane_pairs, 4 + 4 + 24)));
  uint64_t thread = ADD(MUL(2, plan_bytes(N, pd, ld, bands)), ls);
  thread = ADD(thread, ADD(MUL(N, 4 + 4 + 1), MUL(options, 4 + 8)));
  out->per_thread = thread;
  out->scratch = MUL(thread, (uint64_t)(threads > 0 ? threads : 1));
  out->total = ADD(out->scope, out->scratch);
}
