/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_estimate: what the order-routing problem of one month will allocate on a rank, before
 * it allocates anything: the month's scope (plant and lane loads per ship day), its max-flow
 * bound (kept flows, and the graph while it is computed), and each thread's scratch (two plans,
 * the local search's slot lists and lane index, the rebuild arrays). The engine's part comes
 * from aco_engine_estimate() on supply_problem_shape(); the network and the model are already in
 * memory when a solve estimates. */
#ifndef AR_SUPPLY_ESTIMATE_H
#define AR_SUPPLY_ESTIMATE_H

#include <stdint.h>

#include "supply_model.h"

typedef struct {
  int32_t orders, days; /* the month's orders and the ship days their windows span */
  uint64_t scope;       /* the scope and the max-flow bound */
  uint64_t per_thread;  /* one thread's scratch */
  uint64_t scratch;     /* per_thread x threads */
  uint64_t total;
} supply_estimate;

/* The month of orders[0..n) (network indices of model m). */
void supply_problem_estimate(const supply_model *m, const int32_t *orders, int32_t n, int threads,
                             supply_estimate *out);

#endif
