/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_plan: an order-routing plan with incremental totals, for the solvers.
 *
 * A scope is the part of the problem being solved: a set of orders (a month, or all), the ship
 * days they can use, the plant capacity left on each of those days, and the lane-day loads of
 * orders outside the scope that are already fixed (earlier months). It is read-only once built
 * and shared by every plan (one per thread or ant).
 *
 * A plan holds, per order of the scope, its option and ship day (or unserved, or absent = not
 * placed yet), and the aggregates that make a change cheap: orders per (plant, day), weight and
 * order count per (lane, day), the current cost of each lane-day, and for AIR lanes under the
 * lane-total band basis the sum of every band's charges max(M_b, R_b w) over the lane-day's
 * orders, so that the band the total falls in is priced in O(1). Adding or removing an order
 * costs O(bands of its lane); evaluating an addition costs O(log bands).
 *
 * Totals cover the scope's orders; tc is the transport cost the scope adds on top of the fixed
 * loads. Nothing here allocates after supply_plan_init(); nothing fails after it.
 */
#ifndef AR_SUPPLY_PLAN_H
#define AR_SUPPLY_PLAN_H

#include <stdint.h>

#include "supply_check.h"
#include "supply_model.h"

enum { ROUTE_UNSERVED = -1, ROUTE_ABSENT = -2 };

typedef struct {
  const supply_model *m;
  int32_t n;       /* orders in the scope */
  int32_t *orders; /* their network indices, ascending */
  int32_t day0, ndays;
  int32_t *pd_limit; /* [plants x ndays] orders a plan may still place (INT32_MAX: no limit) */
  /* Loads of fixed orders outside the scope, [lanes x ndays] and [n_eb x ndays] (see s_index). */
  double *base_w, *base_cost, *base_s;
  int32_t *base_n;
  int64_t *s_offset; /* [lanes]: start of lane L's band sums, nb(L) per day */
  int64_t n_s;
} supply_scope;

/* Builds a scope over orders[0..n) (network indices, ascending; NULL with n = net->n_orders: all
 * orders). fixed (may be NULL): the plan of the other orders, whose served entries load plants
 * and lanes (entries of the scope's own orders are ignored). AR_ERR_NOMEM. */
ar_status supply_scope_init(supply_scope *s, const supply_model *m, const int32_t *orders,
                            int32_t n, const supply_assign *fixed);
void supply_scope_free(supply_scope *s);

typedef struct {
  const supply_scope *sc;
  int32_t *opt; /* [n] option (0-based within the order), ROUTE_UNSERVED or ROUTE_ABSENT */
  int32_t *day; /* [n] ship day of served orders */
  int32_t *pd_count;
  double *ld_w, *ld_cost, *ld_s;
  int32_t *ld_n;
  supply_totals tot;
} supply_plan;

/* An empty plan over scope sc. AR_ERR_NOMEM. */
ar_status supply_plan_init(supply_plan *p, const supply_scope *sc);
void supply_plan_free(supply_plan *p);

/* Every order absent, loads back to the fixed ones. */
void supply_plan_clear(supply_plan *p);

/* Copies src into dst (same scope). */
void supply_plan_copy(supply_plan *dst, const supply_plan *src);

/* The change of totals if order i (scope index, absent) were placed on option o, day day. */
typedef struct {
  double wc, tc, time, co2;
} supply_delta;

/* Returns 1 and fills d when the placement is feasible (capacity, lane cap, strict band gap),
 * else 0. */
int supply_plan_eval_add(const supply_plan *p, int32_t i, int32_t o, int32_t day, supply_delta *d);

/* The same without the plant capacity test (for moves that free a place on that day first). */
int supply_plan_eval_add_uncapped(const supply_plan *p, int32_t i, int32_t o, int32_t day,
                                  supply_delta *d);

/* The change of totals if served order i were removed (made absent). */
void supply_plan_eval_remove(const supply_plan *p, int32_t i, supply_delta *d);

/* Places absent order i (the placement must be feasible, or capacity/caps are off). */
void supply_plan_add(supply_plan *p, int32_t i, int32_t o, int32_t day);

/* Makes a served or unserved order i absent again. */
void supply_plan_remove(supply_plan *p, int32_t i);

/* Marks absent order i unserved. */
void supply_plan_unserve(supply_plan *p, int32_t i);

/* Totals after a delta (unserved_change: -1, 0 or +1 orders). */
static inline supply_totals supply_totals_apply(supply_totals t, const supply_delta *d,
                                                int served_change) {
  t.wc += d->wc;
  t.tc += d->tc;
  t.time += d->time;
  t.co2 += d->co2;
  t.served += served_change;
  t.unserved -= served_change;
  return t;
}

/* Order i's network index, option count, and the network option index of its option o. */
static inline int32_t supply_plan_order(const supply_plan *p, int32_t i) {
  return p->sc->orders[i];
}
static inline int32_t supply_plan_noptions(const supply_plan *p, int32_t i) {
  const supply_model *m = p->sc->m;
  int32_t k = p->sc->orders[i];
  return (int32_t)(m->opt_start[k + 1] - m->opt_start[k]);
}

/* Why an unserved order is unserved, judged on the plan as it stands. */
typedef enum {
  ROUTE_REASON_SERVED = 0,
  ROUTE_REASON_NO_ROUTE = 1,  /* no route option at all (products, VMI, ports, lanes) */
  ROUTE_REASON_CAPACITY = 2,  /* every plant it may use is full on every day of its window */
  ROUTE_REASON_LANE_CAP = 3,  /* a plant has room, but every lane it could take is at its cap */
  ROUTE_REASON_NOT_CHOSEN = 4 /* it would fit, but the goals prefer leaving it out */
} supply_reason;
supply_reason supply_plan_unserved_reason(const supply_plan *p, int32_t i);
const char *supply_reason_name(supply_reason r);

/* Writes the scope's orders into a (network-wide; other entries untouched). Absent orders are
 * written unserved. */
void supply_plan_to_assign(const supply_plan *p, supply_assign *a);

/* Recomputes the plan's totals and feasibility from scratch (supply_check on the scope's orders
 * plus the fixed ones) and compares: AR_ERR_INTERNAL naming the first difference. fixed is the
 * assignment given to supply_scope_init (may be NULL). */
ar_status supply_plan_verify(const supply_plan *p, const supply_assign *fixed);

#endif
