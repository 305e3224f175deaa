/* SPDX-License-Identifier: BSD-3-Clause */
/* param: command-line options and parameter files, from one table per command.
 *
 * Each command describes its parameters once (name, type, default, range, help). That table
 * drives the getopt_long options (`--name VALUE`), the keys accepted in a parameter file
 * (`--params FILE`, INI syntax read with libinih; keys at top level or in a section named after
 * the command), the `--help` text, and the record of parameters written into every output file
 * (param_serialize(), itself a valid parameter file). Precedence: default < file < command line.
 *
 * Parameter files are read strictly (param_file.c, docs/cli.md): a section must name a command
 * and a key must be an option of that command (a top-level key: of some command), else the file
 * and line are named with the nearest known name ("did you mean"); the file must be a regular
 * file and text (no NUL byte, no control character but tab and line ends). Which commands exist
 * is the catalog the caller gives (param_set.catalog; NULL: this command alone).
 *
 * Failures: param_parse() returns AR_ERR_USAGE with a message naming the option, or the file and
 * line, and what is wrong (an option given twice included); AR_ERR_IO when the parameter file is
 * missing, unreadable or not a regular file.
 */
#ifndef AR_PARAM_H
#define AR_PARAM_H

#include <stdio.h>

#include "ar_error.h"

typedef enum { PARAM_INT, PARAM_REAL, PARAM_STRING, PARAM_FLAG, PARAM_CHOICE } param_type;

enum {
  PARAM_SEARCH = 1u << 0, /* changes the search: a checkpoint made with another value is refused */
  PARAM_HIDDEN = 1u << 1, /* not listed by --help (test and fault-injection switches) */
  /* a path this run writes or keeps its state in (-o, --csv, --checkpoint-dir, --resume): not an
   * answer parameter, so the record (param_serialize) leaves it out and a replay of the record
   * never writes over the recorded run's files */
  PARAM_OUTPUT = 1u << 2,
  /* a setting of one segment of a run that leaves its answer alone (a time limit, what is
   * printed): a resumed segment may give another and still be the same run (solve_outputs.h) */
  PARAM_SEGMENT = 1u << 3
};

/* What param_serialize() writes. */
enum {
  PARAM_RECORD = 0,        /* every set parameter but the PARAM_OUTPUT ones: a replayable record */
  PARAM_RECORD_SEARCH = 1, /* the PARAM_SEARCH ones (a checkpoint's fingerprint) */
  PARAM_RECORD_OUTPUTS = 2 /* the PARAM_OUTPUT ones alone, without a section line */
};

/* Named bounds for option tables (never a bare 9.2e18): the largest double below INT64_MAX that
 * an int64 option may take, and min > max for a value without a range. */
#define PARAM_INT64_MAX     9.2e18
#define PARAM_UNBOUNDED_MIN 1
#define PARAM_UNBOUNDED_MAX 0

/* One option, declared with designated initialisers:
 *   {.name = "ants", .short_name = 'm', .type = PARAM_INT, .min = 1, .max = 1e6,
 *    .arg_name = "M", .help = "ants per colony and iteration", .flags = PARAM_SEARCH} */
typedef struct {
  const char *name; /* long option and parameter-file key */
  char short_name;  /* one-letter option, 0 if none */
  param_type type;
  const char *default_value; /* NULL: unset unless given */
  const char *choices;       /* PARAM_CHOICE: "mmas|acs"; "old=new" is an alias stored as new */
  double min, max;           /* PARAM_INT, PARAM_REAL: inclusive range (min > max: unbounded) */
  const char *arg_name;      /* shown in help: "N", "FILE", "SECONDS" */
  const char *help;
  unsigned flags;
} param_def;

enum { PARAM_MAX = 96, PARAM_MAX_POSITIONAL = 8 };

/* A command of the program as parameter files see it: its section name and a function that
 * copies its option table into out (at most cap entries; returns how many, -1 when they do not
 * fit). */
typedef struct {
  const char *command;
  int (*defs)(param_def *out, int cap);
} param_command;

/* Every command whose section or keys a parameter file may hold. */
typedef struct {
  const param_command *commands;
  int n;
} param_catalog;

typedef enum { PARAM_FROM_DEFAULT, PARAM_FROM_FILE, PARAM_FROM_COMMAND_LINE } param_origin;

