/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_problem: order routing as an ACO problem (see supply_problem.h). */
#include "supply_problem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ar_alloc.h"

supply_problem_options supply_problem_options_default(void) {
  supply_problem_options o = {256, 3, 0.0};
  return o;
}

typedef struct {
  supply_plan plan;
  /* The last source plan built, canonically (orders added in index order), and its data: an ant
   * whose source is the same copies it instead of rebuilding it. The copy is bit-identical to a
   * rebuild, so results do not depend on which thread ran which ant before. */
  supply_plan src_plan;
  int32_t *src_data;
  int src_valid;
  supply_ls *ls;
  int32_t *rows; /* [n] the rows an ant rebuilt */
  int32_t nrows;
  uint8_t *mark;  /* [n] */
  int32_t *cols;  /* [options] feasible columns of one row */
  double *weight; /* [options] their choice weights */
} supply_scratch;

static int32_t order_width(const supply_model *m, int32_t k) {
  return (int32_t)(m->opt_start[k + 1] - m->opt_start[k]) * m->win_len[k];
}

aco_cost supply_problem_cost(const supply_config *cfg, const supply_totals *t) {
  aco_cost c;
  double key[ROUTE_KEYS_MAX];
  supply_objective(cfg, t, key);
  for (int i = 0; i < ACO_COST_KEYS; i++)
    c.key[i] = i < cfg->n_keys ? key[i] : 0.0;
  supply_goal first = ROUTE_GOAL_WEIGHTED;
  for (int i = 0; i < cfg->n_keys; i++)
    if (cfg->key[i] != ROUTE_GOAL_UNSERVED) {
      first = cfg->key[i];
      break;
    }
  c.value = supply_goal_value(cfg, t, first);
  if (!(c.value > 1e-9)) c.value = 1e-9;
  return c;
}

void supply_problem_plan_from(const supply_problem *rp, supply_plan *p, const int32_t *data) {
  const supply_scope *sc = rp->sc;
  const supply_model *m = sc->m;
  supply_plan_clear(p);
  for (int32_t i = 0; i < sc->n; i++) {
    int32_t c = data[i], k = sc->orders[i];
    if (c < 0) {
      supply_plan_unserve(p, i);
      continue;
    }
    int32_t w = m->win_len[k];
    supply_plan_add(p, i, c / w, m->win_first[k] + c % w);
  }
}

void supply_problem_data_from(const supply_problem *rp, const supply_plan *p, int32_t *data) {
  const supply_scope *sc = rp->sc;
  const supply_model *m = sc->m;
  for (int32_t i = 0; i < sc->n; i++) {
    int32_t k = sc->orders[i];
    data[i] = p->opt[i] < 0 ? -1 : p->opt[i] * m->win_len[k] + (p->day[i] - m->win_first[k]);
  }
}

static double option_static(const supply_model *m, int32_t k, int64_t x) {
  int32_t L = m->opt_lane[x];
  double tc = L < 0 ? 0.0 : supply_lane_charge_lower(m, k, L);
  return supply_scalar(&m->cfg, supply_order_wc(m, k, m->opt_plant[x]), tc,
                       supply_order_time(m, k, L), supply_order_co2(m, k, L));
}

static void rp_heuristic(const aco_problem *p, int32_t row, float *eta) {
  const supply_problem *rp = p->data;
  const supply_model *m = rp->sc->m;
  int32_t k = rp->sc->orders[row], w = m->win_len[k];
  for (int32_t c = 0; c < p->options; c++)
    eta[c] = 0.0f;
  /* Ratios to the row's cheapest option, so that eta^beta stays within float range. */
  double best = HUGE_VAL;
  for (int64_t x = m->opt_start[k]; x < m->opt_start[k + 1]; x++) {
    double v = option_static(m, k, x);
    if (v < best) best = v;
  }
  if (!(best > 1e-9)) best = 1e-9;
  for (int64_t x = m->opt_start[k]; x < m->opt_start[k + 1]; x++) {
    double v = option_static(m, k, x);
    float e = (float)(best / (v > 1e-9 ? v : 1e-9));
    if (!(e > 1e-30f)) e = 1e-30f;
    int32_t o = (int32_t)(x - m->opt_start[k]);
    for (int32_t t = 0; t < w; t++)
      eta[o * w + t] = e;
  }
}

static void rp_scratch_free(const aco_problem *p, void *scratch) {
  (void)p;
  supply_scratch *s = scratch;
  if (!s) return;
  supply_plan_free(&s->plan);
  supply_plan_free(&s->src_plan);
  ar_free(s->src_data);
  supply_ls_free(s->ls);
  ar_free(s->rows);
  ar_free(s->mark);
  ar_free(s->cols);
  ar_free(s->weight);
  ar_free(s);
}

