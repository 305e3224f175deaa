/* SPDX-License-Identifier: BSD-3-Clause */
/* topo_colonies: colony counts that suit a layout (antroute advise --colonies).
 *
 * solve splits --colonies C into contiguous blocks over the R ranks of the job, and the ranks
 * meet at every epoch end: a rank whose block is one colony bigger works longer, and the others
 * wait for it (bsp_log.h records what that costs in /bsp). Inside a rank the threads share the
 * ants of all its colonies (src/engine/aco_segment.h): with one colony per rank, every iteration
 * ends with the threads waiting for the colony's last ant; with two or more, they go on with
 * another colony's ants.
 *
 * Findings (severity, kind in topo_judge.h):
 * - too few colonies (error, TOPO_FINDING_COLONIES_FEW): C < R; solve refuses it.
 * - uneven blocks (warning, TOPO_FINDING_COLONIES_UNEVEN): R does not divide C; says how much
 *   of the ranks' time the blocks leave idle and the nearest multiples of R.
 * - one colony per rank (note, TOPO_FINDING_COLONY_PER_RANK): C = R with T >= 2 threads.
 * Cannot fail.
 */
#ifndef AR_TOPO_COLONIES_H
#define AR_TOPO_COLONIES_H

#include "topo_judge.h"

/* The colony count advise recommends for `ranks` ranks (all nodes) of `threads` threads: one
 * colony per rank with one thread, two per rank with more (ranks, threads >= 1). */
long long topo_colonies_recommend(long long ranks, int threads);

/* Appends the findings on `colonies` colonies over `ranks` ranks of `threads` threads. */
void topo_colonies_judge(long long ranks, int threads, long long colonies, topo_findings *out);

/* The share of the ranks' compute time that the colony blocks alone leave idle at epoch ends:
 * 1 - (C / R) / ceil(C / R), 0 when R divides C. */
double topo_colonies_idle_share(long long ranks, long long colonies);

#endif
