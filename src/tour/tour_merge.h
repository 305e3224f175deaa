/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_merge: two tours merged by partition crossover (problem.h: merge).
 *
 * Whitley's GPX: the edges the two tours do not share make a graph whose connected components
 * split the nodes; both tours cross between components only on shared edges. A component that
 * both tours enter and leave exactly once (two shared edges cross its border) is a path with the
 * same two ends in each, so either tour's path may be taken there on its own. The child takes
 * the shorter path in every such component and, in all the others together, the parts of the
 * tour that is shorter there: never longer than the shorter parent. O(n), deterministic. LKH
 * merges each trial's local optimum into its best tour this way (MergeWithTour), which halves
 * its error at 10 s (docs/performance.md). */
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

#endif
