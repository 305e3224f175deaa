/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_curve: the nodes of a coordinate instance in the order of a Hilbert curve over their
 * bounding box (a 2^16 x 2^16 grid; ties by index), O(n log n). Close nodes come close in the
 * order: a colony's first tour (tour_initial.c) and the numbering that keeps the lower bound's
 * graph local in memory (tour_bound.c). */
#ifndef AR_TOUR_CURVE_H
#define AR_TOUR_CURVE_H

#include <stdint.h>

#include "ar_error.h"
#include "tour_net.h"

/* order[0..n) = the nodes along the curve. AR_ERR_NOMEM. */
ar_status tour_hilbert_order(const tour_net *net, int32_t *order);

#endif
