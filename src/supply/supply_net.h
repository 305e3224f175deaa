/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_net: the supply-chain network in memory (order routing, DESIGN.md 2.2).
 *
 * Every entity (plant, port, carrier, carrier type, customer, product) lives in a code table
 * sorted by its code, and everything else refers to it by a 0-based int32 index: hot data holds
 * no strings. Tables are structs of arrays so that an evaluator or solver touches only the
 * columns it needs.
 *
 * Row tables keep the rows of their CSV file in file order (what the HDF5 file stores); the
 * lookup tables marked "derived" are built from them by supply_net_index() (CSR: the entries of key
 * k are list[start[k] .. start[k+1]-1]).
 *
 * A lane is one FreightRates key (carrier, origin port, destination port, service level, mode,
 * transit days), numbered in order of first appearance. Its weight bands are the FreightRates
 * rows with that key, all kept (duplicates and overlaps too), so that every documented reading of
 * the rate table ("first duplicate row", "min", ...) can be chosen later. See docs/model.md.
 *
 * Service level CRF (customer-arranged freight) uses no lane: no lane has service level CRF.
 */
#ifndef AR_SUPPLY_NET_H
#define AR_SUPPLY_NET_H

#include <stdint.h>

#include "ar_error.h"

typedef enum { SC_SERVICE_DTD = 0, SC_SERVICE_DTP = 1, SC_SERVICE_CRF = 2 } supply_service;
enum { SC_SERVICE_COUNT = 3 };

typedef enum { SC_MODE_AIR = 0, SC_MODE_GROUND = 1 } supply_mode;
enum { SC_MODE_COUNT = 2 };

enum {
  SC_CODE_MAX = 64,          /* longest code accepted (characters) */
  SC_TPT_MAX = 365,          /* longest transit time accepted (days) */
  SC_SHIP_WINDOW_MAX = 3650, /* longest ship-ahead/late window accepted (days) */
  SC_ROWS_MAX = 200000000,   /* most rows accepted in any table (files that claim more are bad) */
  /* Years of order dates accepted, in CSV and network files alike (a date far outside them is
   * a typo, and its ship window would overflow the day arithmetic). */
  SC_YEAR_MIN = 1900,
  SC_YEAR_MAX = 2200
};

/* A code table: n strings sorted by strcmp, no duplicates. */
typedef struct {
  int32_t n;
  char **code;
} supply_names;

typedef struct {
  supply_names plants, ports, carriers, carrier_types, customers, products;

  /* Plants [plants.n] (WhCosts, WhCapacities). */
  double *plant_cost_per_unit; /* warehouse cost, USD per unit */
  int32_t *plant_capacity;     /* orders per day */

  /* PlantPorts rows [n_plant_ports], and derived per plant: its ports, ascending. */
  int32_t n_plant_ports;
  int32_t *pp_plant, *pp_port;
  int32_t *plant_port_start; /* derived [plants.n + 1] */
  int32_t *plant_port;       /* derived [n_plant_ports] */

  /* ProductsPerPlant rows [n_stock], and derived per product: the plants that stock it,
   * ascending (an order for product q may ship from these plants only). */
  int32_t n_stock;
  int32_t *stock_plant, *stock_product;
  int32_t *product_plant_start; /* derived [products.n + 1] */
  int32_t *product_plant;       /* derived [n_stock] */

  /* VmiCustomers rows [n_vmi], and derived per plant: the customers it may serve, ascending.
   * A plant with no entry serves anyone; a plant with entries serves only those customers. */
  int32_t n_vmi;
  int32_t *vmi_plant, *vmi_customer;
  int32_t *plant_vmi_start;    /* derived [plants.n + 1] */
  int32_t *plant_vmi_customer; /* derived [n_vmi] */

  /* Lanes [n_lanes]. */
  int32_t n_lanes;
  int32_t *lane_carrier, *lane_orig_port, *lane_dest_port, *lane_carrier_type;
  int8_t *lane_service; /* supply_service (DTD or DTP) */
  int8_t *lane_mode;    /* supply_mode */
  int32_t *lane_tpt_days;
  int32_t *lane_band_start; /* derived [n_lanes + 1] */
  int32_t *lane_band;       /* derived [n_bands]: band rows of each lane, sorted by (min weight,
                               max weight, file order): duplicates are adjacent, first in file
                               order first */
  double *lane_max_weight;  /* derived [n_lanes]: the largest band max weight (the lane's cap) */

  /* Weight bands [n_bands]: the FreightRates rows in file order. */
  int32_t n_bands;
  int32_t *band_lane;
  double *band_min_weight, *band_max_weight; /* kg, min <= max */
  double *band_min_cost;                     /* USD, minimum charge */
  double *band_rate;                         /* USD per kg (AIR), USD per truck (GROUND) */

  /* Orders [n_orders], in file order. */
  int32_t n_orders;
  int64_t *order_id;         /* unique */
  int32_t *order_date;       /* days since 1970-01-01 */
  int32_t *order_ship_ahead; /* days the order may ship before its date */
  int32_t *order_ship_late;  /* days it may ship after */
  int32_t *order_customer, *order_product, *order_dest_port;
  int8_t *order_service; /* supply_service the customer asked for */
  int32_t *order_units;  /* unit quantity */
  double *order_weight;  /* kg (may be 0) */
  /* The historical routing (OrderList), so that it can be evaluated as a plan. */
  int32_t *hist_plant, *hist_port, *hist_carrier, *hist_tpt_days;
  int32_t *hist_lane; /* the lane with the historical (carrier, ports, service level, transit
                         days), -1 for CRF orders and when no lane matches */
} supply_net;