typedef struct {
  const char *command;     /* "solve", "import tsplib": the section name in parameter files */
  const char *usage;       /* "antroute solve IN.h5 -o RESULTS.h5 [options]" */
  const char *description; /* a paragraph for --help */
  const char *examples;    /* 2-4 real commands, one a line, for --help and the man page */
  const param_def *defs;
  int ndefs;
  /* Optional, [ndefs]: --help lists the options of a group under its heading (NULL: general). */
  const char *const *groups;
  int min_positional, max_positional;
  const param_catalog *catalog; /* what parameter files may name (NULL: this command alone) */
  /* Filled by param_parse(): */
  char *values[PARAM_MAX];
  param_origin origin[PARAM_MAX];
  char *positional[PARAM_MAX_POSITIONAL];
  int npositional;
  char *param_file;
  int help_requested; /* PARAM_HELP_TEXT for --help, PARAM_HELP_MAN for --help-man, else 0 */
} param_set;

enum { PARAM_HELP_TEXT = 1, PARAM_HELP_MAN = 2 };

/* Parses argv (argv[0] is the command name) into ps. On --help (or the hidden --help-man), sets
 * help_requested and returns AR_OK without checking positional arguments. */
ar_status param_parse(param_set *ps, int argc, char **argv);

/* Prints usage, description and every parameter with its default. */
void param_print_help(const param_set *ps, FILE *out);

/* The same as one section of a man page (roff: .SS "antroute COMMAND", usage, description, one
 * .TP per option), for the page that the build assembles from every command (`--help-man`, a
 * hidden option of every table). */
void param_print_man(const param_set *ps, FILE *out);

/* Writes text escaped for roff: backslashes and dashes escaped, a line that would start with '.'
 * or '\'' made literal. */
void param_man_text(FILE *out, const char *text);

/* Typed getters; the name must be in the table (a wrong name is a bug and aborts). */
long long param_int(const param_set *ps, const char *name);
double param_real(const param_set *ps, const char *name);
const char *param_str(const param_set *ps, const char *name); /* NULL if unset */
int param_flag(const param_set *ps, const char *name);
int param_is_set(const param_set *ps, const char *name);
param_origin param_origin_of(const param_set *ps, const char *name);

/* Overrides a value after parsing (validated as if given on the command line). AR_ERR_USAGE naming
 * the option when value is invalid; AR_ERR_NOMEM. */
ar_status param_set_value(param_set *ps, const char *name, const char *value);
/* Gives an unset parameter a default after parsing (validated; origin PARAM_FROM_DEFAULT); a
 * parameter that is set keeps its value. For defaults that depend on what was parsed. AR_ERR_USAGE
 * naming the option when value is invalid; AR_ERR_NOMEM. */
ar_status param_set_default(param_set *ps, const char *name, const char *value);
/* Forgets a parameter's value (it is then unset, and not serialised). */
void param_unset(param_set *ps, const char *name);
/* 1 when the table has a parameter of that name. */
int param_defined(const param_set *ps, const char *name);
/* The declared flags (PARAM_SEARCH...) of the option `name`; 0 when ps has none by that name. */
unsigned param_flags_of(const param_set *ps, const char *name);

/* "key = value" lines of the set parameters that `what` (PARAM_RECORD...) selects, under a
 * [command] section (but PARAM_RECORD_OUTPUTS): with PARAM_RECORD a parameter file that
 * reproduces the run's answer. NULL when out of memory; caller frees. */
char *param_serialize(const param_set *ps, int what);

void param_free(param_set *ps);

/* The values and their origins of a parsed param_set, kept to give it back later: a command
 * that resolves defaults into its parameters and then starts over (solve, after a damaged
 * checkpoint) starts from what was parsed. */
typedef struct {
  char *values[PARAM_MAX];
  param_origin origin[PARAM_MAX];
  int ndefs;
} param_values;
/* Copies ps's values into out (AR_ERR_NOMEM; free out with param_values_free either way). */
ar_status param_values_save(const param_set *ps, param_values *out);
/* Makes ps's values saved's again (AR_ERR_NOMEM). */
ar_status param_values_restore(param_set *ps, const param_values *saved);
void param_values_free(param_values *v);

#endif
