/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_combine: the improving ants of an iteration applied together (problem.h: combine).
 *
 * Each ant changes its source tour in a few places (on large instances as pieces, tour_pieces.h),
 * and several of an iteration's ants may make it shorter, each in another place; the iteration
 * best alone would keep one of those changes. An ant's change is the set of source edges it cuts
 * and the edges it adds instead: read from its pieces, or for a whole ant (an array tour) by one
 * O(n) pass over its edges. Starting from
 * the iteration best, every other improving ant (by cost, then index) whose change touches none
 * of the nodes already changed joins when the cuts and added edges together still form one tour
 * (a walk over the source's segments between the cuts, O(cuts log cuts)); the lengths add up
 * exactly, since no edge is cut or added twice. Deterministic: it depends on the ants only. */
#ifndef AR_TOUR_COMBINE_H
#define AR_TOUR_COMBINE_H

#include <stddef.h>
#include <stdint.h>

#include "problem.h"

/* Cut source edges the combination may hold in all (ants beyond it are left out). */
enum { TOUR_COMBINE_CUTS = 8192 };

/* Working memory of tour_combine on n nodes, per colony (arrays up to TOUR_COMBINE_CUTS and
 * TOUR_PIECES_CAP entries, fewer on smaller instances). */
size_t tour_combine_bytes(int32_t n);

/* problem.h: combine. Ants in compact form (pieces) and whole ants alike; returns how many ants
 * the combination in out holds (< 2: out means nothing). */
int32_t tour_combine(const aco_problem *p, const aco_solution *source, const void *source_index,
                     const aco_solution *ants, const int32_t *order, int32_t count, void *work,
                     aco_solution *out);

#endif
