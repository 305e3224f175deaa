/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_import on the shipped data set: counts, the oddities it accepts, and a few known values.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "supply_import.h"
#include "test_util.h"

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  const char *src = getenv("AR_SOURCE_DIR");
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/inputs/supply_chain", src ? src : ".");
  supply_net net;
  supply_warnings warnings;
  ar_status st = supply_import_dir(dir, 0, &net, &warnings);
  CHECK(st == AR_OK);
  if (st != AR_OK) {
    fprintf(stderr, "  %s\n", ar_error_message());
    return 0;
  }
  CHECK_EQ_INT(net.n_orders, 9215);
  CHECK_EQ_INT(net.plants.n, 19);
  CHECK_EQ_INT(net.n_lanes, 76);
  CHECK_EQ_INT(net.n_bands, 1540);
  CHECK_EQ_INT(net.n_plant_ports, 22);
  CHECK_EQ_INT(net.n_stock, 2035); /* 2,036 rows less CND9's */
  CHECK_EQ_INT(net.n_vmi, 14);
  CHECK_EQ_INT(warnings.count, 1); /* CND9 */
  CHECK(strstr(warnings.text[0], "ProductsPerPlant.csv:") && strstr(warnings.text[0], "CND9"));

  /* Sorted code tables. */
  CHECK(strcmp(net.plants.code[0], "PLANT01") == 0);
  CHECK(strcmp(net.plants.code[18], "PLANT19") == 0);
  int32_t plant03 = supply_names_find(&net.plants, "PLANT03");
  CHECK(plant03 == 2);
  CHECK_EQ_INT(net.plant_capacity[plant03], 1013);
  int32_t plant19 = supply_names_find(&net.plants, "PLANT19");
  CHECK(net.plant_vmi_start && net.product_plant_start);

  /* PLANT19 stocks nothing; total daily capacity is 5,791 orders. */
  int stocked19 = 0;
  long capacity = 0;
  for (int32_t i = 0; i < net.n_stock; i++)
    stocked19 += net.stock_plant[i] == plant19;
  for (int32_t p = 0; p < net.plants.n; p++)
    capacity += net.plant_capacity[p];
  CHECK_EQ_INT(stocked19, 0);
  CHECK_EQ_INT(capacity, 5791);

  /* Orders: file order, historical lanes found for every non-CRF order, two zero weights. */
  CHECK_EQ_INT(net.order_id[0], 1447296447LL);
  CHECK_EQ_INT(net.order_date[0], 15851); /* 2013-05-26 */
  int crf = 0, no_lane = 0, zero_weight = 0;
  for (int32_t k = 0; k < net.n_orders; k++) {
    crf += net.order_service[k] == SC_SERVICE_CRF;
    no_lane += net.order_service[k] != SC_SERVICE_CRF && net.hist_lane[k] < 0;
    zero_weight += net.order_weight[k] == 0;
  }
  CHECK_EQ_INT(crf, 854);
  CHECK_EQ_INT(no_lane, 0);
  CHECK_EQ_INT(zero_weight, 2);

  /* Lanes: modes stripped, 7 ground lanes, bands sorted within a lane, caps. */
  int ground = 0, cap_ok = 1, sorted = 1;
  for (int32_t l = 0; l < net.n_lanes; l++) {
    ground += net.lane_mode[l] == SC_MODE_GROUND;
    for (int32_t i = net.lane_band_start[l] + 1; i < net.lane_band_start[l + 1]; i++)
      if (net.band_min_weight[net.lane_band[i]] < net.band_min_weight[net.lane_band[i - 1]])
        sorted = 0;
    cap_ok &= net.lane_max_weight[l] > 0;
  }
  CHECK_EQ_INT(ground, 7);
  CHECK(sorted && cap_ok);
  supply_net_free(&net);

  /* Strict mode refuses CND9. */
  st = supply_import_dir(dir, 1, &net, NULL);
  CHECK(st == AR_ERR_INPUT && strstr(ar_error_message(), "CND9"));
  CHECK(net.n_orders == 0 && net.order_id == NULL);
  return 0;
}
