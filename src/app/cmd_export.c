/* SPDX-License-Identifier: BSD-3-Clause */
/* cmd_export: `antroute export RESULTS.h5 --OPTION FILE ...`: what a results file holds, in the
 * formats its wing exports (wing.h, `exports`: --tour, --csv, --json ...), from the
 * results file alone. Each option names the file to write; a kind that lacks a format says so. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_wing_check.h"
#include "app_wings.h"
#include "ar_path.h"
#include "cli.h"
#include "cli_parse.h"
#include "param.h"

enum { EXPORT_TEXT = 512, EXPORTS_MAX = 16 };

/* Every wing's export options, once each. */
typedef struct {
  param_def defs[PARAM_MAX];
  int ndefs;
  char usage[EXPORT_TEXT], missing[EXPORT_TEXT];
  char help[EXPORTS_MAX][EXPORT_TEXT]; /* an option two kinds give with different words */
} export_table;

static void append(char *buf, size_t cap, const char *text) {
  size_t len = strlen(buf);
  if (len < cap) snprintf(buf + len, cap - len, "%s", text);
}

/* Option k's help gains text unless it holds it already (--csv: tours and order routing). */
static void help_merge(export_table *t, int k, const char *text) {
  if (!text || strstr(t->defs[k].help, text)) return;
  if (t->defs[k].help != t->help[k])
    snprintf(t->help[k], sizeof t->help[k], "%s", t->defs[k].help ? t->defs[k].help : "");
  append(t->help[k], sizeof t->help[k], "; ");
  append(t->help[k], sizeof t->help[k], text);
  t->defs[k].help = t->help[k];
}

static void export_table_fill(export_table *t) {
  memset(t, 0, sizeof *t);
  append(t->usage, sizeof t->usage, "antroute export RESULTS.h5");
  append(t->missing, sizeof t->missing, "missing ");
  for (int i = 0; i < app_wing_count(); i++) {
    for (const wing_export *x = app_wing_at(i)->exports; x && x->write; x++) {
      int seen = -1;
      for (int k = 0; k < t->ndefs; k++)
        if (strcmp(t->defs[k].name, x->option.name) == 0) seen = k;
      if (seen >= 0) {
        help_merge(t, seen, x->option.help);
        continue;
      }
      if (t->ndefs == PARAM_MAX || t->ndefs == EXPORTS_MAX) continue;
      char item[128];
      snprintf(item, sizeof item, "--%s %s", x->option.name, x->option.arg_name);
      append(t->usage, sizeof t->usage, t->ndefs ? " | " : " ");
      append(t->usage, sizeof t->usage, item);
      append(t->missing, sizeof t->missing, t->ndefs ? " or " : "");
      append(t->missing, sizeof t->missing, item);
      t->defs[t->ndefs++] = x->option;
    }
  }
  append(t->missing, sizeof t->missing, " (the file to write)");
}

/* One table for the process: the parameter-file catalog keeps pointers into its help texts. */
static export_table table;
static int table_filled;

static const export_table *export_table_get(void) {
  if (!table_filled) export_table_fill(&table);
  table_filled = 1;
  return &table;
}

int cmd_export_defs(param_def *out, int cap) {
  const export_table *t = export_table_get();
  return cli_copy_defs(t->defs, t->ndefs, out, cap);
}

/* The table of the running command (its work function sees only the parsed options). */
static const export_table *current;

/* The export of option `name` by wing w, or NULL. */
static const wing_export *export_of(const wing *w, const char *name) {
  for (const wing_export *x = w->exports; x && x->write; x++)
    if (strcmp(x->option.name, name) == 0) return x;
  return NULL;
}

static ar_status export_work(const param_set *ps) {
  ar_path_role inputs[] = {{ps->positional[0], "the results file"}, {ps->param_file, "--params"}};
  ar_path_role outputs[EXPORTS_MAX];
  char roles[EXPORTS_MAX][64];
  int n = 0;
  for (int i = 0; i < ps->ndefs && n < EXPORTS_MAX; i++) {
    if (!param_is_set(ps, ps->defs[i].name)) continue;
    snprintf(roles[n], sizeof roles[n], "--%s", ps->defs[i].name);
    outputs[n] = (ar_path_role){param_str(ps, ps->defs[i].name), roles[n]};
    n++;
  }
  if (n == 0) return ar_fail(AR_ERR_USAGE, "%s", current->missing);
  ar_status st = ar_outputs_check(inputs, 2, outputs, n);
  const wing *w = NULL;
  if (st == AR_OK) st = app_wing_results_path(ps->positional[0], &w);
  for (int i = 0; st == AR_OK && i < n; i++) {
    const wing_export *x = export_of(w, outputs[i].what + 2);
    st = x ? x->write(ps->positional[0], outputs[i].path)
           : ar_fail(AR_ERR_USAGE, "%s: %s results have no %s export", ps->positional[0], w->name,
                     outputs[i].what);
  }
  return st;
}

ar_status cmd_export(int argc, char **argv) {
  const export_table *t = export_table_get();
  current = t;
  param_set ps = {.command = "export",
                  .usage = t->usage,
                  .examples = "antroute export r.h5 --tour berlin52.tour\n"
                              "antroute export r.h5 --csv tour.csv --json r.json\n"
                              "antroute export plan.h5 --csv plan.csv\n"
                              "antroute export route.h5 --geojson route.geojson",
                  .description = "Writes what a results file holds in the formats its kind "
                                 "exports, one file per option (docs/formats.md); a kind that "
                                 "lacks a format says so.",
                  .defs = t->defs,
                  .ndefs = t->ndefs,
                  .min_positional = 1,
                  .max_positional = 1};
  return cli_parse_run_rank0(&ps, argc, argv, NULL, 0, export_work);
}
