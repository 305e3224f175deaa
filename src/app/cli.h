/* SPDX-License-Identifier: BSD-3-Clause */
/* cli: the command table of `antroute <command> [options]`.
 *
 * Every command is a function that parses its own options (see param.h), does its work and
 * returns an ar_status; main() turns the status into a message and an exit code. Commands run
 * after MPI_Init; a command that is not parallel does its work on rank 0 only.
 */
#ifndef AR_CLI_H
#define AR_CLI_H

#include "ar_error.h"
#include "param.h"

typedef ar_status (*cli_command_fn)(int argc, char **argv);

typedef struct {
  const char *name;
  cli_command_fn run;
  const char *summary;
} cli_command;

/* The table, terminated by a {NULL} entry (cli_commands.c). */
extern const cli_command cli_command_table[];

/* Commands (one file each: cmd_<name>.c). Each returns the status of the failure it reports (main
 * prints the message and exits with ar_exit_code()). */
ar_status cmd_import(int argc, char **argv);
ar_status cmd_inspect(int argc, char **argv);
ar_status cmd_advise(int argc, char **argv);
ar_status cmd_solve(int argc, char **argv); /* solve_driver.c, for every problem kind */
ar_status cmd_evaluate(int argc, char **argv);
ar_status cmd_export(int argc, char **argv);
ar_status cmd_report(int argc, char **argv);
ar_status cmd_formats(int argc, char **argv);
ar_status cmd_selftest(int argc, char **argv);

/* `antroute import synthetic` (the wings' importers are theirs: wing.h, `imports`). AR_ERR_USAGE,
 * AR_ERR_IO, AR_ERR_NOMEM as the other commands. */
ar_status cmd_import_synthetic(int argc, char **argv);

/* Each command's option table, copied into out (at most cap entries): how many, -1 when they do
 * not fit. The catalog of parameter files (cli_catalog.c) lists them beside the importers of the
 * wings (wing_command.defs). */
int cmd_import_synthetic_defs(param_def *out, int cap);
int cmd_solve_defs(param_def *out, int cap);
int cmd_evaluate_defs(param_def *out, int cap);
int cmd_export_defs(param_def *out, int cap);
int cmd_inspect_defs(param_def *out, int cap);
int cmd_report_defs(param_def *out, int cap);
int cmd_advise_defs(param_def *out, int cap);
int cmd_formats_defs(param_def *out, int cap);
int cmd_selftest_defs(param_def *out, int cap);

/* Every command whose section and keys a parameter file may hold (for param_set.catalog). */
const param_catalog *cli_catalog(void);

#endif
