/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_candidates: the candidate lists of the tour problem: each node's nearest neighbours. */
#ifndef AR_TOUR_CANDIDATES_H
#define AR_TOUR_CANDIDATES_H

#include <stdint.h>

#include "ar_error.h"
#include "tour_bound_options.h"
#include "tour_net.h"

/* Each node's `width` nearest out-neighbours (nearest first, ties: lower index) into nbr and their
 * distances into dist, [n][width]; tour_candidates_build_in: the nearest in-neighbours (ATSP).
 * A grid for coordinates (O(n) memory), the matrix for EXPLICIT weights. On 100,000+ nodes with
 * coordinates the out-lists report their progress as the step `step` to work(work_arg, ...)
 * (tour_work.h; work NULL: none; the same lists). AR_ERR_NOMEM. */
ar_status tour_candidates_build(const tour_net *net, int32_t width, int32_t *nbr, int64_t *dist,
                                const char *step, tour_work_fn work, void *work_arg);
ar_status tour_candidates_build_in(const tour_net *net, int32_t width, int32_t *nbr, int64_t *dist);

#endif
