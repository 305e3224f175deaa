/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_estimate: what the tour problem will allocate on a rank, before it allocates anything:
 * the instance itself (coordinates or the weight matrix, the known tour), the neighbour lists
 * (out-neighbours, and in-neighbours for ATSP) and each thread's scratch. The engine's part
 * comes from aco_engine_estimate() on tour_problem_shape(). */
#ifndef AR_TOUR_ESTIMATE_H
#define AR_TOUR_ESTIMATE_H

#include <stdint.h>

#include "tour_net.h"
#include "tour_problem.h"

typedef struct {
  uint64_t network;    /* the instance as read */
  uint64_t candidates; /* neighbour lists */
  uint64_t per_thread; /* one thread's scratch */
  uint64_t scratch;    /* per_thread x threads */
  uint64_t total;
} tour_estimate;

void tour_problem_estimate(const tour_net *net, const tour_options *opt, int threads,
                           tour_estimate *out);

#endif
