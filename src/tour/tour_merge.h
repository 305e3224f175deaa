/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_merge: two tours merged by partition crossover (problem.h: merge).
 *
 * After Whitley's GPX: the edges the two tours do not share make a graph whose connected
 * components split the nodes; both tours cross between components only on shared edges. From
 * the shorter parent, the child takes the other's paths in a component where they are shorter
 * (most gain first) when the child stays one tour, checked by a walk over the components'
 * portals (GPX2's simplified graph: O(portals), not O(n)): GPX's own test (a component crossed
 * exactly twice) almost never held between an ant and the best, since a single 2-opt
 * difference is crossed four times. A component that fails alone is tried
 * once more together with one other differing component whose loss it outweighs. Never longer
 * than the shorter parent; deterministic. LKH merges each trial's tour into its best tour
 * (MergeWithTour), which halves its error at 10 s (docs/performance.md). */
#ifndef AR_TOUR_MERGE_H
#define AR_TOUR_MERGE_H

#include <stddef.h>
#include <stdint.h>

#include "problem.h"

/* Working memory of tour_merge on n nodes. */
size_t tour_merge_bytes(int32_t n);

/* problem.h: merge. Symmetric whole tours a and b; writes the child and its cost into out and
 * returns 1 when it is shorter than both parents, else 0 (out means nothing). */
int tour_merge(const aco_problem *p, const aco_solution *a, const aco_solution *b, void *work,
               aco_solution *out);

/* The test of the child's walk over portals against the walk of all its links, for the tests:
 * `trials` random choices (from `seed`) of the tour each component of a and b follows; returns
 * how many gave one tour, or -1 where the two walks disagreed. */
int32_t tour_merge_check_walks(const aco_problem *p, const aco_solution *a, const aco_solution *b,
                               void *work, uint64_t seed, int32_t trials);

#endif
