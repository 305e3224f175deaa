/* SPDX-License-Identifier: BSD-3-Clause */
/* wing: the declaration of a problem kind, the one place every command finds it.
 *
 * A kind's model and search live in src/<kind> (floor 3), its files and commands in io/<kind>
 * (floor 5); io/<kind>/wing_<kind>.c fills one `const wing` with what the kind-free commands of
 * src/app call, and src/app/app_wings.c lists the wings (one line each; app_wing_register() adds
 * one at run time, for tests). `import` lists the wings' importers and their parts of `import
 * synthetic`; `solve` runs the wing's solve part (wing_solve.h); `inspect` and `report` call the
 * wing's parts around their kind-free sections; `export` offers the wings' formats; `evaluate`
 * runs the wing's checker. No code outside a wing compares a kind name (docs/architecture.md).
 *
 * Every part may be absent (NULL): a kind that cannot be solved has no solve part, a kind
 * without a summary of its results gets the kind-free one. Callbacks fail as their own headers
 * say; each message names the file and what is wrong.
 */
#ifndef AR_WING_H
#define AR_WING_H

#include <hdf5.h>
#include <stdint.h>
#include <stdio.h>

#include "ar_error.h"
#include "cli_parse.h"
#include "h5field.h"
#include "param.h"
#include "wing_report.h"
#include "wing_solve.h"

/* A command of a wing: `antroute import NAME ...` (argv[0] is NAME). */
typedef struct {
  const char *name;
  ar_status (*run)(int argc, char **argv);
  const char *summary; /* one line for `antroute import --help` */
  /* Copies its option table into out (at most cap entries): how many, -1 when they do not fit.
   * Parameter files are judged against it (src/app/cli_catalog.c). */
  int (*defs)(param_def *out, int cap);
} wing_command;

/* A kind's part of `antroute import synthetic --kind NAME` (src/app/cmd_import_synthetic.c adds
 * --kind, -o and --seed, and checks -o against --params). */
typedef struct {
  const param_def *params; /* its own options */
  int nparams;
  const char *usage; /* the options after "--kind NAME" in the usage line */
  const char *description;
  int is_default; /* the kind generated without --kind (one wing has it) */
  /* Rank 0: checks what its own options read against -o, generates the network, writes it to -o
   * (through OUT.tmp) and prints one line. AR_ERR_USAGE, AR_ERR_INPUT, AR_ERR_IO, AR_ERR_NOMEM. */
  ar_status (*generate)(const param_set *ps);
} wing_synthetic;

/* An export of a results file: `antroute export RESULTS.h5 --OPTION FILE`. */
typedef struct {
  param_def option; /* the option that asks for it: a PARAM_STRING naming the file to write */
  /* Rank 0: writes the export of the results file to path and prints one line. AR_ERR_INPUT (the
   * results file lacks what the export needs), AR_ERR_IO, AR_ERR_NOMEM. */
  ar_status (*write)(const char *results, const char *path);
} wing_export;

/* An export row: the option `--NAME FILE` (ARG shown in help) that asks for write_fn. */
#define WING_EXPORT_FILE(option_name, arg, help_text, write_fn)                                    \
  {                                                                                                \
    .option = {.name = (option_name),                                                              \
               .type = PARAM_STRING,                                                               \
               .min = PARAM_UNBOUNDED_MIN,                                                         \
               .max = PARAM_UNBOUNDED_MAX,                                                         \
               .arg_name = (arg),                                                                  \
               .help = (help_text)},                                                               \
    .write = (write_fn)                                                                            \
  }

/* The --json row every kind's export table holds (one help text; the kind gives the writer). */
#define WING_EXPORT_JSON(write_fn)                                                                 \
  WING_EXPORT_FILE(                                                                                \
      "json", "FILE.json",                                                                         \
      "write the best answer as JSON: cost and its unit, the tour or plan, the run's "             \
      "attributes",                                                                                \
      write_fn)

