/* tour_initial: a colony's first tour, improved by the full local search.
 *
 * Coordinates: the order along a Hilbert curve over the bounding box (tour_curve.h; O(n log n),
 * about 25 % above optimal, and local search takes it from there). EXPLICIT weights: a
 * nearest-neighbour tour from a node drawn from the colony's stream. */
#include "tour_curve.h"
#include "tour_problem.h"

ar_status tour_initial(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out) {
  const tour_problem *tp = p->data;
  tour_scratch *s = scratch;
  if (tp->net->metric == TOUR_METRIC_EXPLICIT) {
    aco_ant_ctx nn = *ctx;
    nn.choice = NULL; /* pure nearest neighbour */
    nn.source = NULL;
    tour_construct(p, &nn, scratch, out);
  } else {
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
  }
  if (tp->opt.ls != TOUR_LS_NONE) tour_improve(p, ctx, scratch, out);
  return AR_OK;
}
