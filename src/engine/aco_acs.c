/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_acs: the Ant Colony System trail update (Dorigo and Gambardella 1997).
 *
 * ACS's local update normally happens while ants walk, which would make the result depend on
 * the order in which threads run. Here it is applied after all ants of the iteration finished,
 * ant by ant in index order, to every component of each ant's solution: the same amount of
 * evaporation towards tau0, in an order that never depends on threads. Then the global update
 * reinforces the colony's best solution, which the next ants modify. All of it is in the update's
 * begin step (aco_colony.h); its cells step only recomputes choice. */
#include "aco_acs.h"

#include <string.h>

typedef struct {
  float *tau;
  int32_t options;
  float keep, add;
} blend_arg;

static void blend_one(int32_t row, int32_t option, void *arg) {
  blend_arg *b = arg;
  float *t = &b->tau[(size_t)row * b->options + option];
  *t = *t * b->keep + b->add;
}

void aco_acs_begin(aco_colony *c, const aco_problem *p, const aco_params *par) {
  blend_arg local = {c->tau, p->options, (float)(1.0 - par->xi), (float)(par->xi * c->s.tau_min)};
  for (int32_t a = 0; a < par->ants; a++)
    p->components(p, &c->ant[a], blend_one, &local);
  aco_solution best = {c->s.best_cost, c->best};
  blend_arg global = {c->tau, p->options, (float)(1.0 - par->rho),
                      (float)(par->rho / c->s.best_cost.value)};
  p->components(p, &best, blend_one, &global);
  memcpy(c->source, c->best, (size_t)p->solution_len * sizeof(int32_t));
  c->s.source_cost = c->s.best_cost;
  /* The cells step recomputes choice from the blended trails; end rebuilds the source index. */
  c->cells_op = ACO_CELLS_KEEP;
  c->cells_value = 0.0f;
}
