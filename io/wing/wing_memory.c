/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_memory: the parts of the memory estimate (see wing_memory.h). */
#include "wing_memory.h"

#include <stdarg.h>
#include <stdio.h>

#include "aco_estimate.h"
#include "ar_memory.h"

void wing_memory_add(wing_memory_parts *m, uint64_t bytes, const char *advice, const char *fmt,
                     ...) {
  if (m->n == WING_MEMORY_PARTS || bytes == 0) return;
  wing_memory_part *p = &m->p[m->n++];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->what, sizeof p->what, fmt, ap);
  va_end(ap);
  p->bytes = bytes;
  snprintf(p->advice, sizeof p->advice, "%s", advice);
}

void wing_memory_add_engine(wing_memory_parts *m, const aco_problem *shape, const aco_params *par,
                            int ranks, int rank) {
  aco_estimate e;
  aco_engine_estimate(shape, par, ranks, rank, &e);
  char each[32], pher[32], ants[32];
  ar_memory_format(e.per_colony, each, sizeof each);
  ar_memory_format(e.pheromone, pher, sizeof pher);
  ar_memory_format(e.ants, ants, sizeof ants);
  wing_memory_add(m, e.colonies,
                  e.pheromone >= e.ants
                      ? "lower --colonies (or spread them over more ranks or nodes)"
                      : "lower --ants or --colonies",
                  "%d colon%s x %s (pheromone %s, ants %s)", (int)e.local_colonies,
                  e.local_colonies == 1 ? "y" : "ies", each, pher, ants);
  wing_memory_add(m, e.records,
                  par->iterations > 0
                      ? "raise --epoch-iterations (fewer epochs recorded) or lower --colonies"
                      : "lower --colonies",
                  "records of %lld epochs", (long long)e.epochs);
  wing_memory_add(m, e.shared, "lower --candidates", "heuristic and best");
}

uint64_t wing_memory_total(const wing_memory_parts *m) {
  uint64_t t = 0;
  for (int i = 0; i < m->n; i++)
    t = aco_estimate_add(t, m->p[i].bytes);
  return t;
}
