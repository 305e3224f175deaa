/* route_problem: order routing as an ACO problem (see route_problem.h). */
#include "route_problem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aco_alloc.h"

route_problem_options route_problem_options_default(void) {
  route_problem_options o = {32, 3, 0.0};
  return o;
}

typedef struct {
  route_plan plan;
  /* The last source plan built, canonically (orders added in index order), and its data: an ant
   * whose source is the same copies it instead of rebuilding it. The copy is bit-identical to a
   * rebuild, so results do not depend on which thread ran which ant before. */
  route_plan src_plan;
  int32_t *src_data;
  int src_valid;
  route_ls *ls;
  int32_t *rows; /* [n] the rows an ant rebuilt */
  int32_t nrows;
  uint8_t *mark;  /* [n] */
  int32_t *cols;  /* [options] feasible columns of one row */
  double *weight; /* [options] their choice weights */
} route_scratch;

static int32_t order_width(const route_model *m, int32_t k) {
  return (int32_t)(m->opt_start[k + 1] - m->opt_start[k]) * m->win_len[k];
}

aco_cost route_problem_cost(const route_config *cfg, const route_totals *t) {
  aco_cost c;
  double key[ROUTE_KEYS_MAX];
  route_objective(cfg, t, key);
  for (int i = 0; i < ACO_COST_KEYS; i++)
    c.key[i] = i < cfg->n_keys ? key[i] : 0.0;
  route_goal first = ROUTE_GOAL_WEIGHTED;
  for (int i = 0; i < cfg->n_keys; i++)
    if (cfg->key[i] != ROUTE_GOAL_UNSERVED) {
      first = cfg->key[i];
      break;
    }
  c.value = route_goal_value(cfg, t, first);
  if (!(c.value > 1e-9)) c.value = 1e-9;
  return c;
}

void route_problem_plan_from(const route_problem *rp, route_plan *p, const int32_t *data) {
  const route_scope *sc = rp->sc;
  const route_model *m = sc->m;
  route_plan_clear(p);
  for (int32_t i = 0; i < sc->n; i++) {
    int32_t c = data[i], k = sc->orders[i];
    if (c < 0) {
      route_plan_unserve(p, i);
      continue;
    }
    int32_t w = m->win_len[k];
    route_plan_add(p, i, c / w, m->win_first[k] + c % w);
  }
}

void route_problem_data_from(const route_problem *rp, const route_plan *p, int32_t *data) {
  const route_scope *sc = rp->sc;
  const route_model *m = sc->m;
  for (int32_t i = 0; i < sc->n; i++) {
    int32_t k = sc->orders[i];
    data[i] = p->opt[i] < 0 ? -1 : p->opt[i] * m->win_len[k] + (p->day[i] - m->win_first[k]);
  }
}

static double option_static(const route_model *m, int32_t k, int64_t x) {
  int32_t L = m->opt_lane[x];
  double tc = L < 0 ? 0.0 : route_lane_charge_lower(m, k, L);
  return route_scalar(&m->cfg, route_order_wc(m, k, m->opt_plant[x]), tc, route_order_time(m, k, L),
                      route_order_co2(m, k, L));
}

static void rp_heuristic(const aco_problem *p, int32_t row, float *eta) {
  const route_problem *rp = p->data;
  const route_model *m = rp->sc->m;
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
  route_scratch *s = scratch;
  if (!s) return;
  route_plan_free(&s->plan);
  route_plan_free(&s->src_plan);
  aco_free(s->src_data);
  route_ls_free(s->ls);
  aco_free(s->rows);
  aco_free(s->mark);
  aco_free(s->cols);
  aco_free(s->weight);
  aco_free(s);
}

