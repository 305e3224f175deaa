/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_plan_csv: plans as CSV files, one row per order (docs/formats.md, "Plan CSV").
 *
 * Header (columns found by name, any order; other columns ignored on reading):
 *   Order_ID,Plant_Code,Orig_Port,Carrier,Service_Level,Mode,TPT_Day_Count,Ship_Day,Served
 * Served is 1 or 0. A served non-CRF order names its lane by Carrier, Orig_Port, Service_Level,
 * Mode and TPT_Day_Count (the destination is the order's Dest_Port); for a CRF order those lane
 * columns may hold the historical values or be empty and are ignored. Ship_Day is YYYY-MM-DD (also
 * M/D/YY), or empty for the order date. For an unserved order only Order_ID and Served are read.
 *
 * Reading fails with AR_ERR_INPUT, "FILE:LINE: column NAME: what is wrong", on anything that is
 * not a plan of this network: a missing column, an unknown or repeated order id, an unknown
 * plant, port or carrier code, a service level or mode that is not one, a non-numeric TPT, a bad
 * date, a lane that FreightRates does not have, or orders of the network with no row. Whether the
 * plan is feasible is not checked here (supply_check does that).
 */
#ifndef AR_SUPPLY_PLAN_CSV_H
#define AR_SUPPLY_PLAN_CSV_H

#include "h5res_supply.h"
#include "supply_check.h"

#define ROUTE_PLAN_CSV_HEADER                                                                      \
  "Order_ID,Plant_Code,Orig_Port,Carrier,Service_Level,Mode,TPT_Day_Count,Ship_Day,Served"

/* Reads the plan at path into a (allocated here, with the line of every order). AR_ERR_IO when path
 * cannot be read, AR_ERR_INPUT naming the file and line (unknown order or code, missing column),
 * AR_ERR_NOMEM. */
ar_status supply_plan_csv_read(const supply_net *net, const char *path, supply_assign *a);

/* Writes plan a as CSV to path (through path.tmp and a rename), orders in network order; with
 * backup, an existing file there is kept as #NAME.N# and said on stdout (ar_backup.h), else it
 * is replaced (a resumed run's own plan). Fails with AR_ERR_IO naming the file. */
ar_status supply_plan_csv_write(const supply_net *net, const supply_assign *a, const char *path,
                                int backup);

/* The same file from the plan of a results file (`antroute export`), row for row identical to
 * what supply_plan_csv_write() writes for that plan. AR_ERR_IO naming path when it cannot be
 * written. */
ar_status supply_plan_csv_write_results(const h5res_supply_plan *p, const char *path);

#endif
