/* SPDX-License-Identifier: BSD-3-Clause */
/* cli_parse: parse, --help (or --help-man) on rank 0, the rules between options, shared failure. */
#include "cli_parse.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "cli_rank0.h"

/* The default of option `name` (NULL when it has none). */
static const char *default_of(const param_set *ps, const char *name) {
  for (int i = 0; i < ps->ndefs; i++)
    if (strcmp(ps->defs[i].name, name) == 0) return ps->defs[i].default_value;
  return NULL;
}

static int given(const param_set *ps, const char *name) {
  if (name[0] == '#') return ps->npositional >= atoi(name + 1);
  if (!param_is_set(ps, name)) return 0;
  for (int i = 0; i < ps->ndefs; i++)
    if (strcmp(ps->defs[i].name, name) == 0 && ps->defs[i].type == PARAM_FLAG)
      return param_flag(ps, name);
  const char *def = default_of(ps, name);
  return !def || strcmp(param_str(ps, name), def) != 0;
}

static ar_status check_rule(const param_set *ps, const cli_rule *r) {
  int a = given(ps, r->name), b = r->other ? given(ps, r->other) : 0;
  int broken = 0;
  const char *message = r->message;
  switch (r->kind) {
  case CLI_REQUIRED: broken = !a; break;
  case CLI_EXCLUSIVE: broken = a && b; break;
  case CLI_NEEDS: broken = a && !b; break;
  case CLI_ONE_OF:
    broken = a == b;
    if (!a) message = r->missing;
    break;
  }
  return broken ? ar_fail(AR_ERR_USAGE, "%s", message) : AR_OK;
}

/* What parameter files may name when a command gives no catalog of its own (set by the program's
 * main: the command table is above this floor). */
static const param_catalog *(*catalog_source)(void);

void cli_parse_set_catalog(const param_catalog *(*source)(void)) { catalog_source = source; }

int cli_copy_defs(const param_def *table, int n, param_def *out, int cap) {
  if (n > cap) return -1;
  for (int i = 0; i < n; i++)
    out[i] = table[i];
  return n;
}

ar_status cli_parse_rules(param_set *ps, int argc, char **argv, const cli_rule *rules, int nrules,
                          int *help_done) {
  *help_done = 0;
  if (!ps->catalog && catalog_source) ps->catalog = catalog_source();
  ar_status st = param_parse(ps, argc, argv);
  if (st == AR_OK && ps->help_requested) {
    int rank = 0;
    st = ar_mpi_check(MPI_Comm_rank(MPI_COMM_WORLD, &rank), "MPI_Comm_rank");
    if (st == AR_OK && rank == 0 && ps->help_requested == PARAM_HELP_MAN)
      param_print_man(ps, stdout);
    else if (st == AR_OK && rank == 0)
      param_print_help(ps, stdout);
    *help_done = 1;
    return st;
  }
  if (st == AR_OK) st = cli_check_rules(ps, rules, nrules);
  if (st != AR_OK) ar_error_mark_shared();
  return st;
}

ar_status cli_check_rules(const param_set *ps, const cli_rule *rules, int nrules) {
  ar_status st = AR_OK;
  for (int i = 0; st == AR_OK && i < nrules; i++)
    st = check_rule(ps, &rules[i]);
  return st;
}

ar_status cli_parse(param_set *ps, int argc, char **argv, const char *required,
                    const char *missing_message, int *help_done) {
  const cli_rule rule = {CLI_REQUIRED, required, NULL, missing_message, NULL};
  return cli_parse_rules(ps, argc, argv, &rule, required ? 1 : 0, help_done);
}

ar_status cli_parse_run_rank0(param_set *ps, int argc, char **argv, const cli_rule *rules,
                              int nrules, ar_status (*work)(const param_set *ps)) {
  int help_done = 0;
  ar_status st = cli_parse_rules(ps, argc, argv, rules, nrules, &help_done);
  if (st == AR_OK && !help_done) st = cli_rank0_run_params(work, ps);
  param_free(ps);
  return st;
}
