/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_colony: allocation, start, refresh and the per-iteration update of one colony. */
#include "aco_colony.h"

#include <string.h>

#include "aco_acs.h"
#include "aco_mmas.h"
#include "aco_pheromone.h"
#include "ar_alloc.h"

int aco_colony_combines(const aco_problem *p, const aco_params *par) {
  return par->algorithm == ACO_MMAS && p->combine && p->combine_bytes > 0 && p->source_index;
}

int aco_colony_merges(const aco_problem *p, const aco_params *par) {
  return par->algorithm == ACO_MMAS && p->merge && p->merge_bytes > 0;
}

int aco_colony_restarts(const aco_params *par) {
  return par->algorithm == ACO_MMAS && par->restart_iterations > 0;
}

/* The iteration's improving ants combined into c->combination (problem.h: combine); NULL when
 * fewer than two combine. */
static const aco_solution *combine_ants(aco_colony *c, const aco_problem *p,
                                        const aco_params *par) {
  int32_t *by = c->by_cost;
  for (int32_t a = 0; a < par->ants; a++) { /* insertion sort: by cost, then index */
    int32_t at = a;
    while (at > 0 && aco_cost_compare(&c->ant[a].cost, &c->ant[by[at - 1]].cost) < 0) {
      by[at] = by[at - 1];
      at--;
    }
    by[at] = a;
  }
  const aco_solution src = {c->s.source_cost, c->source};
  c->combination = (aco_solution){aco_cost_worst(), c->combined};
  int32_t joined =
      p->combine(p, &src, c->source_index, c->ant, by, par->ants, c->combine_work, &c->combination);
  return joined >= 2 ? &c->combination : NULL;
}

ar_status aco_colony_alloc(aco_colony *c, const aco_problem *p, const aco_params *par,
                           int64_t colony) {
  memset(c, 0, sizeof *c);
  c->s.colony = colony;
  size_t cells = (size_t)p->rows * (size_t)p->options;
  size_t len = (size_t)p->solution_len;
  c->tau = ar_alloc_array(cells, sizeof(float));
  c->choice = ar_alloc_array(cells, sizeof(float));
  c->best = ar_alloc_array(len, sizeof(int32_t));
  c->restart_best = ar_alloc_array(len, sizeof(int32_t));
  c->source = ar_alloc_array(len, sizeof(int32_t));
  const int restarts = aco_colony_restarts(par);
  if (restarts) c->first = ar_alloc_array(len, sizeof(int32_t));
  if (p->source_index_bytes > 0) c->source_index = ar_alloc(p->source_index_bytes);
  c->ant = ar_alloc_array((size_t)par->ants, sizeof(aco_solution));
  c->ant_data = ar_alloc_array((size_t)par->ants * len, sizeof(int32_t));
  const int combines = aco_colony_combines(p, par);
  if (combines) {
    c->combined = ar_alloc_array(len, sizeof(int32_t));
    c->combine_work = ar_alloc(p->combine_bytes);
    c->by_cost = ar_alloc_array((size_t)par->ants, sizeof(int32_t));
  }
  const int merges = aco_colony_merges(p, par);
  if (merges) {
    c->merged = ar_alloc_array(len, sizeof(int32_t));
    c->merge_work = ar_alloc(p->merge_bytes);
  }
  if (!c->tau || !c->choice || !c->best || !c->restart_best || !c->source ||
      (restarts && !c->first) || !c->ant || !c->ant_data ||
      (p->source_index_bytes > 0 && !c->source_index) ||
      (combines && (!c->combined || !c->combine_work || !c->by_cost)) ||
      (merges && (!c->merged || !c->merge_work))) {
    aco_colony_free(c);
    return ar_fail(AR_ERR_NOMEM,
                   "out of memory for colony %lld (%zu pheromone cells, %d ants of %zu values)",
                   (long long)colony, cells, par->ants, len);
  }
  for (int32_t a = 0; a < par->ants; a++) {
    c->ant[a].data = c->ant_data + (size_t)a * len;
    c->ant[a].cost = aco_cost_worst();
  }
  return AR_OK;
}

void aco_colony_free(aco_colony *c) {
  ar_free(c->tau);
  ar_free(c->best);
  ar_free(c->restart_best);
  ar_free(c->first);
  if (!c->in_pool) {
    ar_free(c->choice);
    ar_free(c->source);
    ar_free(c->source_index);
    ar_free(c->ant_data);
  }
  ar_free(c->ant);
  ar_free(c->combined);
  ar_free(c->combine_work);
  ar_free(c->by_cost);
  ar_free(c->merged);
  ar_free(c->merge_work);
  memset(c, 0, sizeof *c);
}

