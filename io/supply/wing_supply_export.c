/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_export: `antroute export RESULTS.h5 --csv PLAN.csv`: the plan of a supply-chain
 * results file as a plan CSV (the columns `antroute evaluate` reads), from the results file alone.
 */
#include "wing_supply_export.h"

#include <stdio.h>

#include "h5res_json.h"
#include "h5res_supply.h"
#include "h5res_supply_fields.h"
#include "supply_plan_csv.h"

static ar_status export_csv(const char *results, const char *path) {
  h5res_supply_plan plan;
  ar_status st = h5res_supply_read_plan(results, &plan);
  if (st != AR_OK) return st;
  st = supply_plan_csv_write_results(&plan, path);
  if (st == AR_OK) printf("%s: %lld orders -> %s\n", results, (long long)plan.n, path);
  h5res_supply_plan_free(&plan);
  return st;
}

/* The plan and its codes, the unserved orders, the totals and the bound. */
static ar_status export_json(const char *results, const char *path) {
  const h5field *answer[H5RES_SUPPLY_FIELDS + 1];
  int n = 0;
  for (int i = H5RES_SUPPLY_CODES_PLANTS; i <= H5RES_SUPPLY_UNSERVED_REASON; i++)
    answer[n++] = &h5res_supply_fields[i];
  for (int i = H5RES_SUPPLY_BEST_LOWER_BOUND; i <= H5RES_SUPPLY_BEST_GAP_TO_BOUND; i++)
    answer[n++] = &h5res_supply_fields[i];
  for (int i = H5RES_SUPPLY_TOTALS_SERVED; i <= H5RES_SUPPLY_TOTALS_GOAL_ORDER; i++)
    answer[n++] = &h5res_supply_fields[i];
  answer[n] = NULL;
  h5res_json_spec spec = {"supply-chain", &h5res_supply_fields[H5RES_SUPPLY_TOTALS_COST], NULL,
                          answer};
  ar_status st = h5res_json_export(results, path, &spec);
  if (st == AR_OK) printf("%s: plan as JSON -> %s\n", results, path);
  return st;
}

const wing_export wing_supply_exports[] = {
    {{"csv", 0, PARAM_STRING, NULL, NULL, 1, 0, "PLAN.csv",
      "order routing: write the plan, one row per order: " ROUTE_PLAN_CSV_HEADER, 0},
     export_csv},
    WING_EXPORT_JSON(export_json),
    {{NULL, 0, PARAM_STRING, NULL, NULL, 0, 0, NULL, NULL, 0}, NULL},
};
