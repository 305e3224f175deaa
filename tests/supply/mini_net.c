/* SPDX-License-Identifier: BSD-3-Clause */
/* mini_net: write and import small supply-chain networks (see mini_net.h). */
#include "mini_net.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "supply_import.h"

/* The seven tables, in the order mini_tables lists them, with their header rows. */
static const char *const TABLE_NAMES[7] = {
    "WhCosts.csv",          "WhCapacities.csv", "PlantPorts.csv", "FreightRates.csv",
    "ProductsPerPlant.csv", "VmiCustomers.csv", "OrderList.csv"};
static const char *const TABLE_HEADERS[7] = {
    "Plant_Code,Cost_Per_Unit",
    "Plant_Code,Daily_Capacity",
    "Plant_Code,Ports",
    "Carrier,Orig_Port,Dest_Port,Min_Weight_Quant,Max_Weight_Quant,Service_Level,Min_Cost,Rate,"
    "Mode_DSC,TPT_Day_Count,Carrier_Type",
    "Plant_Code,Product_ID",
    "Plant_Code,Customer",
    "Order_ID,Order_Date,Orig_Port,Carrier,TPT_Day_Count,Service_Level,Ship_Ahead_Day_Count,"
    "Ship_Late_Day_Count,Customer,Product_ID,Plant_Code,Dest_Port,Unit_Quant,Weight"};

static void table_path(const char *dir, int k, char *path, size_t cap) {
  snprintf(path, cap, "%s/%s", dir, TABLE_NAMES[k]);
}

static int write_table(const char *dir, int k, const char *rows) {
  char path[4096];
  table_path(dir, k, path, sizeof path);
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  fprintf(f, "%s\n%s", TABLE_HEADERS[k], rows ? rows : "");
  return fclose(f);
}

/* The imported network holds everything it needs: the tables and their folder go, so that the
 * tests leave nothing in /tmp (they ran by the thousand there before). */
static void remove_tables(const char *dir) {
  char path[4096];
  for (int k = 0; k < 7; k++) {
    table_path(dir, k, path, sizeof path);
    unlink(path);
  }
  rmdir(dir);
}

void mini_net_dir(const char *tag, char *buf, unsigned long cap) {
  const char *base = getenv("AR_TMP");
  if (!base || !base[0]) base = "/tmp";
  snprintf(buf, cap, "%s/orders_%s_%ld", base, tag, (long)getpid());
}

int mini_net_load(const char *dir, const mini_tables *t, supply_net *net) {
  const char *rows[7] = {t->wh_costs, t->wh_capacities, t->plant_ports, t->freight_rates,
                         t->products, t->vmi,           t->orders};
  mkdir(dir, 0777);
  int bad = 0;
  for (int k = 0; k < 7; k++)
    bad |= write_table(dir, k, rows[k]);
  if (bad) {
    fprintf(stderr, "cannot write the tables in %s\n", dir);
    remove_tables(dir);
    return -1;
  }
  int imported = supply_import_dir(dir, 0, net, NULL) == AR_OK;
  if (!imported) fprintf(stderr, "import of %s failed: %s\n", dir, ar_error_message());
  remove_tables(dir);
  return imported ? 0 : -1;
}
