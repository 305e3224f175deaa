/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_model: the order-routing model on a supply-chain network (DESIGN.md 2.2, docs/model.md).
 *
 * A route for order k is (plant, origin port, lane) — for CRF orders (plant, port) and no lane —
 * and a ship day inside the order's window [date - ship_ahead, date + ship_late]. The route
 * options of every order are enumerated once, from the compatibility tables, under the readings
 * chosen in a supply_config (which rows of the rate table count, how the band is chosen, which
 * service levels match, whether VMI and capacities apply, ...). Every reading is documented in
 * docs/model.md; the defaults are those of OBJECTIVE.md.
 *
 * Costs per served order k on route (i, p, L) shipped on day d:
 *   warehouse  WC_k = units_k x cost_per_unit[i]
 *   transport  TC: per (lane, day): GROUND costs the truck rate R once if it carries any order,
 *              shared by weight; AIR costs sum_k max(M_b, R_b w_k), b the band of the lane-day's
 *              total weight (or of w_k alone, band_basis = order). CRF: 0.
 *   time       tpt_L x w_k (days x kg; CRF: 0)
 *   co2        factor[mode(L)] (kg CO2e per tonne-km) x w_k / 1000 x distance proxy (km)
 * An unserved order costs cfg.penalty (USD), added to the cost goal.
 *
 * Nothing here fails except for allocation (AR_ERR_NOMEM) and a config that does not fit the
 * network (AR_ERR_USAGE), each with a message.
 */
#ifndef AR_SUPPLY_MODEL_H
#define AR_SUPPLY_MODEL_H

#include <stdint.h>

#include "ar_error.h"
#include "supply_net.h"

/* Readings of the ambiguities of OBJECTIVE.md (first value = default). */
typedef enum { ROUTE_BAND_BY_LANE = 0, ROUTE_BAND_BY_ORDER } supply_band_basis;
typedef enum {
  ROUTE_DUP_FIRST = 0,
  ROUTE_DUP_LAST,
  ROUTE_DUP_MIN,
  ROUTE_DUP_MAX,
  ROUTE_DUP_MEAN
} supply_dup_rows;
typedef enum { ROUTE_GAP_FLOOR = 0, ROUTE_GAP_CEIL, ROUTE_GAP_STRICT } supply_band_gap;
typedef enum {
  ROUTE_MINCOST_BAND = 0,
  ROUTE_MINCOST_LANE_MIN,
  ROUTE_MINCOST_LANE_MAX
} supply_min_cost;
typedef enum {
  ROUTE_SERVICE_EXACT = 0,
  ROUTE_SERVICE_DTD_FOR_DTP,
  ROUTE_SERVICE_ANY
} supply_service_match;

/* Goals: the objective is a lexicographic vector of up to ROUTE_KEYS_MAX of these. */
typedef enum {
  ROUTE_GOAL_UNSERVED = 0, /* number of unserved orders */
  ROUTE_GOAL_COST,         /* WC + TC + penalty x unserved (USD) */
  ROUTE_GOAL_TIME,         /* sum of transit days x kg */
  ROUTE_GOAL_CO2,          /* kg CO2e */
  ROUTE_GOAL_WEIGHTED,     /* w_cost x cost + w_time x time + w_co2 x co2 */
  ROUTE_GOAL_COUNT
} supply_goal;
enum { ROUTE_KEYS_MAX = 4 };

typedef struct {
  supply_band_basis band_basis;
  supply_dup_rows dup_rows;
  supply_band_gap band_gap;
  supply_min_cost min_cost;
  int ground_min_charge; /* 1: a ground lane-day costs max(Min_Cost, Rate) */
  supply_service_match service_match;
  int vmi;           /* 1: a VMI-listed plant serves only its listed customers; 0: no VMI rule */
  int tpt_limit;     /* 1: lane TPT <= the order's historical TPT */
  int capacity;      /* 1: orders per plant per ship day <= Daily_Capacity; 0: ignored */
  int lane_caps;     /* 1: lane-day weight <= the lane's largest Max_Weight_Quant */
  int ship_window;   /* 1: any day of [date - ahead, date + late]; 0: the order date only */
  double penalty;    /* USD per unserved order */
  double co2_air;    /* kg CO2e per tonne-km */
  double co2_ground; /* kg CO2e per tonne-km */
  double co2_km;     /* distance proxy of every lane, km */
  int n_keys;        /* goals compared lexicographically, key[0] first */
  supply_goal key[ROUTE_KEYS_MAX];
  double weight_cost, weight_time, weight_co2; /* for ROUTE_GOAL_WEIGHTED */
} supply_config;

/* The defaults of docs/model.md. */
void supply_config_default(supply_config *cfg);

/* Totals of a plan (or of part of one). */
typedef struct {
  int64_t served, unserved;
  double wc, tc, time, co2;
} supply_totals;

/* The value of one goal for these totals. */
double supply_goal_value(const supply_config *cfg, const supply_totals *t, supply_goal goal);

/* Fills key[0 .. cfg->n_keys-1] with the objective vector of t. */
void supply_objective(const supply_config *cfg, const supply_totals *t, double *key);