static void copy_solution(int32_t *dst, aco_cost *dst_cost, const aco_solution *src,
                          const aco_problem *p) {
  if (dst != src->data) memcpy(dst, src->data, (size_t)p->solution_len * sizeof(int32_t));
  *dst_cost = src->cost;
}

/* Whether the colony's best since its last restart is the fresh search's own (--fresh-merge,
 * after a restart): the colony's merge children do not replace it. */
static int keeps_own_best(const aco_colony *c, const aco_params *par) {
  return par->fresh_merge && c->s.restarts > 0;
}

/* Whether this update's ants merge into the fresh search's own best: once it has one (right
 * after the restart it has none: the worst cost) and while it is longer than the colony's (once
 * as good, it is the colony's). */
static int merges_fresh(const aco_colony *c, const aco_params *par) {
  const aco_cost worst = aco_cost_worst();
  return keeps_own_best(c, par) && aco_cost_compare(&c->s.restart_best_cost, &worst) != 0 &&
         aco_cost_compare(&c->s.restart_best_cost, &c->s.best_cost) > 0;
}

/* Every ant merged into *into (one of the colony's bests, with its cost), in ant order: a child
 * better than *into replaces it, and the next ants merge into that child. Without keep the child
 * stays in child's array (the colony's merge buffer); with keep it is copied into keep, the
 * array *into held, which a failed merge (it may have written child's array) never touches. */
static void merge_each(aco_colony *c, const aco_problem *p, const aco_params *par,
                       aco_solution *into, aco_solution *child, int32_t *keep) {
  for (int32_t a = 0; a < par->ants; a++) {
    if (!p->merge(p, into, &c->ant[a], c->merge_work, child)) continue;
    if (keep) {
      copy_solution(keep, &into->cost, child, p);
      into->data = keep;
    } else {
      *into = *child; /* merge reads its parents before it writes (problem.h) */
    }
  }
}

/* best (the colony's best or a child better than it) made the colony's best; and the best since
 * the last restart too when it is shorter, unless that is the fresh search's own (own_best). */
static void keep_best(aco_colony *c, const aco_problem *p, const aco_solution *best,
                      int64_t iteration, int own_best) {
  if (best->data == c->best) return; /* no child was better */
  copy_solution(c->best, &c->s.best_cost, best, p);
  c->s.best_iteration = iteration;
  if (!own_best && aco_cost_compare(&best->cost, &c->s.restart_best_cost) < 0) {
    copy_solution(c->restart_best, &c->s.restart_best_cost, best, p);
    c->s.restart_best_iteration = iteration;
  }
}

/* Every ant merged into the colony's best (problem.h: merge), in ant order: a child better than
 * the best replaces it, and the next ants merge into that child. After a restart, with
 * --fresh-merge, the fresh search keeps a best of its own: every ant is also merged into it, and
 * it into the colony's best, whose children it does not take. Merged into the stalled best alone,
 * the fresh search had only its iteration bests, or the stalled best's children: it stalled
 * again long before it got as deep as the stalled search had, or was pulled back into its trap,
 * and the next restart cut it off (nrw1379's seeds, docs/performance.md). The deposit stays the
 * iteration's: the children only raise the bests, so the source keeps wandering (depositing them
 * made the search greedier and fall into the deep traps of u2152 and fl3795 more often,
 * docs/performance.md). */
static void merge_ants(aco_colony *c, const aco_problem *p, const aco_params *par,
                       int64_t iteration) {
  const int own_best = keeps_own_best(c, par);
  aco_solution best = {c->s.best_cost, c->best};
  aco_solution child = {aco_cost_worst(), c->merged};
  merge_each(c, p, par, &best, &child, NULL);
  keep_best(c, p, &best, iteration, own_best);
  if (!merges_fresh(c, par)) return;
  aco_solution own = {c->s.restart_best_cost, c->restart_best};
  merge_each(c, p, par, &own, &child, c->restart_best);
  if (aco_cost_compare(&own.cost, &c->s.restart_best_cost) < 0) {
    c->s.restart_best_cost = own.cost;
    c->s.restart_best_iteration = iteration;
  }
  best = (aco_solution){c->s.best_cost, c->best};
  if (aco_cost_compare(&own.cost, &best.cost) < 0)
    best = own;
  else if (p->merge(p, &best, &own, c->merge_work, &child))
    best = child;
  keep_best(c, p, &best, iteration, own_best);
}

