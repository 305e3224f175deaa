/* cmd_export: `antroute export RESULTS.h5 --csv PLAN.csv`: the plan of a supply-chain results
 * file as a plan CSV (the columns `antroute evaluate` reads), from the results file alone. */
#include <stdio.h>

#include "ar_path.h"
#include "cli.h"
#include "cli_parse.h"
#include "h5res_supply.h"
#include "param.h"
#include "supply_plan_csv.h"

static const param_def export_params[] = {
    {"csv", 0, PARAM_STRING, NULL, NULL, 1, 0, "PLAN.csv",
     "write the plan, one row per order: " ROUTE_PLAN_CSV_HEADER, 0},
};

int cmd_export_defs(param_def *out, int cap) {
  return cli_copy_defs(export_params, (int)(sizeof export_params / sizeof export_params[0]), out,
                       cap);
}

static const cli_rule export_rules[] = {
    {CLI_REQUIRED, "csv", NULL, "missing --csv PLAN.csv (the file to write)", NULL},
};

static ar_status export_work(const param_set *ps) {
  ar_path_role inputs[] = {{ps->positional[0], "the results file"}, {ps->param_file, "--params"}};
  ar_path_role output = {param_str(ps, "csv"), "--csv"};
  ar_status st = ar_outputs_check(inputs, 2, &output, 1);
  if (st != AR_OK) return st;
  h5res_supply_plan plan;
  st = h5res_supply_read_plan(ps->positional[0], &plan);
  if (st != AR_OK) return st;
  st = supply_plan_csv_write_results(&plan, param_str(ps, "csv"));
  if (st == AR_OK)
    printf("%s: %lld orders -> %s\n", ps->positional[0], (long long)plan.n, param_str(ps, "csv"));
  h5res_supply_plan_free(&plan);
  return st;
}

ar_status cmd_export(int argc, char **argv) {
  param_set ps = {.command = "export",
                  .usage = "antroute export RESULTS.h5 --csv PLAN.csv",
                  .description = "Writes the plan of a supply-chain results file as CSV, one "
                                 "row per order in the network's order, with the columns "
                                 "`antroute evaluate` reads (docs/formats.md, \"Plan CSV\").",
                  CLI_OPTIONS(export_params, 1, 1)};
  return cli_parse_run_rank0(&ps, argc, argv, CLI_RULES(export_rules), export_work);
}
