/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_assign: the assignment bound of a directed instance (tour_bound.h). */
#ifndef AR_TOUR_ASSIGN_H
#define AR_TOUR_ASSIGN_H

#include <stdint.h>

#include "ar_error.h"
#include "tour_net.h"

/* The assignment bound of a directed (EXPLICIT) instance: O(n^3) at worst, so tried only up to
 * TOUR_ASSIGN_MAX_N cities (Held-Karp alone beyond). */
enum { TOUR_ASSIGN_MAX_N = 5000 };
/* AR_ERR_NOMEM. */
ar_status tour_assign_bound(const tour_net *net, int64_t *value);

#endif
