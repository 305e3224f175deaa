/* cmd_export: `antroute export RESULTS.h5 --csv PLAN.csv`: the plan of a supply-chain results
 * file as a plan CSV (the columns `antroute evaluate` reads), from the results file alone. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ar_path.h"
#include "cli.h"
#include "cli_parse.h"
#include "cli_rank0.h"
#include "h5res_supply.h"
#include "param.h"
#include "supply_net.h"
#include "supply_plan_csv.h"

static const param_def export_params[] = {
    {"csv", 0, PARAM_STRING, NULL, NULL, 1, 0, "PLAN.csv",
     "write the plan, one row per order: " ROUTE_PLAN_CSV_HEADER, 0},
};

static ar_status write_csv(const h5res_supply_plan *p, const char *path) {
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  if (!f) return ar_fail(AR_ERR_IO, "%s: cannot write: %s", tmp, strerror(errno));
  fprintf(f, "%s\n", ROUTE_PLAN_CSV_HEADER);
  for (int64_t i = 0; i < p->n; i++) {
    const char *svc = supply_service_name(p->service[i]);
    if (!p->served[i]) {
      fprintf(f, "%lld,,,,%s,,,,0\n", (long long)p->order_id[i], svc);
      continue;
    }
    char day[16];
    supply_date_format(p->ship_day[i], day, sizeof day);
    if (p->carrier[i] < 0)
      fprintf(f, "%lld,%s,%s,,%s,,,%s,1\n", (long long)p->order_id[i], p->plants[p->plant[i]],
              p->ports[p->port[i]], svc, day);
    else
      fprintf(f, "%lld,%s,%s,%s,%s,%s,%d,%s,1\n", (long long)p->order_id[i], p->plants[p->plant[i]],
              p->ports[p->port[i]], p->carriers[p->carrier[i]], svc, supply_mode_name(p->mode[i]),
              (int)p->tpt_days[i], day);
  }
  int bad = ferror(f);
  if (fclose(f) != 0) bad = 1;
  ar_status st = AR_OK;
  if (bad)
    st = ar_fail(AR_ERR_IO, "%s: write failed: %s", tmp, strerror(errno));
  else if (rename(tmp, path) != 0)
    st = ar_fail(AR_ERR_IO, "%s: cannot rename to %s: %s", tmp, path, strerror(errno));
  if (st != AR_OK) remove(tmp);
  return st;
}

static ar_status export_work(void *arg) {
  const param_set *ps = arg;
  ar_path_role inputs[] = {{ps->positional[0], "the results file"}, {ps->param_file, "--params"}};
  ar_path_role output = {param_str(ps, "csv"), "--csv"};
  ar_status st = ar_outputs_check(inputs, 2, &output, 1);
  if (st != AR_OK) return st;
  h5res_supply_plan plan;
  st = h5res_supply_read_plan(ps->positional[0], &plan);
  if (st != AR_OK) return st;
  st = write_csv(&plan, param_str(ps, "csv"));
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
                  .defs = export_params,
                  .ndefs = (int)(sizeof export_params / sizeof export_params[0]),
                  .min_positional = 1,
                  .max_positional = 1};
  int help_done = 0;
  ar_status st =
      cli_parse(&ps, argc, argv, "csv", "missing --csv PLAN.csv (the file to write)", &help_done);
  if (st == AR_OK && !help_done) st = cli_rank0_run(export_work, &ps);
  param_free(&ps);
  return st;
}
