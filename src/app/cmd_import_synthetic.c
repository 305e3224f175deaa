/* SPDX-License-Identifier: BSD-3-Clause */
/* cmd_import_synthetic: `antroute import synthetic --kind KIND ...`, seeded generators of large
 * networks for scale tests and benchmarks (docs/formats.md). The command owns --kind, -o and
 * --seed; each wing with a generator (wing.h, wing_synthetic) adds its options under its heading
 * and generates its networks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_wings.h"
#include "ar_path.h"
#include "cli.h"
#include "cli_parse.h"
#include "param.h"

enum { SYNTHETIC_TEXT = 1024 };

/* The table: the command's own options, then each generator's under its wing's title. */
typedef struct {
  param_def defs[PARAM_MAX];
  const char *groups[PARAM_MAX];
  int ndefs;
  char kinds[SYNTHETIC_TEXT]; /* "tour|supply-chain" */
  char usage[SYNTHETIC_TEXT], description[SYNTHETIC_TEXT];
} synthetic_table;

static ar_status table_add(synthetic_table *t, const param_def *d, const char *group) {
  for (int i = 0; i < t->ndefs; i++)
    if (strcmp(t->defs[i].name, d->name) == 0) return AR_OK; /* shared by two generators */
  if (t->ndefs >= PARAM_MAX)
    return ar_fail(AR_ERR_INTERNAL, "import synthetic: more than %d options", PARAM_MAX);
  t->groups[t->ndefs] = group;
  t->defs[t->ndefs++] = *d;
  return AR_OK;
}

static void append(char *buf, size_t cap, const char *text) {
  size_t len = strlen(buf);
  if (len < cap) snprintf(buf + len, cap - len, "%s", text);
}

static ar_status synthetic_table_fill(synthetic_table *t) {
  memset(t, 0, sizeof *t);
  const char *fallback = NULL;
  append(t->description, sizeof t->description,
         "Generates a large network for scale tests and benchmarks.");
  for (int i = 0; i < app_wing_count(); i++) {
    const wing *w = app_wing_at(i);
    if (!w->synthetic) continue;
    if (!fallback || w->synthetic->is_default) fallback = w->name;
    append(t->kinds, sizeof t->kinds, t->kinds[0] ? "|" : "");
    append(t->kinds, sizeof t->kinds, w->name);
    char line[512];
    snprintf(line, sizeof line, "%santroute import synthetic --kind %s %s --seed S -o OUT.h5",
             t->usage[0] ? "\n       " : "", w->name, w->synthetic->usage);
    append(t->usage, sizeof t->usage, line);
    append(t->description, sizeof t->description, " ");
    append(t->description, sizeof t->description, w->synthetic->description);
  }
  append(t->description, sizeof t->description,
         " The same parameters and seed always give the same data.");
  const param_def own[] = {
      {"kind", 0, PARAM_CHOICE, fallback, t->kinds, 1, 0, "KIND",
       "which kind of network to generate", 0},
      {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "OUT.h5", "network file to write (required)",
       PARAM_OUTPUT},
      {"seed", 0, PARAM_INT, "1", NULL, 0, 9007199254740991.0, "S",
       "random seed: the same seed gives the same file contents", 0},
  };
  ar_status st = fallback ? AR_OK : ar_fail(AR_ERR_USAGE, "no kind of network has a generator");
  for (size_t i = 0; st == AR_OK && i < sizeof own / sizeof own[0]; i++)
    st = table_add(t, &own[i], NULL);
  for (int i = 0; st == AR_OK && i < app_wing_count(); i++) {
    const wing *w = app_wing_at(i);
    for (int k = 0; w->synthetic && st == AR_OK && k < w->synthetic->nparams; k++)
      st = table_add(t, &w->synthetic->params[k], w->title);
  }
  return st;
}

static const cli_rule import_rules[] = {CLI_RULE_NETWORK_OUTPUT};

static ar_status generate(const param_set *ps) {
  ar_path_role params = {ps->param_file, "--params"}, output = {param_str(ps, "output"), "-o"};
  ar_status st = ar_outputs_check(&params, 1, &output, 1);
  if (st != AR_OK) return st;
  const wing *w = app_wing_find(param_str(ps, "kind"));
  if (!w || !w->synthetic)
    return ar_fail(AR_ERR_USAGE, "--kind %s: no generator of that kind", param_str(ps, "kind"));
  return w->synthetic->generate(ps);
}

int cmd_import_synthetic_defs(param_def *out, int cap) {
  synthetic_table *t = malloc(sizeof *t);
  int n = -1;
  if (t && synthetic_table_fill(t) == AR_OK) n = cli_copy_defs(t->defs, t->ndefs, out, cap);
  free(t);
  ar_error_clear(); /* the catalog asks; the command itself reports a failure to fill */
  return n;
}

ar_status cmd_import_synthetic(int argc, char **argv) {
  synthetic_table *t = malloc(sizeof *t);
  ar_status st = t ? synthetic_table_fill(t) : ar_fail(AR_ERR_NOMEM, "out of memory");
  if (st == AR_OK) {
    param_set ps = {.command = "import synthetic",
                    .usage = t->usage,
                    .examples =
                        "antroute import synthetic --kind tour --nodes 20000 -o big.h5\n"
                        "antroute import synthetic --kind supply-chain --orders 5000 -o s.h5",
                    .description = t->description,
                    .defs = t->defs,
                    .ndefs = t->ndefs,
                    .groups = t->groups,
                    .min_positional = 0,
                    .max_positional = 0};
    st = cli_parse_run_rank0(&ps, argc, argv, CLI_RULES(import_rules), generate);
  }
  free(t);
  return st;
}
