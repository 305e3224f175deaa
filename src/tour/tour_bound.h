/* tour_bound: a proven lower bound on the length of every tour of an instance (docs/bounds.md).
 *
 * Symmetric instances: the Held-Karp bound, max over node penalties pi of the minimum 1-tree
 * under d(i, j) + pi_i + pi_j minus 2 sum pi, found by LKH's subgradient ascent on a sparse graph
 * (nearest neighbours plus every minimum spanning tree edge met so far), with memory
 * O(n x candidates). The value reported is always recomputed on the complete graph (an exact
 * minimum spanning tree: Boruvka on a k-d tree for 2-D coordinates, Prim on the matrix otherwise),
 * in integers, so it is a bound whatever the sparse graph missed.
 *
 * Directed (ATSP) instances: the larger of the assignment bound (Hungarian method on the whole
 * matrix, dual checked) and the Held-Karp bound of the symmetric 2n-node transformation of
 * Jonker and Volgenant (the way LKH treats ATSP).
 *
 * The result depends only on the instance and the options, never on threads or timing (no
 * wall-clock limit), so a bound stored in a network file is the same on every machine.
 */
#ifndef AR_TOUR_BOUND_H
#define AR_TOUR_BOUND_H

#include <stdint.h>

#include "ar_error.h"
#include "tour_net.h"

typedef struct {
  int32_t candidates;     /* nearest neighbours per node in the sparse graph (0: default) */
  int32_t quadrant;       /* 2-D coordinates: also the nearest this many in each quadrant (-1:
                             default) */
  int32_t initial_period; /* ascent steps of the first period (0: tour_bound_period()) */
  int64_t max_steps;      /* cap on all ascent steps (0: no cap beyond the schedule's own end) */
} tour_bound_options;

/* The defaults (docs/bounds.md says how they were chosen). */
tour_bound_options tour_bound_options_default(void);

/* The first period of the ascent for a graph of n nodes: 1,000 steps up to 2,000 nodes (small
 * clustered instances such as d198 need that many), then 2 x 10^6 / n, at least 100: a step costs
 * O(n log n), and uniform instances beyond a few thousand nodes gain less than 0.02 % from longer
 * periods (docs/bounds.md). */
int32_t tour_bound_period(int32_t n);

/* Computes the bound of net. out->value is a valid lower bound on every tour; out->method names
 * how it was obtained (TOUR_BOUND_METHOD_*), out->ascent_steps the 1-trees computed on the sparse
 * graph, out->seconds the wall time (informative only). Fails with AR_ERR_NOMEM, AR_ERR_USAGE for
 * impossible options, or AR_ERR_STOPPED when a stop signal arrived (ar_signal.h: looked at before
 * every ascent step). */
ar_status tour_bound_compute(const tour_net *net, const tour_bound_options *opt,
                             tour_lower_bound *out);

#define TOUR_BOUND_METHOD_HELD_KARP  "held-karp"
#define TOUR_BOUND_METHOD_ASSIGNMENT "assignment"
#define TOUR_BOUND_METHOD_HK_ATSP    "held-karp-atsp"

/* --- Internals shared by tour_bound.c, tour_hk_*.c and tour_assign.c ---------------------------
 */

/* The Held-Karp ascent on net (symmetric) or on its 2n-node transformation (directed); sets
 * value, ascent_steps, sparse_edges and exact_checks of out. */
ar_status tour_hk_bound(const tour_net *net, const tour_bound_options *opt, tour_lower_bound *out);

/* The assignment bound of a directed (EXPLICIT) instance: O(n^3) at worst, so tried only up to
 * TOUR_ASSIGN_MAX_N cities (Held-Karp alone beyond). */
enum { TOUR_ASSIGN_MAX_N = 5000 };
ar_status tour_assign_bound(const tour_net *net, int64_t *value);

#endif
