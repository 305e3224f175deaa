/* SPDX-License-Identifier: BSD-3-Clause */
/* import_bound: the proven lower bound that the tour importers store in the network file
 * (/tour/lower_bound, docs/bounds.md), and their `--no-bound` option.
 *
 * It is computed by default: it costs a small share of any useful search (under 10 % of a 60 s
 * run up to 20,000 nodes, under 2 minutes for 85,900), once per network, and it is the same on
 * every machine. `--no-bound` skips it for inputs so large that even that is too long; `solve`
 * then computes it itself when it needs one.
 */
#ifndef AR_IMPORT_BOUND_H
#define AR_IMPORT_BOUND_H

#include <stddef.h>

#include "ar_error.h"
#include "param.h"
#include "tour_net.h"

#define IMPORT_BOUND_PARAM                                                                         \
  {                                                                                                \
    "no-bound", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,                                             \
        "do not compute the proven lower bound on the tour length (Held-Karp; see "                \
        "docs/bounds.md)",                                                                         \
        0                                                                                          \
  }

/* Fills t->lower unless ps has --no-bound. Runs on the calling rank with its OpenMP threads.
 * AR_ERR_NOMEM. */
ar_status import_bound_compute(const param_set *ps, tour_net *t);

/* ", lower bound 50490 (held-karp, 0.8 s)", or "" when t has none. */
void import_bound_describe(const tour_net *t, char *buf, size_t cap);

#endif