/* `antroute evaluate NETWORK.h5 ...` of networks of this kind. */
typedef struct {
  const char *usage, *description;
  /* Fills defs (at most cap) with its options; returns their number, -1 when cap is too small. */
  int (*params)(param_def *defs, int cap);
  const cli_rule *rules; /* checked once the options are parsed */
  int nrules;
  int max_positional; /* NETWORK.h5 and what follows it */
  /* Rank 0, once the network file is known to be of this kind (src/app checked its header). The
   * exit status says the verdict: AR_ERR_INFEASIBLE for a plan that breaks constraints. */
  ar_status (*run)(const param_set *ps);
} wing_evaluate;

typedef struct wing wing;
struct wing {
  const char *name;        /* a network's and a results file's `kind` attribute */
  const char *title;       /* "tour networks (TSPLIB TSP and ATSP)": headings in --help */
  const char *problem;     /* "TSP/ATSP": what `report` prints after the kind */
  int64_t network_version; /* newest network format version this build reads and writes */

  const wing_command *imports;     /* `import NAME` commands, ended by {NULL} (NULL: none) */
  const wing_synthetic *synthetic; /* its part of `import synthetic` (NULL: none) */
  /* `solve FILE` with a FILE that is not HDF5: the importer of imports[solve_import] runs on it
   * first (`import NAME FILE -o NETWORK.h5`, its defaults) when solve_recognises(FILE) is 1 (a
   * .tsp). solve_recognises: any rank, cannot fail (unreadable: 0); NULL: solve imports none. */
  int solve_import;
  int (*solve_recognises)(const char *path);
  /* More arguments of that import when the solve has a time budget (NULL-terminated; NULL:
   * none): what the solve's plan of --time can schedule or leave out itself (tours: the lower
   * bound and the alpha-nearness ascent, which the import would run first, outside any plan). */
  const char *const *solve_import_budget_args;

  /* The solve part (NULL: networks of this kind are not solved). A function, since a kind may
   * assemble its option table at first use. */
  const solve_kind *(*solve)(void);

  /* `inspect NET.h5`: what the network holds, read by the readers solve uses (AR_ERR_INPUT
   * naming the dataset). `inspect RESULTS.h5`: the kind's summary of its results. */
  ar_status (*inspect_network)(hid_t file, FILE *out);
  ar_status (*inspect_results)(hid_t file, FILE *out);

  /* `report RESULTS.h5`. A dataset only this kind's results hold, for results files written
   * without a `kind` attribute (NULL: none). */
  const char *results_marker;
  /* The run line when the results have no /run group (NULL: none is printed). */
  void (*report_run)(hid_t file, FILE *out);
  /* The kind's sections after the kind-free ones; fills what facts->nodes says. AR_ERR_INPUT for a
   * dataset of the wrong shape, AR_ERR_NOMEM. */
  ar_status (*report_summary)(hid_t file, FILE *out, wing_report_facts *facts);
  /* Judges the network file the pictures would use (its kind and version already checked):
   * AR_ERR_INPUT naming net_path when it is not the network of these results. May be NULL. */
  ar_status (*report_network_check)(hid_t net, const wing_report_facts *facts,
                                    const char *net_path);
  int report_needs_network; /* the pictures cannot go without the network (tours: coordinates) */
  const char *const
      *pictures; /* names its Python module may draw (report_NAME.py), ended by NULL */

  const wing_export *exports;    /* ended by an entry whose write is NULL (NULL: none) */
  const wing_evaluate *evaluate; /* NULL: none */

  /* The declarations of its files (h5field.h): `antroute formats` prints them, docs/formats.md
   * holds them, the report script reads them. Ended by NULL (NULL: none). */
  const h5field_table *const *fields;
};

/* AR_ERR_INPUT naming the file when a network's format version is outside 1..w's newest: the
 * same words as every reader of networks (h5net_version_check). */
ar_status wing_network_version(const wing *w, const char *file, int64_t version);

#endif
