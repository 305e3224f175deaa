/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_inspect: a short summary of an order-routing results file (`antroute inspect
 * RESULTS.h5`): the totals, the bound, the run, and the plan's rows checked against the totals. */
#include <stdlib.h>

#include "h5field.h"
#include "h5res_fields.h"
#include "h5res_supply_fields.h"
#include "h5u.h"
#include "inspect_scalar.h"
#include "wing_supply_inspect.h"

static const h5field *const F = h5res_supply_fields;

/* The number of served rows of /plan/served (int8 0/1); -1 with *st set when it cannot be read. */
static int64_t count_served(hid_t file, int64_t *rows, ar_status *st) {
  hsize_t dims[1] = {0};
  void *served = NULL;
  *st = h5field_read(file, &F[H5RES_SUPPLY_PLAN_SERVED], dims, INT32_MAX, &served);
  if (*st != AR_OK) return -1;
  int64_t n = 0;
  for (hsize_t i = 0; i < dims[0]; i++)
    n += ((const int8_t *)served)[i] != 0;
  free(served);
  *rows = (int64_t)dims[0];
  return n;
}

static ar_status read_totals(hid_t file, int64_t *served, int64_t *unserved, double *cost,
                             double *wc, double *tc, double *co2) {
  ar_status st = h5field_attr_read_i64(file, &F[H5RES_SUPPLY_TOTALS_SERVED], served);
  if (st == AR_OK) st = h5field_attr_read_i64(file, &F[H5RES_SUPPLY_TOTALS_UNSERVED], unserved);
  if (st == AR_OK) st = h5field_attr_read_f64(file, &F[H5RES_SUPPLY_TOTALS_COST], cost);
  if (st == AR_OK) st = h5field_attr_read_f64(file, &F[H5RES_SUPPLY_TOTALS_WC], wc);
  if (st == AR_OK) st = h5field_attr_read_f64(file, &F[H5RES_SUPPLY_TOTALS_TC], tc);
  if (st == AR_OK) st = h5field_attr_read_f64(file, &F[H5RES_SUPPLY_TOTALS_CO2], co2);
  return st;
}

static ar_status print_run(hid_t file, FILE *out) {
  int64_t months = 0, epochs = 0, iterations = 0, ranks = 0, threads = 0;
  double seconds = 0;
  const h5field *R = h5res_run_fields;
  ar_status st = h5field_attr_read_i64(file, &F[H5RES_SUPPLY_RUN_MONTHS], &months);
  if (st == AR_OK) st = h5field_attr_read_i64(file, &F[H5RES_SUPPLY_RUN_EPOCHS], &epochs);
  if (st == AR_OK) st = h5field_attr_read_i64(file, &F[H5RES_SUPPLY_RUN_ITERATIONS], &iterations);
  if (st == AR_OK) st = h5field_attr_read_f64(file, &F[H5RES_SUPPLY_RUN_SECONDS], &seconds);
  if (st == AR_OK) st = h5field_attr_read_i64(file, &R[H5RES_LAYOUT_RANKS], &ranks);
  if (st == AR_OK) st = h5field_attr_read_i64(file, &R[H5RES_LAYOUT_THREADS], &threads);
  if (st != AR_OK) return st;
  fprintf(out, "run: %lld month(s), %lld epochs, %lld iterations in %.2f s\n", (long long)months,
          (long long)epochs, (long long)iterations, seconds);
  fprintf(out, "layout: %lld rank(s) x %lld thread(s)\n", (long long)ranks, (long long)threads);
  return AR_OK;
}

ar_status wing_supply_inspect_results(hid_t file, FILE *out) {
  char instance[256] = "?", input[1024] = "?";
  int64_t served = 0, unserved = 0, rows = 0;
  double cost = 0, wc = 0, tc = 0, co2 = 0;
  const h5field *R = h5res_run_fields;
  ar_status st = h5field_attr_read_str(file, &R[H5RES_INSTANCE], instance, sizeof instance);
  if (st == AR_OK) st = h5field_attr_read_str(file, &R[H5RES_INPUT], input, sizeof input);
  if (st == AR_OK) st = read_totals(file, &served, &unserved, &cost, &wc, &tc, &co2);
  if (st != AR_OK) return st;
  fprintf(out, "kind: supply-chain\ninstance: %s\ninput: %s\n", instance, input);
  fprintf(out, "orders: %lld served, %lld unserved\n", (long long)served, (long long)unserved);
  fprintf(out, "cost: %.2f (warehouse %.2f + transport %.2f + penalties %.2f), CO2 %.2f kg\n", cost,
          wc, tc, cost - wc - tc, co2);
  if (h5field_exists(file, &F[H5RES_SUPPLY_BEST_LOWER_BOUND])) {
    double bound = inspect_scalar_f64(file, F[H5RES_SUPPLY_BEST_LOWER_BOUND].path, &st);
    double gap = inspect_scalar_f64(file, F[H5RES_SUPPLY_BEST_GAP_TO_BOUND].path, &st);
    if (st != AR_OK) return st;
    fprintf(out, "lower bound: %.2f on warehouse + transport, gap to bound %.3f %%\n", bound, gap);
  }
  if ((st = print_run(file, out)) != AR_OK) return st;
  int64_t plan_served = count_served(file, &rows, &st);
  if (st != AR_OK) return st;
  fprintf(out, "plan: %lld rows, %lld served\n", (long long)rows, (long long)plan_served);
  if (rows != served + unserved || plan_served != served)
    return ar_fail(AR_ERR_INPUT,
                   "%s: /plan holds %lld rows with %lld served, but /totals says %lld served and "
                   "%lld unserved",
                   h5u_file_name(file), (long long)rows, (long long)plan_served, (long long)served,
                   (long long)unserved);
  return AR_OK;
}
