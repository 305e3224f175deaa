/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_import: reads the seven CSV tables of the supply-chain data set (Dzalbs & Kalganova 2020)
 * from a directory into an supply_net, validating every field and every reference.
 *
 * Files and the columns used (found by header name; other columns are ignored):
 *   WhCosts.csv           Plant_Code, Cost_Per_Unit
 *   WhCapacities.csv      Plant_Code, Daily_Capacity
 *   PlantPorts.csv        Plant_Code, Ports
 *   FreightRates.csv      Carrier, Orig_Port, Dest_Port, Min_Weight_Quant, Max_Weight_Quant,
 *                         Service_Level, Min_Cost, Rate, Mode_DSC, TPT_Day_Count, Carrier_Type
 *   ProductsPerPlant.csv  Plant_Code, Product_ID
 *   VmiCustomers.csv      Plant_Code, Customer
 *   OrderList.csv         Order_ID, Order_Date, Orig_Port, Carrier, TPT_Day_Count, Service_Level,
 *                         Ship_Ahead_Day_Count, Ship_Late_Day_Count, Customer, Product_ID,
 *                         Plant_Code, Dest_Port, Unit_Quant, Weight
 *
 * Errors (AR_ERR_INPUT, the first one found) read "DIR/FILE.csv:LINE: column NAME: what is wrong";
 * a missing file is "DIR/FILE.csv: file is missing ...". What is accepted with a warning rather
 * than refused (the data set's own oddities) is listed in docs/formats.md; with strict set, every
 * warning is an error instead.
 */
#ifndef AR_SUPPLY_IMPORT_H
#define AR_SUPPLY_IMPORT_H

#include "ar_error.h"
#include "supply_net.h"

enum { SC_WARNINGS_KEPT = 16, SC_WARNING_LEN = 400 };

/* Warnings of one import: count of all, the text of the first SC_WARNINGS_KEPT. */
typedef struct {
  int count;
  char text[SC_WARNINGS_KEPT][SC_WARNING_LEN];
} supply_warnings;

/* Fills net (which must be zeroed) from the CSV tables in dir, indexed (supply_net_index done). On
 * failure net is left empty. warnings may be NULL. */
ar_status supply_import_dir(const char *dir, int strict, supply_net *net,
                            supply_warnings *warnings);

/* AR_ERR_USAGE naming both when output (given as `what`, e.g. "-o") is one of the tables of dir,
 * or is written through one (ar_outputs_check): an import never writes over its input. */
ar_status supply_import_check_output(const char *dir, const char *output, const char *what);

#endif
