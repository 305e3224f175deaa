/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_check: a plan's costs and constraint violations, recomputed from scratch.
 *
 * This is the one from-scratch evaluator: `antroute evaluate` runs it on any plan (a CSV file or
 * the historical routing), and the solvers run it on the plan they are about to write, so that
 * what is written has been checked independently of the search's incremental bookkeeping.
 *
 * A plan (supply_assign) gives, per order of the network, whether it is served and if so its
 * plant, origin port, lane (-1: none; always -1 for CRF orders under the default reading) and ship
 * day. Nothing in it needs to be feasible: every broken constraint is reported as a violation.
 * Costs follow supply_model.h and docs/model.md; lane-day totals are summed in order-index order.
 */
#ifndef AR_SUPPLY_CHECK_H
#define AR_SUPPLY_CHECK_H

#include <stdint.h>

#include "supply_model.h"

typedef struct {
  int32_t n;      /* net->n_orders */
  int8_t *served; /* 1 served, 0 unserved */
  int32_t *plant; /* plant index (served orders) */
  int32_t *port;  /* origin port index */
  int32_t *lane;  /* lane index or -1 */
  int32_t *day;   /* ship day, days since 1970-01-01 */
  long *line;     /* the plan file's line of each order, or NULL (messages only) */
} supply_assign;

/* Allocates the arrays of a for n orders (zeroed; line left NULL). AR_ERR_NOMEM. */
ar_status supply_assign_alloc(supply_assign *a, int32_t n);
void supply_assign_free(supply_assign *a);

/* The historical routing of the network (OrderList): plant, port, lane (hist_lane; none for CRF)
 * and the order date as ship day, every order served. AR_ERR_NOMEM. */
ar_status supply_assign_historical(const supply_net *net, supply_assign *a);

typedef enum {
  ROUTE_V_CAPACITY = 0, /* plant, day: value orders > limit */
  ROUTE_V_LANE_CAP,     /* lane, day: value kg > limit */
  ROUTE_V_BAND_GAP,     /* lane, day: value kg lies in no band (band_gap = strict) */
  ROUTE_V_PRODUCT,      /* order: its plant does not stock its product */
  ROUTE_V_VMI,          /* order: its plant is VMI-listed and the customer is not on its list */
  ROUTE_V_PORT,         /* order: the port is not one of the plant's ports */
  ROUTE_V_NO_LANE,      /* order: a non-CRF order served without a lane */
  ROUTE_V_LANE_ROUTE,   /* order: the lane does not start at the port or end at the order's port */
  ROUTE_V_SERVICE,      /* order: the lane's service level does not match the order's */
  ROUTE_V_TPT,          /* order: the lane is slower than the order's historical TPT (tpt_limit) */
  ROUTE_V_DAY,          /* order: ship day outside its window */
  ROUTE_V_KINDS
} supply_violation_kind;

typedef struct {
  supply_violation_kind kind;
  int32_t order, plant, lane, day; /* -1 where not relevant */
  double value, limit;
} supply_violation;

typedef struct {
  supply_totals tot;
  /* Per order (optional: allocated when want_parts was set): cost parts, 0 when unserved. */
  double *order_wc, *order_tc, *order_time, *order_co2;
  supply_violation *v;
  int64_t nv, cap_v;
  int64_t count[ROUTE_V_KINDS];
} supply_check_result;

/* Recomputes everything for plan a. want_parts: also fill the per-order arrays. Fails only
 * with AR_ERR_NOMEM. Violations are listed capacity first (by plant, day), then lanes (by lane,
 * day), then orders (in order index order). */
ar_status supply_check(const supply_model *m, const supply_assign *a, int want_parts,
                       supply_check_result *r);
void supply_check_free(supply_check_result *r);

/* Total number of violations. */
static inline int64_t supply_check_violations(const supply_check_result *r) { return r->nv; }

/* One line describing a violation, e.g.
 *   "plant capacity: PLANT03 on 2013-05-26: 8541 orders > capacity 1013"
 *   "lane weight cap: V444_0/PORT04/DTP/AIR/2 (to PORT09) on 2013-05-26: 110100.00 kg > cap
 *    99999.99 kg"
 *   "product: order 1447296447 (line 2): PLANT03 does not stock product 1700106" */
void supply_violation_format(const supply_model *m, const supply_assign *a,
                             const supply_violation *v, char *buf, unsigned long cap);

/* A short name of a violation kind ("plant capacity", "lane weight cap", ...). */
const char *supply_violation_kind_name(supply_violation_kind kind);

#endif
