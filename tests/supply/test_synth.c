/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_synth: counts as asked, the same seed gives the same network, another seed another one,
 * every order has a feasible historical route, dates fall in their month, and the result survives
 * an HDF5 round trip (so it passes every reader check). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "h5net_supply.h"
#include "supply_equal.h"
#include "supply_import.h"
#include "supply_synth.h"
#include "test_util.h"

/* Every order's historical route obeys products, VMI, plant ports, lane ends and service level;
 * returns the number of orders that break a rule. */
static int check_routes(const supply_net *n) {
  int bad = 0;
  for (int32_t k = 0; k < n->n_orders; k++) {
    int32_t p = n->hist_plant[k], l = n->hist_lane[k];
    int ok = supply_plant_stocks(n, p, n->order_product[k]) &&
             supply_plant_serves(n, p, n->order_customer[k]) &&
             supply_plant_has_port(n, p, n->hist_port[k]);
    if (n->order_service[k] == SC_SERVICE_CRF)
      ok &= l == -1;
    else
      ok &= l >= 0 && n->lane_orig_port[l] == n->hist_port[k] &&
            n->lane_dest_port[l] == n->order_dest_port[k] &&
            n->lane_service[l] == n->order_service[k] && n->lane_carrier[l] == n->hist_carrier[k];
    bad += !ok;
  }
  return bad;
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  char why[512] = "";
  supply_synth_params p = {
      .orders_per_month = 2000, .months = 3, .plants = 40, .ports = 25, .seed = 11};
  supply_net a, b, c;
  CHECK(supply_synth_generate(&p, &a) == AR_OK);
  CHECK(supply_synth_generate(&p, &b) == AR_OK);
  p.seed = 12;
  CHECK(supply_synth_generate(&p, &c) == AR_OK);
  CHECK_EQ_INT(a.n_orders, 6000);
  CHECK_EQ_INT(a.plants.n, 40);
  CHECK_EQ_INT(a.ports.n, 25);
  CHECK(a.n_lanes > 0 && a.n_bands >= a.n_lanes && a.n_vmi > 0);
  CHECK(supply_net_equal(&a, &b, why, sizeof why));
  CHECK(!supply_net_equal(&a, &c, why, sizeof why));
  CHECK_EQ_INT(check_routes(&a), 0);

  /* Month m's orders are dated inside month m (from 2013-05-01 with the built-in shapes). */
  int out_of_month = 0;
  for (int32_t k = 0; k < a.n_orders; k++) {
    int y, m, d;
    supply_date_to_civil(a.order_date[k], &y, &m, &d);
    out_of_month += (y - 2013) * 12 + (m - 5) != k / 2000;
    out_of_month += supply_date_month(a.order_date[k]) != (2013 - 1970) * 12 + 4 + k / 2000;
  }
  CHECK_EQ_INT(out_of_month, 0);

  /* Round trip through the network file: the reader's validation accepts it unchanged. */
  const char *tmp = getenv("AR_BUILD_DIR");
  char path[4096];
  snprintf(path, sizeof path, "%s/supply_synth.h5", tmp ? tmp : ".");
  supply_net r;
  CHECK(h5net_supply_write(&a, path, NULL) == AR_OK);
  ar_status st = h5net_supply_read(path, MPI_COMM_SELF, &r);
  CHECK(st == AR_OK);
  if (st != AR_OK) fprintf(stderr, "  %s\n", ar_error_message());
  CHECK(st == AR_OK && supply_net_equal(&a, &r, why, sizeof why));
  supply_net_free(&r);
  supply_net_free(&a);
  supply_net_free(&b);
  supply_net_free(&c);

  /* Grown from the real data set: its lane shapes and the feasibility guarantee hold. */
  const char *src = getenv("AR_SOURCE_DIR");
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/inputs/supply_chain", src ? src : ".");
  supply_net real;
  CHECK(supply_import_dir(dir, 0, &real, NULL) == AR_OK);
  supply_synth_params q = {.orders_per_month = 3000,
                           .months = 2,
                           .plants = 30,
                           .ports = 20,
                           .seed = 5,
                           .template_net = &real};
  CHECK(supply_synth_generate(&q, &a) == AR_OK);
  CHECK_EQ_INT(a.n_orders, 6000);
  CHECK_EQ_INT(check_routes(&a), 0);
  int ground = 0;
  for (int32_t l = 0; l < a.n_lanes; l++)
    ground += a.lane_mode[l] == SC_MODE_GROUND;
  CHECK(ground > 0);
  CHECK(h5net_supply_write(&a, path, NULL) == AR_OK);
  st = h5net_supply_read(path, MPI_COMM_SELF, &r);
  CHECK(st == AR_OK && supply_net_equal(&a, &r, why, sizeof why));
  supply_net_free(&r);
  supply_net_free(&a);
  supply_net_free(&real);

  /* Parameters out of range. */
  supply_synth_params big = {.orders_per_month = SC_ROWS_MAX, .months = 2, .plants = 1, .ports = 1};
  CHECK(supply_synth_generate(&big, &a) == AR_ERR_USAGE);
  return 0;
}
