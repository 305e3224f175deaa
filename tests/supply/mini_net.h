/* SPDX-License-Identifier: BSD-3-Clause */
/* mini_net: small hand-made supply-chain networks for the order-routing tests, written as the
 * seven CSV tables into a directory and imported with supply_import_dir(). */
#ifndef AR_TEST_MINI_NET_H
#define AR_TEST_MINI_NET_H

#include "supply_net.h"

typedef struct {
  const char *wh_costs;      /* rows of WhCosts.csv after the header, "\n"-separated */
  const char *wh_capacities; /* WhCapacities.csv */
  const char *plant_ports;   /* PlantPorts.csv */
  const char *freight_rates; /* FreightRates.csv (Carrier .. Carrier_Type, 11 columns) */
  const char *products;      /* ProductsPerPlant.csv */
  const char *vmi;           /* VmiCustomers.csv (may be "") */
  const char *orders;        /* OrderList.csv (Order_ID .. Weight, 14 columns) */
} mini_tables;

/* Writes the tables into dir (created), imports them and removes them and dir again; returns 0
 * on success (net filled), else prints the error and returns -1. */
int mini_net_load(const char *dir, const mini_tables *t, supply_net *net);

/* A fresh directory under $AR_TMP or /tmp named after tag. */
void mini_net_dir(const char *tag, char *buf, unsigned long cap);

#endif
