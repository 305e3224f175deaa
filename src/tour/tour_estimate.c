/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_estimate: the tour problem's memory before it is allocated (see tour_estimate.h). */
#include "tour_estimate.h"

#include "aco_estimate.h"
#include "tour_greedy.h"
#include "tour_initial.h"

void tour_problem_estimate(const tour_net *net, const tour_options *opt, int threads,
                           tour_estimate *out) {
  const uint64_t n = (uint64_t)(net->n > 0 ? net->n : 0);
  aco_problem shape;
  int32_t width = 0;
  tour_problem_shape(net, opt, &shape, &width);
  /* tour_net: x and y, or the n x n matrix; the known tour. */
  out->network = net->metric == TOUR_METRIC_EXPLICIT
                     ? aco_estimate_mul(aco_estimate_mul(n, n), sizeof(int32_t))
                     : aco_estimate_mul(2 * n, sizeof(double));
  if (net->known_tour) out->network = aco_estimate_add(out->network, n * sizeof(int32_t));
  /* tour_problem_create: nbr (int32) and nbr_dist (int64) of n x width, twice for ATSP. */
  uint64_t cells = aco_estimate_mul(n, (uint64_t)(width > 0 ? width : 0));
  out->candidates = aco_estimate_add(aco_estimate_block(aco_estimate_mul(cells, sizeof(int32_t))),
                                     aco_estimate_block(aco_estimate_mul(cells, sizeof(int64_t))));
  if (net->directed) out->candidates = aco_estimate_mul(out->candidates, 2);
  /* The penalised costs of the ants' local search: ls_dist (int64, n x width) and pi. */
  if (tour_penalised(net, opt))
    out->candidates = aco_estimate_add(
        out->candidates,
        aco_estimate_add(aco_estimate_block(aco_estimate_mul(cells, sizeof(int64_t))),
                         aco_estimate_block(n * sizeof(int64_t))));
  /* The greedy first tour (tour_greedy.c), once while the colonies start: its candidate edges
   * (16 bytes each) and per node a degree, two links, a parent and an end's slot (17 bytes),
   * and the grid over the ends (tour_grid.c: at most about 8 bytes per node). */
  if (tour_first_uses_greedy(net, opt))
    out->candidates = aco_estimate_add(
        out->candidates,
        aco_estimate_add(aco_estimate_mul(n, (uint64_t)TOUR_GREEDY_LIST * TOUR_GREEDY_EDGE_BYTES),
                         aco_estimate_mul(n, 25)));
  /* tour_scratch_create: pos, mark, queue, unvisited, where (int32), nlen (int64), queued; and
   * while the colonies start, tour_initial's sort keys (16 bytes a node) on each thread. */
  out->per_thread = aco_estimate_add(
      aco_estimate_add(aco_estimate_mul(5, aco_estimate_block(n * sizeof(int32_t))),
                       aco_estimate_block(n * sizeof(int64_t))),
      aco_estimate_add(aco_estimate_block(n), aco_estimate_block(sizeof(tour_scratch))));
  out->per_thread = aco_estimate_add(out->per_thread, aco_estimate_mul(n, 16));
  /* Ants on pieces (tour_pieces_alloc: a memo of n int32 and the pieces' own arrays); the first
   * tour's windows (a queued flag a node and a window's queue, on each thread). */
  if (tour_ants_in_pieces(opt, net->n))
    out->per_thread =
        aco_estimate_add(out->per_thread, aco_estimate_add(aco_estimate_block(n * sizeof(int32_t)),
                                                           (uint64_t)TOUR_PIECES_CAP * 64));
  if (!net->directed && net->n >= 2 * TOUR_WINDOW)
    out->per_thread =
        aco_estimate_add(out->per_thread, aco_estimate_add(aco_estimate_block(n),
                                                           aco_estimate_block(TOUR_WINDOW * 4)));
  out->scratch = aco_estimate_mul(out->per_thread, (uint64_t)(threads > 0 ? threads : 1));
  out->total = aco_estimate_add(aco_estimate_add(out->network, out->candidates), out->scratch);
}
