/* SPDX-License-Identifier: BSD-3-Clause */
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

#include "ar_error.h"
#include "tour_bound_options.h"
#include "tour_net.h"

/* The defaults (docs/bounds.md says how they were chosen). */
tour_bound_options tour_bound_options_default(void);

/* Computes the bound of net. out->value is a valid lower bound on every tour; out->method names
 * how it was obtained (TOUR_BOUND_METHOD_*), out->ascent_steps the 1-trees computed on the sparse
 * graph, out->seconds the wall time (informative only). Fails with AR_ERR_NOMEM, AR_ERR_USAGE for
 * impossible options, or AR_ERR_STOPPED when a stop signal arrived (ar_signal.h: looked at before
 * every ascent step). */
ar_status tour_bound_compute(const tour_net *net, const tour_bound_options *opt,
                             tour_lower_bound *out);

/* A copy of a coordinate instance with its nodes in Hilbert-curve order (neighbours close in
 * memory make 1-trees faster); order[k] (n values, may be NULL) is the original node of the
 * copy's node k. AR_ERR_NOMEM. */
ar_status tour_bound_spatial_copy(const tour_net *net, tour_net *copy, int32_t *order);

#endif