static ar_status rp_scratch_create(const aco_problem *p, void **out) {
  const supply_problem *rp = p->data;
  int32_t n = rp->sc->n ? rp->sc->n : 1;
  supply_scratch *s = ar_alloc(sizeof *s);
  *out = NULL;
  if (!s) return ar_fail(AR_ERR_NOMEM, "out of memory for order-routing scratch");
  memset(s, 0, sizeof *s);
  ar_status st = supply_plan_init(&s->plan, rp->sc);
  if (st == AR_OK) st = supply_plan_init(&s->src_plan, rp->sc);
  if (st == AR_OK) st = supply_ls_create(rp->sc, &s->ls);
  s->src_data = ar_alloc_array((size_t)n, sizeof *s->src_data);
  if (st == AR_OK && !s->src_data) st = ar_fail(AR_ERR_NOMEM, "out of memory for scratch");
  s->rows = ar_alloc_array((size_t)n, sizeof *s->rows);
  s->mark = ar_alloc_array((size_t)n, sizeof *s->mark);
  s->cols = ar_alloc_array((size_t)p->options, sizeof *s->cols);
  s->weight = ar_alloc_array((size_t)p->options, sizeof *s->weight);
  if (st == AR_OK && (!s->rows || !s->mark || !s->cols || !s->weight))
    st = ar_fail(AR_ERR_NOMEM, "out of memory for order-routing scratch");
  if (st != AR_OK) {
    rp_scratch_free(p, s);
    return st;
  }
  memset(s->mark, 0, (size_t)n);
  *out = s;
  return AR_OK;
}

static void finish(const aco_problem *p, supply_scratch *s, aco_solution *out) {
  const supply_problem *rp = p->data;
  supply_problem_data_from(rp, &s->plan, out->data);
  out->cost = supply_problem_cost(&rp->sc->m->cfg, &s->plan.tot);
}

static ar_status rp_initial(const aco_problem *p, aco_ant_ctx *ctx, void *scratch,
                            aco_solution *out) {
  (void)ctx;
  const supply_problem *rp = p->data;
  supply_scratch *s = scratch;
  ar_status st = supply_greedy(&s->plan, &rp->flow);
  if (st != AR_OK) return st;
  supply_ls_params lp = {ROUTE_LS_ALL, 0, rp->opt.initial_ls_time};
  supply_ls_run(s->ls, &s->plan, &lp);
  s->nrows = 0;
  finish(p, s, out);
  return AR_OK;
}

/* Puts row i back on a column drawn from the colony's choice weights among the feasible ones. */
static void place_row(const aco_problem *p, aco_ant_ctx *ctx, supply_scratch *s, int32_t i) {
  const supply_problem *rp = p->data;
  const supply_model *m = rp->sc->m;
  int32_t k = rp->sc->orders[i], w = m->win_len[k], width = order_width(m, k);
  const float *choice = ctx->choice + (size_t)i * (size_t)ctx->options;
  int32_t nc = 0;
  double total = 0.0;
  for (int32_t c = 0; c < width; c++) {
    supply_delta d;
    if (choice[c] <= 0.0f || !supply_plan_eval_add(&s->plan, i, c / w, m->win_first[k] + c % w, &d))
      continue;
    s->cols[nc] = c;
    s->weight[nc] = choice[c];
    total += choice[c];
    nc++;
  }
  if (nc == 0) {
    supply_plan_unserve(&s->plan, i);
    return;
  }
  int32_t pick = nc - 1;
  if (ctx->q0 > 0.0 && aco_rng_uniform(&ctx->rng) < ctx->q0) {
    pick = 0;
    for (int32_t t = 1; t < nc; t++)
      if (s->weight[t] > s->weight[pick]) pick = t;
  } else {
    double u = aco_rng_uniform(&ctx->rng) * total;
    for (int32_t t = 0; t < nc; t++) {
      u -= s->weight[t];
      if (u < 0.0) {
        pick = t;
        break;
      }
    }
  }
  int32_t c = s->cols[pick];
  supply_plan_add(&s->plan, i, c / w, m->win_first[k] + c % w);
}

