/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_recommend: layouts (ranks per node x threads per rank) worth running on a node, best
 * first, each with the reason.
 *
 * Rules (docs/parallel.md, "Binding and the advisor"):
 * 1. Candidates keep every hardware thread busy (ranks x threads = PUs of the node) with the same
 *    number of ranks on every package and no rank spanning two packages: the threads per rank
 *    divide the hardware threads of a package.
 * 2. They are ordered by their distance to `prefer_threads` threads per rank (3 by default: the
 *    seed work measured 64x3 best on a 4 x 24 x 2 node, ahead of 96x2, 32x6 and 192x1: few
 *    threads per rank keep each rank's serial epoch end short, while fewer ranks than PUs keep
 *    MPI memory and the epoch-end allreduce small); ties go to fewer threads per rank.
 * 3. On an SMT node, one layout with one thread per core (SMT unused) follows as an alternative
 *    for memory-bound runs (for instance 32x3 bound to cores on 4 x 24 x 2).
 * The function is pure arithmetic on the shape; it cannot fail.
 */
#ifndef AR_TOPO_RECOMMEND_H
#define AR_TOPO_RECOMMEND_H

#include "topo_plan.h"
#include "topo_shape.h"

enum { TOPO_PREFER_THREADS_DEFAULT = 3, TOPO_MAX_CANDIDATES = 8 };

typedef struct {
  topo_layout layout; /* nodes as asked, cpus_per_rank 0 */
  int all_pus_busy;   /* 1: every hardware thread busy; 0: one thread per core (SMT unused) */
  char reason[512];   /* one or two sentences */
} topo_candidate;

/* Writes up to max candidates for `nodes` nodes of this shape into out, best first, and returns
 * how many (at least 1 for any valid shape). prefer_threads < 1 means the default. */
int topo_recommend(const topo_shape *shape, int nodes, int prefer_threads, topo_candidate *out,
                   int max);

#endif