static ar_status rp_scratch_create(const aco_problem *p, void **out) {
  const route_problem *rp = p->data;
  int32_t n = rp->sc->n ? rp->sc->n : 1;
  route_scratch *s = aco_alloc(sizeof *s);
  *out = NULL;
  if (!s) return ar_fail(AR_ERR_NOMEM, "out of memory for order-routing scratch");
  memset(s, 0, sizeof *s);
  ar_status st = route_plan_init(&s->plan, rp->sc);
  if (st == AR_OK) st = route_plan_init(&s->src_plan, rp->sc);
  if (st == AR_OK) st = route_ls_create(rp->sc, &s->ls);
  s->src_data = aco_alloc_array((size_t)n, sizeof *s->src_data);
  if (st == AR_OK && !s->src_data) st = ar_fail(AR_ERR_NOMEM, "out of memory for scratch");
  s->rows = aco_alloc_array((size_t)n, sizeof *s->rows);
  s->mark = aco_alloc_array((size_t)n, sizeof *s->mark);
  s->cols = aco_alloc_array((size_t)p->options, sizeof *s->cols);
  s->weight = aco_alloc_array((size_t)p->options, sizeof *s->weight);
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

static void finish(const aco_problem *p, route_scratch *s, aco_solution *out) {
  const route_problem *rp = p->data;
  route_problem_data_from(rp, &s->plan, out->data);
  out->cost = route_problem_cost(&rp->sc->m->cfg, &s->plan.tot);
}

static ar_status rp_initial(const aco_problem *p, aco_ant_ctx *ctx, void *scratch,
                            aco_solution *out) {
  (void)ctx;
  const route_problem *rp = p->data;
  route_scratch *s = scratch;
  ar_status st = route_greedy(&s->plan, &rp->flow);
  if (st != AR_OK) return st;
  route_ls_params lp = {ROUTE_LS_ALL, 0, rp->opt.initial_ls_time};
  route_ls_run(s->ls, &s->plan, &lp);
  s->nrows = 0;
  finish(p, s, out);
  return AR_OK;
}

/* Puts row i back on a column drawn from the colony's choice weights among the feasible ones. */
static void place_row(const aco_problem *p, aco_ant_ctx *ctx, route_scratch *s, int32_t i) {
  const route_problem *rp = p->data;
  const route_model *m = rp->sc->m;
  int32_t k = rp->sc->orders[i], w = m->win_len[k], width = order_width(m, k);
  const float *choice = ctx->choice + (size_t)i * (size_t)ctx->options;
  int32_t nc = 0;
  double total = 0.0;
  for (int32_t c = 0; c < width; c++) {
    route_delta d;
    if (choice[c] <= 0.0f || !route_plan_eval_add(&s->plan, i, c / w, m->win_first[k] + c % w, &d))
      continue;
    s->cols[nc] = c;
    s->weight[nc] = choice[c];
    total += choice[c];
    nc++;
  }
  if (nc == 0) {
    route_plan_unserve(&s->plan, i);
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
  route_plan_add(&s->plan, i, c / w, m->win_first[k] + c % w);
}

static void rp_construct(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out) {
  const route_problem *rp = p->data;
  route_scratch *s = scratch;
  int32_t n = rp->sc->n;
  if (ctx->source) {
    size_t bytes = (size_t)n * sizeof *s->src_data;
    if (!s->src_valid || memcmp(s->src_data, ctx->source->data, bytes) != 0) {
      route_problem_plan_from(rp, &s->src_plan, ctx->source->data);
      memcpy(s->src_data, ctx->source->data, bytes);
      s->src_valid = 1;
    }
    route_plan_copy(&s->plan, &s->src_plan);
  } else {
    route_plan_clear(&s->plan);
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
    route_plan_remove(&s->plan, s->rows[t]);
  for (int32_t t = 0; t < k; t++)
    place_row(p, ctx, s, s->rows[t]);
  finish(p, s, out);
}

static void rp_improve(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *sol) {
  (void)ctx;
  const route_problem *rp = p->data;
  route_scratch *s = scratch;
  if (s->nrows == 0) return;
  route_ls_rows(s->ls, &s->plan, s->rows, s->nrows, rp->opt.ls_passes);
  finish(p, s, sol);
}

static void rp_components(const aco_problem *p, const aco_solution *s, aco_component_fn fn,
                          void *arg) {
  const route_problem *rp = p->data;
  for (int32_t i = 0; i < rp->sc->n; i++)
    if (s->data[i] >= 0) fn(i, s->data[i], arg);
}

static ar_status rp_verify(const aco_problem *p, const aco_solution *sol) {
  const route_problem *rp = p->data;
  const route_config *cfg = &rp->sc->m->cfg;
  for (int32_t i = 0; i < rp->sc->n; i++) {
    int32_t c = sol->data[i];
    if (c < -1 || c >= order_width(rp->sc->m, rp->sc->orders[i]))
      return ar_fail(AR_ERR_INTERNAL, "self-check: order row %d has column %d of %d", (int)i,
                     (int)c, (int)order_width(rp->sc->m, rp->sc->orders[i]));
  }
  route_plan plan;
  ar_status st = route_plan_init(&plan, rp->sc);
  if (st != AR_OK) return st;
  route_problem_plan_from(rp, &plan, sol->data);
  aco_cost c = route_problem_cost(cfg, &plan.tot);
  for (int i = 0; i < ACO_COST_KEYS && st == AR_OK; i++)
    if (fabs(c.key[i] - sol->cost.key[i]) > 1e-6 + 1e-9 * fabs(c.key[i]))
      st = ar_fail(AR_ERR_INTERNAL,
                   "self-check: the plan's goal %d is %.6f rebuilt, %.6f as the search had it",
                   i + 1, c.key[i], sol->cost.key[i]);
  if (st == AR_OK) st = route_plan_verify(&plan, rp->fixed);
  route_plan_free(&plan);
  return st;
}

ar_status route_problem_create(const route_scope *sc, const route_assign *fixed,
                               const route_problem_options *opt, route_problem *rp,
                               aco_problem *out) {
  const route_model *m = sc->m;
  memset(rp, 0, sizeof *rp);
  memset(out, 0, sizeof *out);
  rp->sc = sc;
  rp->fixed = fixed;
  rp->opt = *opt;
  if (rp->opt.rebuild < 1) rp->opt.rebuild = 1;
  ar_status st = route_flow_bound(sc, &rp->flow);
  if (st != AR_OK) return st;
  route_cost_lower_bound(sc, &rp->lower_wc, &rp->lower_cost);
  int32_t width = 1;
  for (int32_t i = 0; i < sc->n; i++) {
    int32_t w = order_width(m, sc->orders[i]);
    if (w > width) width = w;
  }
  out->kind = "supply-chain";
  out->rows = sc->n;
  out->options = width;
  out->solution_len = sc->n;
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

void route_problem_free(route_problem *rp) {
  route_flow_free(&rp->flow);
  memset(rp, 0, sizeof *rp);
}