void aco_colony_start(aco_colony *c, const aco_problem *p, const aco_params *par,
                      const float *eta_beta, const aco_solution *init) {
  copy_solution(c->best, &c->s.best_cost, init, p);
  copy_solution(c->restart_best, &c->s.restart_best_cost, init, p);
  copy_solution(c->source, &c->s.source_cost, init, p);
  if (c->first) copy_solution(c->first, &c->first_cost, init, p);
  c->s.iterations = 0;
  c->s.best_iteration = -1;
  c->s.restart_iteration = 0;
  c->s.restart_best_iteration = 0;
  c->s.restarts = 0;
  if (par->algorithm == ACO_MMAS) {
    aco_mmas_bounds(c, p, par);
    aco_pheromone_fill(c, p, (float)c->s.tau_max);
  } else {
    /* ACS: tau0 = 1 / (rows * L), L the cost of a first solution. */
    c->s.tau_min = 1.0 / ((double)p->rows * init->cost.value);
    c->s.tau_max = c->s.tau_min;
    aco_pheromone_fill(c, p, (float)c->s.tau_min);
  }
  aco_colony_refresh(c, p, par, eta_beta);
}

void aco_colony_refresh(aco_colony *c, const aco_problem *p, const aco_params *par,
                        const float *eta_beta) {
  aco_pheromone_choice(c, p, par, eta_beta, 1);
  if (p->source_index && c->source_index) {
    aco_solution src = {c->s.source_cost, c->source};
    p->source_index(p, &src, c->source_index);
  }
}

void aco_colony_update_begin(aco_colony *c, const aco_problem *p, const aco_params *par,
                             int64_t iteration) {
  /* Iteration best: lowest cost, ties to the lowest ant index (never thread-dependent). */
  int32_t ib = 0;
  for (int32_t a = 1; a < par->ants; a++)
    if (aco_cost_compare(&c->ant[a].cost, &c->ant[ib].cost) < 0) ib = a;
  const aco_solution *combined = aco_colony_combines(p, par) ? combine_ants(c, p, par) : NULL;
  if (p->expand) { /* full solutions for whatever reads them (ACS: every ant's components) */
    aco_solution src = {c->s.source_cost, c->source};
    for (int32_t a = 0; a < par->ants; a++)
      if ((a == ib && !combined) || par->algorithm == ACO_ACS) p->expand(p, &src, &c->ant[a]);
  }
  const aco_solution *it_best = combined ? combined : &c->ant[ib];
  if (c->merge_work) merge_ants(c, p, par, iteration);
  if (aco_cost_compare(&it_best->cost, &c->s.restart_best_cost) < 0) {
    copy_solution(c->restart_best, &c->s.restart_best_cost, it_best, p);
    c->s.restart_best_iteration = iteration;
  }
  if (aco_cost_compare(&it_best->cost, &c->s.best_cost) < 0) {
    copy_solution(c->best, &c->s.best_cost, it_best, p);
    c->s.best_iteration = iteration;
  }
  if (par->algorithm == ACO_MMAS)
    aco_mmas_begin(c, p, par, it_best, iteration);
  else
    aco_acs_begin(c, p, par);
}

void aco_colony_update_cells(aco_colony *c, const aco_problem *p, const aco_params *par,
                             const float *eta_beta, size_t lo, size_t hi) {
  aco_pheromone_cells(c, p, par, eta_beta, c->cells_op, c->cells_value, lo, hi);
  if (aco_mmas_by_rows(p, par)) aco_mmas_deposit_rows(c, p, par, eta_beta, lo, hi);
}

int32_t aco_colony_index_parts(const aco_problem *p, const aco_params *par) {
  return aco_mmas_by_rows(p, par) ? p->index_parts : 0;
}

void aco_colony_update_index(aco_colony *c, const aco_problem *p, int32_t part, int32_t parts) {
  aco_mmas_index_part(c, p, part, parts);
}

void aco_colony_update_index_close(aco_colony *c, const aco_problem *p) {
  aco_mmas_index_close(c, p);
}

void aco_colony_update_end(aco_colony *c, const aco_problem *p, const aco_params *par,
                           const float *eta_beta, int64_t iteration) {
  if (par->algorithm == ACO_MMAS) {
    aco_mmas_end(c, p, par, eta_beta, iteration);
  } else if (p->source_index && c->source_index) {
    aco_solution src = {c->s.source_cost, c->source};
    p->source_index(p, &src, c->source_index);
  }
  c->s.iterations++;
}

int aco_colony_adopt(aco_colony *c, const aco_problem *p, const aco_params *par,
                     const float *eta_beta, const aco_solution *sol) {
  if (aco_cost_compare(&sol->cost, &c->s.best_cost) >= 0) return 0;
  copy_solution(c->best, &c->s.best_cost, sol, p);
  if (aco_cost_compare(&sol->cost, &c->s.restart_best_cost) < 0)
    copy_solution(c->restart_best, &c->s.restart_best_cost, sol, p);
  copy_solution(c->source, &c->s.source_cost, sol, p);
  if (par->algorithm == ACO_MMAS) aco_mmas_bounds(c, p, par);
  aco_colony_refresh(c, p, par, eta_beta);
  return 1;
}
