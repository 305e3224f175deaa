/* SPDX-License-Identifier: BSD-3-Clause */
/* cli_parse: the rules between options (required, exclusive, needs, one of an option and a
 * positional argument), and choice aliases (an old word accepted, stored as the new one). */
#include <stdio.h>
#include <string.h>

#include "cli_parse.h"
#include "param.h"
#include "test_util.h"
#include "topo_bind.h"

static const param_def defs[] = {
    {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "FILE", "output", 0},
    {"historical", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL, "historical", 0},
    {"tour", 0, PARAM_STRING, NULL, NULL, 1, 0, "FILE", "tour", 0},
    {"no-tour", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL, "no tour", 0},
    {"bind", 0, PARAM_CHOICE, "none", TOPO_BIND_CHOICES, 1, 0, "UNIT", "bind", 0},
    {"report-binding", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL, "report", 0},
};

static const cli_rule rules[] = {
    {CLI_REQUIRED, "output", NULL, "missing -o FILE", NULL},
    {CLI_EXCLUSIVE, "tour", "no-tour", "--tour and --no-tour contradict each other", NULL},
    {CLI_NEEDS, "bind", "report-binding", "--bind needs --report-binding", NULL},
    {CLI_ONE_OF, "#2", "historical", "not both", "missing PLAN.csv (or --historical)"},
};

/* Parses argv (NULL-terminated) with the rules; returns the status, *ps parsed (caller frees). */
static ar_status parse(param_set *ps, const char **argv) {
  *ps = (param_set){.command = "evaluate", .usage = "test", CLI_OPTIONS(defs, 1, 2)};
  int argc = 0, help = 0;
  while (argv[argc])
    argc++;
  return cli_parse_rules(ps, argc, (char **)argv, CLI_RULES(rules), &help);
}

/* The status of parsing argv and whether the message contains `text`. */
static int fails_with(const char **argv, const char *text) {
  param_set ps;
  ar_status st = parse(&ps, argv);
  int ok = st == AR_ERR_USAGE && strstr(ar_error_message(), text) != NULL;
  if (!ok) fprintf(stderr, "got %d: %s (wanted '%s')\n", (int)st, ar_error_message(), text);
  param_free(&ps);
  return ok;
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  param_set ps;
  const char *good[] = {"evaluate", "net.h5", "plan.csv", "-o", "x", NULL};
  CHECK(parse(&ps, good) == AR_OK);
  param_free(&ps);
  const char *historical[] = {"evaluate", "net.h5", "--historical", "-o", "x", NULL};
  CHECK(parse(&ps, historical) == AR_OK);
  param_free(&ps);

  const char *no_output[] = {"evaluate", "net.h5", "plan.csv", NULL};
  CHECK(fails_with(no_output, "missing -o FILE"));
  const char *both_tours[] = {"evaluate", "n", "p", "-o", "x", "--tour", "t", "--no-tour", NULL};
  CHECK(fails_with(both_tours, "contradict"));
  const char *lone_bind[] = {"evaluate", "n", "p", "-o", "x", "--bind", "cores", NULL};
  CHECK(fails_with(lone_bind, "--bind needs --report-binding"));
  const char *neither[] = {"evaluate", "n", "-o", "x", NULL};
  CHECK(fails_with(neither, "missing PLAN.csv"));
  const char *both[] = {"evaluate", "n", "p", "--historical", "-o", "x", NULL};
  CHECK(fails_with(both, "not both"));
  /* The default is not "given": --bind none needs nothing; a flag turned off is not given. */
  const char *bind_none[] = {"evaluate", "n", "p", "-o", "x", "--bind", "none", NULL};
  CHECK(parse(&ps, bind_none) == AR_OK);
  param_free(&ps);

  /* The old words of --bind are stored as the new ones; --help and messages show the new only. */
  const char *old_pu[] = {"evaluate",         "n", "p", "-o", "x", "--bind", "pu",
                          "--report-binding", NULL};
  CHECK(parse(&ps, old_pu) == AR_OK && strcmp(param_str(&ps, "bind"), "threads") == 0);
  param_free(&ps);
  const char *old_core[] = {"evaluate",         "n", "p", "-o", "x", "--bind", "core",
                            "--report-binding", NULL};
  CHECK(parse(&ps, old_core) == AR_OK && strcmp(param_str(&ps, "bind"), "cores") == 0);
  param_free(&ps);
  const char *bad[] = {"evaluate", "n", "p", "-o", "x", "--bind", "pus", NULL};
  CHECK(fails_with(bad, "'pus' is not one of none|auto|cores|threads"));
  CHECK(!strstr(ar_error_message(), "core=") && !strstr(ar_error_message(), "|pu"));

  /* One mapping for every command: the words and their units. */
  int bind = -1;
  topo_bind_unit unit = TOPO_BIND_AUTO;
  CHECK(topo_bind_word("none", &bind, &unit) == AR_OK && bind == 0);
  CHECK(topo_bind_word("auto", &bind, &unit) == AR_OK && bind == 1 && unit == TOPO_BIND_AUTO);
  CHECK(topo_bind_word("cores", &bind, &unit) == AR_OK && unit == TOPO_BIND_CORE);
  CHECK(topo_bind_word("core", &bind, &unit) == AR_OK && unit == TOPO_BIND_CORE);
  CHECK(topo_bind_word("threads", &bind, &unit) == AR_OK && unit == TOPO_BIND_PU);
  CHECK(topo_bind_word("pu", &bind, &unit) == AR_OK && unit == TOPO_BIND_PU);
  CHECK(topo_bind_word("sockets", &bind, &unit) == AR_ERR_USAGE);
  return 0;
}
