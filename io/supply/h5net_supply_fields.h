/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_supply_fields: the declarations (h5field.h) of a supply-chain network file: every column
 * of every table of /supply, in the order written. One list (H5NET_SUPPLY_COLUMNS) gives the
 * declarations (h5net_supply_fields.c), their names (the enum below) and, in h5net_supply.c,
 * where each column lives in a supply_net, so the three cannot drift apart. Declarations cannot
 * fail.
 */
#ifndef AR_H5NET_SUPPLY_FIELDS_H
#define AR_H5NET_SUPPLY_FIELDS_H

#include "h5field.h"

#define H5NET_SUPPLY_SERVICE_CODES                                                                 \
  "0=DTD (door to door), 1=DTP (door to port), 2=CRF (customer-arranged freight)"
#define H5NET_SUPPLY_MODE_CODES "0=AIR, 1=GROUND"

/* X(group, column, type, supply_net member, units, description, codes): the tables in the order
 * of H5NET_SUPPLY_TABLES, each table's columns in order. */
#define H5NET_SUPPLY_COLUMNS(X)                                                                    \
  X(plants, code, STR, plants.code, NULL, "plant codes, sorted; row i is plant i", NULL)           \
  X(plants, cost_per_unit, F64, plant_cost_per_unit, "USD/unit", "warehouse cost per unit", NULL)  \
  X(plants, daily_capacity, I32, plant_capacity, "orders/day",                                     \
    "orders the plant can handle per day", NULL)                                                   \
  X(ports, code, STR, ports.code, NULL, "port codes, sorted; row i is index i", NULL)              \
  X(carriers, code, STR, carriers.code, NULL, "carrier codes, sorted; row i is index i", NULL)     \
  X(carrier_types, code, STR, carrier_types.code, NULL,                                            \
    "carrier type codes, sorted; row i is index i", NULL)                                          \
  X(customers, code, STR, customers.code, NULL, "customer codes, sorted; row i is index i", NULL)  \
  X(products, code, STR, products.code, NULL, "product codes, sorted; row i is index i", NULL)     \
  X(plant_ports, plant, I32, pp_plant, "index", "plant (row of /supply/plants)", NULL)             \
  X(plant_ports, port, I32, pp_port, "index",                                                      \
    "a port the plant ships from (row of /supply/ports)", NULL)                                    \
  X(products_per_plant, plant, I32, stock_plant, "index", "plant (row of /supply/plants)", NULL)   \
  X(products_per_plant, product, I32, stock_product, "index",                                      \
    "a product the plant stocks (row of /supply/products)", NULL)                                  \
  X(vmi, plant, I32, vmi_plant, "index",                                                           \
    "a VMI plant (row of /supply/plants): serves only its listed customers", NULL)                 \
  X(vmi, customer, I32, vmi_customer, "index", "a customer it may serve", NULL)                    \
  X(lanes, carrier, I32, lane_carrier, "index", "row of /supply/carriers", NULL)                   \
  X(lanes, orig_port, I32, lane_orig_port, "index", "origin port (row of /supply/ports)", NULL)    \
  X(lanes, dest_port, I32, lane_dest_port, "index", "destination port", NULL)                      \
  X(lanes, service_level, I8, lane_service, "code", "service level", H5NET_SUPPLY_SERVICE_CODES)   \
  X(lanes, mode, I8, lane_mode, "code", "transport mode", H5NET_SUPPLY_MODE_CODES)                 \
  X(lanes, tpt_days, I32, lane_tpt_days, "days", "transit time", NULL)                             \
  X(lanes, carrier_type, I32, lane_carrier_type, "index", "row of /supply/carrier_types", NULL)    \
  X(bands, lane, I32, band_lane, "index", "the lane of this rate row (row of /supply/lanes)",      \
    NULL)                                                                                          \
  X(bands, min_weight, F64, band_min_weight, "kg", "lowest weight of the band", NULL)              \
  X(bands, max_weight, F64, band_max_weight, "kg", "highest weight of the band", NULL)             \
  X(bands, min_cost, F64, band_min_cost, "USD", "minimum charge", NULL)                            \
  X(bands, rate, F64, band_rate, "USD/kg (AIR), USD/truck (GROUND)", "freight rate", NULL)         \
  X(orders, id, I64, order_id, NULL, "order id (unique)", NULL)                                    \
  X(orders, date, I32, order_date, "days since 1970-01-01", "order date", NULL)                    \
  X(orders, ship_ahead_days, I32, order_ship_ahead, "days",                                        \
    "the order may ship this many days before its date", NULL)                                     \
  X(orders, ship_late_days, I32, order_ship_late, "days",                                          \
    "the order may ship this many days after its date", NULL)                                      \
  X(orders, customer, I32, order_customer, "index", "row of /supply/customers", NULL)              \
  X(orders, product, I32, order_product, "index", "row of /supply/products", NULL)                 \
  X(orders, dest_port, I32, order_dest_port, "index", "destination port", NULL)                    \
  X(orders, service_level, I8, order_service, "code", "service level the customer asked for",      \
    H5NET_SUPPLY_SERVICE_CODES)                                                                    \
  X(orders, units, I32, order_units, "units", "unit quantity", NULL)                               \
  X(orders, weight, F64, order_weight, "kg", "order weight", NULL)                                 \
  X(orders, hist_plant, I32, hist_plant, "index", "historical plant", NULL)                        \
  X(orders, hist_port, I32, hist_port, "index", "historical origin port", NULL)                    \
  X(orders, hist_carrier, I32, hist_carrier, "index", "historical carrier", NULL)                  \
  X(orders, hist_tpt_days, I32, hist_tpt_days, "days", "historical transit time", NULL)            \
  X(orders, hist_lane, I32, hist_lane, "index",                                                    \
    "lane matching the historical carrier, ports, service level and transit time; -1: none "       \
    "(CRF or no match)",                                                                           \
    NULL)

/* H5NET_SUPPLY_plants_code, ...: the index of each column's declaration. */
#define H5NET_SUPPLY_ENUM(g, c, t, m, u, d, k) H5NET_SUPPLY_##g##_##c,
enum { H5NET_SUPPLY_COLUMNS(H5NET_SUPPLY_ENUM) H5NET_SUPPLY_FIELDS };
#undef H5NET_SUPPLY_ENUM

extern const h5field h5net_supply_fields[H5NET_SUPPLY_FIELDS];
extern const h5field_table h5net_supply_table; /* "supply-chain:network" */

#endif