/* Compares the objectives of two totals: <0 when a is better (supply_objective_compare). */
int supply_totals_compare(const supply_config *cfg, const supply_totals *a, const supply_totals *b);

/* A single order's contribution to the first goal after "unserved" in the goal order (the one a
 * heuristic ranks routes by): cost parts wc + tc, time and co2 combined as that goal does. */
double supply_scalar(const supply_config *cfg, double wc, double tc, double time, double co2);

/* Lexicographic comparison of two objective vectors: <0 when a is better. Differences smaller
 * than a relative 1e-12 (float noise of incremental sums) count as equal. */
int supply_objective_compare(const supply_config *cfg, const double *a, const double *b);

/* The model: effective weight bands per lane, per-lane constants, route options per order. */
typedef struct {
  const supply_net *net;
  supply_config cfg;

  /* Effective bands (after the dup_rows reading), per lane sorted by (min, max). */
  int32_t *eb_start; /* [n_lanes + 1] */
  int32_t n_eb;
  double *eb_min, *eb_max, *eb_min_cost, *eb_rate; /* eb_min_cost after the min_cost reading */
  double *lane_cap;        /* [n_lanes] kg; HUGE_VAL when lane caps are off */
  double *lane_co2_per_kg; /* [n_lanes] kg CO2e per kg carried */
  int32_t max_bands;       /* most bands of one lane */

  /* Route options per order (CSR): order k's options are opt_*[opt_start[k] .. opt_start[k+1]-1],
   * sorted by (plant, port, lane). opt_lane = -1 for CRF orders. */
  int64_t *opt_start; /* [n_orders + 1] */
  int32_t *opt_plant, *opt_port, *opt_lane;
  int32_t max_options; /* widest order */

  /* Ship-day window per order: days win_first[k] .. win_first[k] + win_len[k] - 1. */
  int32_t *win_first, *win_len;
  int32_t max_window;
  int32_t day_min, day_max; /* the earliest and latest ship day of any order */
} supply_model;

/* Builds the model of net under cfg (net must outlive the model). AR_ERR_USAGE for a goal order of
 * the wrong length, AR_ERR_NOMEM. */
ar_status supply_model_build(const supply_net *net, const supply_config *cfg, supply_model *m);
void supply_model_free(supply_model *m);

/* Statistics of the option counts (for the option table of OBJECTIVE.md). */
typedef struct {
  int64_t pairs;                                                /* (order, route) pairs */
  int32_t min[SC_SERVICE_COUNT + 1], max[SC_SERVICE_COUNT + 1]; /* per service, [3] = all */
  double median[SC_SERVICE_COUNT + 1];
  int32_t orders[SC_SERVICE_COUNT + 1];
  int32_t no_route; /* orders with no option at all */
} supply_option_stats;
void supply_model_option_stats(const supply_model *m, supply_option_stats *s);

/* --- Bands and lane costs (supply_bands.c) ---------------------------------------------------- */

/* The effective band of lane L that prices total weight w under cfg.band_gap (floor: the last
 * band with min <= w; ceil: the first with max >= w; strict: as floor). Weights below the first
 * band use the first band; above the last, the last. *in_gap (may be NULL) is set when w lies in
 * no band's [min, max] (a gap, or outside all bands). Tolerance 1e-7 kg. */
int32_t supply_band_find(const supply_model *m, int32_t lane, double w, int *in_gap);

/* An AIR order's charge in band b: max(M_b, R_b x w). */
static inline double supply_band_charge(const supply_model *m, int32_t b, double w) {
  double c = m->eb_rate[b] * w;
  return c > m->eb_min_cost[b] ? c : m->eb_min_cost[b];
}

/* A GROUND lane-day's truck cost for total weight w (rate of the band of w; with
 * ground_min_charge, max(Min_Cost, Rate)). */
double supply_ground_truck(const supply_model *m, int32_t lane, double w);

/* Order k's warehouse cost at plant i, time and CO2 on lane L (L = -1: none). */
static inline double supply_order_wc(const supply_model *m, int32_t k, int32_t plant) {
  return (double)m->net->order_units[k] * m->net->plant_cost_per_unit[plant];
}
static inline double supply_order_time(const supply_model *m, int32_t k, int32_t lane) {
  return lane < 0 ? 0.0 : (double)m->net->lane_tpt_days[lane] * m->net->order_weight[k];
}
static inline double supply_order_co2(const supply_model *m, int32_t k, int32_t lane) {
  return lane < 0 ? 0.0 : m->lane_co2_per_kg[lane] * m->net->order_weight[k];
}

/* The cheapest transport charge order k can possibly pay on lane L, whatever the others do
 * (0 for GROUND: another order may pay the truck; the lowest max(M_b, R_b w) over the bands
 * reachable for AIR). Used for lower bounds and heuristics. */
double supply_lane_charge_lower(const supply_model *m, int32_t k, int32_t lane);

/* "V444_0/PORT04/DTP/AIR/2 (to PORT09)": a lane's name for messages and reports. */
void supply_lane_name(const supply_net *net, int32_t lane, char *buf, unsigned long cap);

#endif
