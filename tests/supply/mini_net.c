/* SPDX-License-Identifier: BSD-3-Clause */
/* mini_net: write and import small supply-chain networks (see mini_net.h). */
#include "mini_net.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "supply_import.h"

static int write_table(const char *dir, const char *name, const char *header, const char *rows) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  fprintf(f, "%s\n%s", header, rows ? rows : "");
  return fclose(f);
}

void mini_net_dir(const char *tag, char *buf, unsigned long cap) {
  const char *base = getenv("AR_TMP");
  if (!base || !base[0]) base = "/tmp";
  snprintf(buf, cap, "%s/orders_%s_%ld", base, tag, (long)getpid());
}

int mini_net_load(const char *dir, const mini_tables *t, supply_net *net) {
  mkdir(dir, 0777);
  int bad = 0;
  bad |= write_table(dir, "WhCosts.csv", "Plant_Code,Cost_Per_Unit", t->wh_costs);
  bad |= write_table(dir, "WhCapacities.csv", "Plant_Code,Daily_Capacity", t->wh_capacities);
  bad |= write_table(dir, "PlantPorts.csv", "Plant_Code,Ports", t->plant_ports);
  bad |= write_table(dir, "FreightRates.csv",
                     "Carrier,Orig_Port,Dest_Port,Min_Weight_Quant,Max_Weight_Quant,Service_Level,"
                     "Min_Cost,Rate,Mode_DSC,TPT_Day_Count,Carrier_Type",
                     t->freight_rates);
  bad |= write_table(dir, "ProductsPerPlant.csv", "Plant_Code,Product_ID", t->products);
  bad |= write_table(dir, "VmiCustomers.csv", "Plant_Code,Customer", t->vmi);
  bad |= write_table(dir, "OrderList.csv",
                     "Order_ID,Order_Date,Orig_Port,Carrier,TPT_Day_Count,Service_Level,"
                     "Ship_Ahead_Day_Count,Ship_Late_Day_Count,Customer,Product_ID,Plant_Code,"
                     "Dest_Port,Unit_Quant,Weight",
                     t->orders);
  if (bad) {
    fprintf(stderr, "cannot write the tables in %s\n", dir);
    return -1;
  }
  if (supply_import_dir(dir, 0, net, NULL) != AR_OK) {
    fprintf(stderr, "import of %s failed: %s\n", dir, ar_error_message());
    return -1;
  }
  return 0;
}
