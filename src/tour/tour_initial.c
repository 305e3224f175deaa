/* tour_initial: a colony's first tour, improved by the full local search.
 *
 * Coordinates: the order along a Hilbert curve over the bounding box (tour_curve.h; O(n log n),
 * about 25 % above optimal, and local search takes it from there), made once per rank and shared by
 * its colonies. EXPLICIT weights: a nearest-neighbour tour from a node drawn from the colony's
 * stream. */
#include <string.h>

#include "tour_curve.h"
#include "tour_problem.h"

/* The Hilbert order improved by the full local search, into out. */
static ar_status curve_tour(const aco_problem *p, aco_ant_ctx *ctx, tour_scratch *s,
                            aco_solution *out) {
  const tour_problem *tp = p->data;
  ar_status st = tour_hilbert_order(tp->net, out->data);
  if (st != AR_OK) return st;
  while (s->qcount > 0) { /* an empty work list, then every node on it */
    s->queued[s->queue[s->qhead]] = 0;
    s->qhead = s->qhead + 1 == s->n ? 0 : s->qhead + 1;
    s->qcount--;
  }
  s->qhead = 0;
  tour_ls_prepare(tp, s, out->data);
  for (int32_t i = 0; i < tp->n; i++)
    tour_ls_push(s, out->data[i]);
  int64_t len = tour_length(tp->net, out->data);
  out->cost.key[0] = (double)len;
  for (int c = 1; c < ACO_COST_KEYS; c++)
    out->cost.key[c] = 0.0;
  out->cost.value = (double)len;
  (void)ctx;
  if (tp->opt.ls != TOUR_LS_NONE) {
    out->cost.key[0] += (double)tour_ls_run(tp, s, out->data, tp->opt.ls == TOUR_LS_FULL);
    out->cost.value = out->cost.key[0];
  }
  return AR_OK;
}

ar_status tour_initial(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out) {
  tour_problem *tp = p->data;
  if (tp->net->metric == TOUR_METRIC_EXPLICIT) {
    aco_ant_ctx nn = *ctx;
    nn.choice = NULL; /* pure nearest neighbour */
    nn.source = NULL;
    tour_construct(p, &nn, scratch, out);
    if (tp->opt.ls != TOUR_LS_NONE) tour_improve(p, ctx, scratch, out);
    return AR_OK;
  }
  /* The curve tour does not depend on the colony: the first colony to get here makes it (the
   * others wait: they would only compute the same), every colony copies it. */
  ar_status st = AR_OK;
#pragma omp critical(tour_initial_start)
  if (!tp->start_ready) {
    aco_solution first = {aco_cost_worst(), tp->start};
    st = curve_tour(p, ctx, scratch, &first);
    tp->start_cost = first.cost;
    tp->start_ready = st == AR_OK;
  }
  if (st != AR_OK) return st;
  if (!tp->start_ready)
    return ar_fail(AR_ERR_INTERNAL, "the first tour of %s failed in another thread", tp->net->name);
  memcpy(out->data, tp->start, (size_t)tp->n * sizeof(int32_t));
  out->cost = tp->start_cost;
  return AR_OK;
}