/* "DTD", "DTP", "CRF"; "AIR", "GROUND". */
const char *supply_service_name(int service);
const char *supply_mode_name(int mode);
/* Parse a code exactly (case-sensitive); return 0 and set *value, or -1 when unknown. */
int supply_service_parse(const char *text, int8_t *value);
int supply_mode_parse(const char *text, int8_t *value);

/* Index of code in a sorted code table, or -1. */
int32_t supply_names_find(const supply_names *names, const char *code);

/* Builds the derived tables from the row tables (frees old ones first). Indices must be valid
 * (the importer and the reader check them). Fails only with AR_ERR_NOMEM. */
ar_status supply_net_index(supply_net *net);

/* Allocates the lane and band row tables (lane_carrier .. lane_tpt_days, band_lane .. band_rate)
 * for up to `lanes` lanes and `bands` bands (room for one at least); n_lanes and n_bands are
 * left as they are. Fails only with AR_ERR_NOMEM (what was allocated stays for
 * supply_net_free). */
ar_status supply_net_alloc_lanes(supply_net *net, int64_t lanes, int64_t bands);

/* Frees everything and zeroes the struct (safe on a zeroed or partly filled struct). */
void supply_net_free(supply_net *net);

/* The first order (in file order) whose id an earlier order already has: *row is it, *first the
 * earliest order with the same id; both -1 when the ids are unique. AR_ERR_NOMEM only. */
ar_status supply_net_duplicate_id(const supply_net *net, int32_t *row, int32_t *first);

/* --- Compatibility look-ups (the route constraints of docs/model.md) ----------------------------
 */

/* 1 when plant stocks product (ProductsPerPlant). */
static inline int supply_plant_stocks(const supply_net *net, int32_t plant, int32_t product) {
  for (int32_t i = net->product_plant_start[product]; i < net->product_plant_start[product + 1];
       i++)
    if (net->product_plant[i] == plant) return 1;
  return 0;
}

/* 1 when plant may serve customer: it is not a VMI plant, or customer is one of its VMI
 * customers. */
static inline int supply_plant_serves(const supply_net *net, int32_t plant, int32_t customer) {
  int32_t lo = net->plant_vmi_start[plant], hi = net->plant_vmi_start[plant + 1];
  for (int32_t i = lo; i < hi; i++)
    if (net->plant_vmi_customer[i] == customer) return 1;
  return lo == hi;
}

/* 1 when plant ships from port (PlantPorts). */
static inline int supply_plant_has_port(const supply_net *net, int32_t plant, int32_t port) {
  for (int32_t i = net->plant_port_start[plant]; i < net->plant_port_start[plant + 1]; i++)
    if (net->plant_port[i] == port) return 1;
  return 0;
}

/* --- Dates ------------------------------------------------------------------------------------ */

/* Days since 1970-01-01 of a proleptic Gregorian date, and back. */
int32_t supply_date_from_civil(int year, int month, int day);
void supply_date_to_civil(int32_t days, int *year, int *month, int *day);

/* Parses "YYYY-MM-DD", "M/D/YYYY" or "M/D/YY" (US order, as the data set's spreadsheet wrote it;
 * YY < 70 is 20YY, else 19YY). Returns 0, or -1 when the text is not a valid date. */
int supply_date_parse(const char *text, int32_t *days);

/* The calendar month of a date as months since 1970-01 (0 = January 1970): orders are solved
 * month by month, grouped by this number. */
int32_t supply_date_month(int32_t days);

/* Writes "YYYY-MM-DD" into buf (at least 11 bytes). */
void supply_date_format(int32_t days, char *buf, unsigned long cap);

#endif
