/* SPDX-License-Identifier: BSD-3-Clause */
/* demo_problem: the demo kind's model and its aco_problem callbacks (see demo_problem.h). */
#include "demo_problem.h"

#include <stdlib.h>

#include "aco_choose.h"
#include "aco_rng.h"

void demo_net_free(demo_net *d) {
  free(d->cost);
  d->cost = NULL;
}

ar_status demo_net_generate(int32_t rows, int32_t options, uint64_t seed, demo_net *d) {
  d->rows = rows;
  d->options = options;
  d->cost = malloc(sizeof *d->cost * (size_t)rows * (size_t)options);
  if (!d->cost) return ar_fail(AR_ERR_NOMEM, "out of memory for %d x %d costs", rows, options);
  aco_rng r = aco_rng_stream(seed, 0, 0, 0, 0);
  for (int64_t i = 0; i < (int64_t)rows * options; i++)
    d->cost[i] = 1 + (int64_t)aco_rng_below(&r, 99);
  return AR_OK;
}

int64_t demo_net_cost(const demo_net *d, const int32_t *choice) {
  int64_t sum = 0;
  for (int32_t r = 0; r < d->rows; r++) {
    if (choice[r] < 0 || choice[r] >= d->options) return -1;
    sum += d->cost[(int64_t)r * d->options + choice[r]];
  }
  return sum;
}

static void set_cost(const demo_net *d, aco_solution *s) {
  s->cost = aco_cost_worst();
  s->cost.key[0] = (double)demo_net_cost(d, s->data);
  s->cost.key[1] = 0.0;
  s->cost.value = s->cost.key[0];
}

static void heuristic(const aco_problem *p, int32_t row, float *eta) {
  const demo_net *d = p->data;
  for (int32_t k = 0; k < d->options; k++)
    eta[k] = 1.0f / (float)d->cost[(int64_t)row * d->options + k];
}

static ar_status scratch_create(const aco_problem *p, void **scratch) {
  (void)p;
  *scratch = NULL; /* the demo's ants need none */
  return AR_OK;
}

static void scratch_free(const aco_problem *p, void *scratch) {
  (void)p;
  (void)scratch;
}

static ar_status initial(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out) {
  (void)ctx;
  (void)scratch;
  const demo_net *d = p->data;
  for (int32_t r = 0; r < d->rows; r++)
    out->data[r] = 0;
  set_cost(d, out);
  return AR_OK;
}

static void construct(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out) {
  (void)scratch;
  const demo_net *d = p->data;
  for (int32_t r = 0; r < d->rows; r++) {
    int32_t k = aco_choose(ctx->choice + (int64_t)r * ctx->options, d->options, ctx->q0, &ctx->rng);
    out->data[r] = k < 0 ? 0 : k;
  }
  set_cost(d, out);
}

static void components(const aco_problem *p, const aco_solution *s, aco_component_fn fn,
                       void *arg) {
  const demo_net *d = p->data;
  for (int32_t r = 0; r < d->rows; r++)
    fn(r, s->data[r], arg);
}

static ar_status verify(const aco_problem *p, const aco_solution *s) {
  const demo_net *d = p->data;
  int64_t cost = demo_net_cost(d, s->data);
  if (cost < 0 || (double)cost != s->cost.key[0])
    return ar_fail(AR_ERR_INTERNAL, "demo: the best solution costs %lld, it says %.0f",
                   (long long)cost, s->cost.key[0]);
  return AR_OK;
}

void demo_problem_make(const demo_net *d, aco_problem *p) {
  *p = (aco_problem){.kind = "demo",
                     .rows = d->rows,
                     .options = d->options,
                     .solution_len = d->rows,
                     .data = (void *)d,
                     .heuristic = heuristic,
                     .scratch_create = scratch_create,
                     .scratch_free = scratch_free,
                     .initial = initial,
                     .construct = construct,
                     .components = components,
                     .verify = verify};
}
