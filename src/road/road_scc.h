/* SPDX-License-Identifier: BSD-3-Clause */
/* road_scc: strongly connected components of a road graph (Tarjan's algorithm, iterative: an
 * explicit stack instead of recursion, so 10,000,000-node networks need no deep call stack).
 *
 * A route can only use the largest strongly connected component: from any of its nodes every
 * other is reachable and back. Importers keep it and drop the rest (dead ends behind one-way
 * streets, islands, pieces cut off at the extract's border).
 * Failures: AR_ERR_NOMEM.
 */
#ifndef AR_ROAD_SCC_H
#define AR_ROAD_SCC_H

#include <stdint.h>

#include "ar_error.h"
#include "road_graph.h"

/* comp[u] (caller's array [g->n]) = the component of node u, numbered 0.. in the order Tarjan's
 * algorithm completes them; *ncomp = their number. AR_ERR_NOMEM. */
ar_status road_scc(const road_graph *g, int32_t *comp, int32_t *ncomp);

/* keep[u] (caller's array [g->n]) = 1 for the nodes of the largest component (ties: the one
 * completed first), else 0; *kept = its size. An empty graph keeps nothing. AR_ERR_NOMEM. */
ar_status road_scc_largest(const road_graph *g, uint8_t *keep, int32_t *kept);

#endif
