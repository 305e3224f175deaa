/* SPDX-License-Identifier: BSD-3-Clause */
/* cmd_evaluate: `antroute evaluate NETWORK.h5 ...`: the wing of the network file checks a plan on
 * it (wing.h, `evaluate`: order routing recomputes a plan's cost and every constraint it breaks).
 * The options are those of every wing that evaluates; once the network's kind is known (judged by
 * the registry, with the same words as inspect and solve), its wing's rules and work apply. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_wing_check.h"
#include "app_wings.h"
#include "cli.h"
#include "cli_parse.h"
#include "param.h"

enum { EVALUATE_TEXT = 2048 };

typedef struct {
  param_def defs[PARAM_MAX];
  const char *groups[PARAM_MAX];
  int ndefs, nwings, max_positional;
  const wing *only; /* the one wing that evaluates, when there is one */
  char usage[EVALUATE_TEXT], description[EVALUATE_TEXT];
} evaluate_table;

static void append(char *buf, size_t cap, const char *text) {
  size_t len = strlen(buf);
  if (len < cap) snprintf(buf + len, cap - len, "%s%s", len ? "\n       " : "", text);
}

/* Adds w's options (a name two wings share is listed once, under the first). */
static ar_status table_add_wing(evaluate_table *t, const wing *w) {
  param_def defs[PARAM_MAX];
  int n = w->evaluate->params(defs, PARAM_MAX);
  if (n < 0) return ar_fail(AR_ERR_INTERNAL, "evaluate: too many options of %s", w->title);
  for (int i = 0; i < n; i++) {
    int seen = 0;
    for (int k = 0; k < t->ndefs; k++)
      seen |= strcmp(t->defs[k].name, defs[i].name) == 0;
    if (seen) continue;
    if (t->ndefs == PARAM_MAX)
      return ar_fail(AR_ERR_INTERNAL, "evaluate: more than %d options", PARAM_MAX);
    t->groups[t->ndefs] = w->title;
    t->defs[t->ndefs++] = defs[i];
  }
  return AR_OK;
}

static ar_status evaluate_table_fill(evaluate_table *t) {
  memset(t, 0, sizeof *t);
  ar_status st = AR_OK;
  for (int i = 0; st == AR_OK && i < app_wing_count(); i++) {
    const wing *w = app_wing_at(i);
    if (!w->evaluate) continue;
    t->only = t->nwings++ ? NULL : w;
    append(t->usage, sizeof t->usage, w->evaluate->usage);
    size_t len = strlen(t->description);
    snprintf(t->description + len, sizeof t->description - len, "%s%s", len ? " " : "",
             w->evaluate->description);
    if (w->evaluate->max_positional > t->max_positional)
      t->max_positional = w->evaluate->max_positional;
    st = table_add_wing(t, w);
  }
  if (st == AR_OK && t->nwings == 0) st = ar_fail(AR_ERR_USAGE, "no kind of network is evaluated");
  if (t->nwings == 1) memset(t->groups, 0, sizeof t->groups); /* no headings for one kind */
  return st;
}

int cmd_evaluate_defs(param_def *out, int cap) {
  evaluate_table *t = malloc(sizeof *t);
  int n = -1;
  if (t && evaluate_table_fill(t) == AR_OK) n = cli_copy_defs(t->defs, t->ndefs, out, cap);
  free(t);
  ar_error_clear(); /* the catalog asks; the command itself reports a failure to fill */
  return n;
}

/* The table of the running command (its work function sees only the parsed options). */
static const evaluate_table *current;

static ar_status evaluate_work(const param_set *ps) {
  const wing *w = NULL;
  ar_status st = app_wing_network_path(ps->positional[0], MPI_COMM_SELF, &w);
  if (st != AR_OK) return st;
  if (!w->evaluate)
    return ar_fail(AR_ERR_INPUT, "%s: is a '%s' network, which evaluate does not check",
                   ps->positional[0], w->name);
  if (!current->only) st = cli_check_rules(ps, w->evaluate->rules, w->evaluate->nrules);
  return st == AR_OK ? w->evaluate->run(ps) : st;
}

ar_status cmd_evaluate(int argc, char **argv) {
  evaluate_table *t = malloc(sizeof *t);
  ar_status st = t ? evaluate_table_fill(t) : ar_fail(AR_ERR_NOMEM, "out of memory");
  if (st == AR_OK) {
    current = t;
    param_set ps = {.command = "evaluate",
                    .usage = t->usage,
                    .examples = "antroute evaluate supply.h5 plan.csv\n"
                                "antroute evaluate monaco-roads.h5 monaco-route.h5",
                    .description = t->description,
                    .defs = t->defs,
                    .ndefs = t->ndefs,
                    .groups = t->groups,
                    .min_positional = 1,
                    .max_positional = t->max_positional};
    /* One kind: its rules apply while parsing; several: once the network says which. */
    const cli_rule *rules = t->only ? t->only->evaluate->rules : NULL;
    int nrules = t->only ? t->only->evaluate->nrules : 0;
    st = cli_parse_run_rank0(&ps, argc, argv, rules, nrules, evaluate_work);
  }
  free(t);
  return st;
}
