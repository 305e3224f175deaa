/* wing_supply_export: `antroute export RESULTS.h5 --csv PLAN.csv`: the plan of a supply-chain
 * results file as a plan CSV (the columns `antroute evaluate` reads), from the results file alone.
 */
#include "wing_supply_export.h"

#include <stdio.h>

#include "h5res_supply.h"
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

const wing_export wing_supply_exports[] = {
    {{"csv", 0, PARAM_STRING, NULL, NULL, 1, 0, "PLAN.csv",
      "write the plan, one row per order: " ROUTE_PLAN_CSV_HEADER, 0},
     export_csv},
    {{NULL, 0, PARAM_STRING, NULL, NULL, 0, 0, NULL, NULL, 0}, NULL},
};
