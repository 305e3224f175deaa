/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_quadrant: quadrant neighbours in the candidate lists, so that lists of 2-D points reach
 * out of their cluster (a node at a cluster's edge has nothing near on one side). */
#ifndef AR_TOUR_QUADRANT_H
#define AR_TOUR_QUADRANT_H

#include <stdint.h>

#include "ar_error.h"
#include "tour_bound_options.h"
#include "tour_net.h"

/* Puts each node's `quadrant` nearest neighbours per quadrant (tour_hk.h: hk_quadrant_planar)
 * into the first `first` entries of its list built by tour_candidates_build (nearest first among
 * those entries; its nearest neighbours fill the rest, so the last ones may drop out). Only
 * for symmetric 2-D coordinates (else nothing changes). AR_ERR_NOMEM. */
/* On 100,000+ nodes the queries report their progress to work(work_arg, ...) (tour_work.h; NULL:
 * none; the same lists). */
ar_status tour_candidates_quadrant(const tour_net *net, int32_t width, int32_t first,
                                   int32_t quadrant, int32_t *nbr, int64_t *dist, tour_work_fn work,
                                   void *work_arg);

#endif
