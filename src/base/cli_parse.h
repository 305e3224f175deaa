/* SPDX-License-Identifier: BSD-3-Clause */
/* cli_parse: the option-parsing prologue every command shares.
 *
 * A command describes its options once (a param_def table, param.h) and, beside it, the rules
 * between them that a table cannot say: an option that is required, two that exclude each other,
 * one that needs another, or a positional argument that an option replaces. cli_parse_rules()
 * parses argv into ps, prints --help on rank 0 (on the hidden --help-man, the same as a man page
 * section, for the build's antroute.1), and checks the rules in order; the first broken
 * rule fails with AR_ERR_USAGE and its message. Parameter files may name every command of the
 * program (the catalog source main sets, unless ps->catalog is set). Every rank parses the same
 * arguments, so a failure is marked shared (rank 0 alone reports it). The caller frees ps in every
 * case.
 */
#ifndef AR_CLI_PARSE_H
#define AR_CLI_PARSE_H

#include "ar_error.h"
#include "param.h"

typedef enum {
  CLI_REQUIRED,  /* `name` must be given */
  CLI_EXCLUSIVE, /* `name` and `other` must not both be given */
  CLI_NEEDS,     /* `name` may be given only together with `other` */
  CLI_ONE_OF /* exactly one of `name` and `other`: `message` when both, `missing` when neither */
} cli_rule_kind;

/* `name` and `other` are option names or "#N", the N-th positional argument (from 1). An option
 * counts as given when it holds something other than its default (a flag: when it is on), so
 * `--bind none` is not a binding; "#N" when there are at least N positional arguments. */
typedef struct {
  cli_rule_kind kind;
  const char *name, *other;
  const char *message;
  const char *missing; /* CLI_ONE_OF only */
} cli_rule;

/* The rule of every importer: -o OUT.h5. */
#define CLI_RULE_NETWORK_OUTPUT                                                                    \
  { CLI_REQUIRED, "output", NULL, "missing -o OUT.h5 (the network file to write)", NULL }

/* The option table and the number of positional arguments, in a param_set initialiser. */
#define CLI_OPTIONS(table, min_args, max_args)                                                     \
  .defs = (table), .ndefs = (int)(sizeof(table) / sizeof((table)[0])),                             \
  .min_positional = (min_args), .max_positional = (max_args)

#define CLI_RULES(rules) (rules), (int)(sizeof(rules) / sizeof((rules)[0]))

/* Copies table[0..n-1] into out (at most cap entries): n, or -1 when it does not fit. */
int cli_copy_defs(const param_def *table, int n, param_def *out, int cap);

/* Sets where every command's catalog comes from (src/app: cli_catalog), before any parsing. */
void cli_parse_set_catalog(const param_catalog *(*source)(void));

/* Parses and checks nrules rules (rules may be NULL when nrules is 0). On --help, prints the
 * help on rank 0, sets *help_done and returns AR_OK without checking. */
ar_status cli_parse_rules(param_set *ps, int argc, char **argv, const cli_rule *rules, int nrules,
                          int *help_done);

/* Checks nrules rules on options already parsed, in order: AR_ERR_USAGE with the first broken
 * rule's message (not marked shared). */
ar_status cli_check_rules(const param_set *ps, const cli_rule *rules, int nrules);

/* cli_parse_rules() with one CLI_REQUIRED rule (none when `required` is NULL). Fails as
 * cli_parse_rules(). */
ar_status cli_parse(param_set *ps, int argc, char **argv, const char *required,
                    const char *missing_message, int *help_done);

/* A serial command whole: parses and checks as cli_parse_rules() does, runs work(ps) on rank 0
 * while the other ranks wait for its status (cli_rank0_run), frees ps, and returns the status
 * every rank agrees on. */
ar_status cli_parse_run_rank0(param_set *ps, int argc, char **argv, const cli_rule *rules,
                              int nrules, ar_status (*work)(const param_set *ps));

#endif
