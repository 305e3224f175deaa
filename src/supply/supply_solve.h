/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_solve: a constructive heuristic and a local search for order routing, on supply_plan.
 *
 * Construction (supply_greedy): when plant capacity applies, the maximum flow of supply_bound
 * fixes how many orders of each class are served on each (plant, day); within a class the
 * cheapest orders are served. Orders are then placed one by one, in decreasing regret (the gap
 * between their best and second-best route by static cost), each on its best feasible route and
 * ship day given the orders already placed (lane totals included), within its class's flow when
 * there is one. An order that fits nowhere is unserved.
 *
 * Local search (supply_ls_run), repeated passes over the orders in index order:
 *   relocate  take one order out and put it back on its best option and day (or unserved);
 *   replace   serve an unserved order in place of a served one on a full (plant, day);
 *   swap      two served orders on full (plant, day)s trade places;
 *   lane      move every order of one lane-day to another lane or day at once (consolidation).
 * A move is kept only when the objective (supply_model.h, lexicographic) strictly improves, so
 * the number of unserved orders never grows under the default goal order. Everything is
 * deterministic: the same plan and parameters give the same result, whatever the thread.
 */
#ifndef AR_SUPPLY_SOLVE_H
#define AR_SUPPLY_SOLVE_H

#include "supply_bound.h"
#include "supply_plan.h"

/* Builds a complete plan into p (cleared first). flow may be NULL (no class quotas). AR_ERR_NOMEM.
 */
ar_status supply_greedy(supply_plan *p, const supply_flow *flow);

enum {
  ROUTE_LS_RELOCATE = 1u << 0,
  ROUTE_LS_REPLACE = 1u << 1,
  ROUTE_LS_SWAP = 1u << 2,
  ROUTE_LS_LANE = 1u << 3,
  ROUTE_LS_ALL = 0xfu
};

typedef struct {
  unsigned moves;    /* ROUTE_LS_* */
  int max_passes;    /* 0: until a pass improves nothing */
  double time_limit; /* seconds from the call (0: none; makes the result timing-dependent) */
} supply_ls_params;

typedef struct supply_ls supply_ls;

/* Scratch for local search on plans of scope sc (one per thread). AR_ERR_NOMEM. */
ar_status supply_ls_create(const supply_scope *sc, supply_ls **ls);
void supply_ls_free(supply_ls *ls);

/* Improves p in place; returns the number of improving moves made. */
int64_t supply_ls_run(supply_ls *ls, supply_plan *p, const supply_ls_params *par);

/* Local search limited to rows[0..nrows) (orders an ant just rebuilt): relocate moves on them
 * until none improves (at most max_passes passes), then, under plant capacity, replace moves for
 * those of them left unserved. Returns the number of improving moves. Allocates nothing. */
int64_t supply_ls_rows(supply_ls *ls, supply_plan *p, const int32_t *rows, int32_t nrows,
                       int max_passes);

/* Improves one order (relocate move); returns 1 if it moved. For use between constructions. */
int supply_ls_relocate(supply_plan *p, int32_t i);

#endif