static void rp_construct(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out) {
  const supply_problem *rp = p->data;
  supply_scratch *s = scratch;
  int32_t n = rp->sc->n;
  if (ctx->source) {
    size_t bytes = (size_t)n * sizeof *s->src_data;
    if (!s->src_valid || memcmp(s->src_data, ctx->source->data, bytes) != 0) {
      supply_problem_plan_from(rp, &s->src_plan, ctx->source->data);
      memcpy(s->src_data, ctx->source->data, bytes);
      s->src_valid = 1;
    }
    supply_plan_copy(&s->plan, &s->src_plan);
  } else {
    supply_plan_clear(&s->plan);
  }
  /* The rows to rebuild: all of them without a source, else `rebuild` distinct random rows. */
  int32_t k = ctx->source ? rp->opt.rebuild : n;
  if (k > n) k = n;
  if (2 * k > n) {
    for (int32_t t = 0; t < n; t++)
      s->rows[t] = t;
    for (int32_t t = n - 1; t > 0; t--) { /* Fisher-Yates */
      int32_t j = (int32_t)aco_rng_below(&ctx->rng, (uint32_t)(t + 1));
      int32_t tmp = s->rows[t];
      s->rows[t] = s->rows[j];
      s->rows[j] = tmp;
    }
  } else {
    for (int32_t t = 0; t < k; t++) {
      int32_t r;
      do
        r = (int32_t)aco_rng_below(&ctx->rng, (uint32_t)n);
      while (s->mark[r]);
      s->mark[r] = 1;
      s->rows[t] = r;
    }
    for (int32_t t = 0; t < k; t++)
      s->mark[s->rows[t]] = 0;
  }
  s->nrows = k;
  for (int32_t t = 0; t < k; t++)
    supply_plan_remove(&s->plan, s->rows[t]);
  for (int32_t t = 0; t < k; t++)
    place_row(p, ctx, s, s->rows[t]);
  finish(p, s, out);
}

static void rp_improve(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *sol) {
  (void)ctx;
  const supply_problem *rp = p->data;
  supply_scratch *s = scratch;
  if (s->nrows == 0) return;
  supply_ls_rows(s->ls, &s->plan, s->rows, s->nrows, rp->opt.ls_passes);
  finish(p, s, sol);
}

static void rp_components(const aco_problem *p, const aco_solution *s, aco_component_fn fn,
                          void *arg) {
  const supply_problem *rp = p->data;
  for (int32_t i = 0; i < rp->sc->n; i++)
    if (s->data[i] >= 0) fn(i, s->data[i], arg);
}

static ar_status rp_verify(const aco_problem *p, const aco_solution *sol) {
  const supply_problem *rp = p->data;
  const supply_config *cfg = &rp->sc->m->cfg;
  for (int32_t i = 0; i < rp->sc->n; i++) {
    int32_t c = sol->data[i];
    if (c < -1 || c >= order_width(rp->sc->m, rp->sc->orders[i]))
      return ar_fail(AR_ERR_INTERNAL, "self-check: order row %d has column %d of %d", (int)i,
                     (int)c, (int)order_width(rp->sc->m, rp->sc->orders[i]));
  }
  supply_plan plan;
  ar_status st = supply_plan_init(&plan, rp->sc);
  if (st != AR_OK) return st;
  supply_problem_plan_from(rp, &plan, sol->data);
  aco_cost c = supply_problem_cost(cfg, &plan.tot);
  for (int i = 0; i < ACO_COST_KEYS && st == AR_OK; i++)
    if (fabs(c.key[i] - sol->cost.key[i]) > 1e-6 + 1e-9 * fabs(c.key[i]))
      st = ar_fail(AR_ERR_INTERNAL,
                   "self-check: the plan's goal %d is %.6f rebuilt, %.6f as the search had it",
                   i + 1, c.key[i], sol->cost.key[i]);
  if (st == AR_OK) st = supply_plan_verify(&plan, rp->fixed);
  supply_plan_free(&plan);
  return st;
}

void supply_problem_shape(const supply_model *m, const int32_t *orders, int32_t n,
                          aco_problem *shape) {
  memset(shape, 0, sizeof *shape);
  int32_t width = 1;
  for (int32_t i = 0; i < n; i++) {
    int32_t w = order_width(m, orders[i]);
    if (w > width) width = w;
  }
  shape->kind = "supply-chain";
  shape->rows = n;
  shape->options = width;
  shape->solution_len = n;
}

ar_status supply_problem_create(const supply_scope *sc, const supply_assign *fixed,
                                const supply_problem_options *opt, supply_problem *rp,
                                aco_problem *out) {
  const supply_model *m = sc->m;
  memset(rp, 0, sizeof *rp);
  memset(out, 0, sizeof *out);
  rp->sc = sc;
  rp->fixed = fixed;
  rp->opt = *opt;
  if (rp->opt.rebuild < 1) rp->opt.rebuild = 1;
  ar_status st = supply_flow_bound(sc, &rp->flow);
  if (st != AR_OK) return st;
  supply_cost_lower_bound(sc, &rp->lower_wc, &rp->lower_cost);
  supply_problem_shape(m, sc->orders, sc->n, out);
  out->data = rp;
  out->heuristic = rp_heuristic;
  out->scratch_create = rp_scratch_create;
  out->scratch_free = rp_scratch_free;
  out->initial = rp_initial;
  out->construct = rp_construct;
  out->improve = rp_improve;
  out->components = rp_components;
  out->source_index_bytes = 0;
  out->source_index = NULL;
  out->verify = rp_verify;
  return AR_OK;
}

void supply_problem_free(supply_problem *rp) {
  supply_flow_free(&rp->flow);
  memset(rp, 0, sizeof *rp);
}
