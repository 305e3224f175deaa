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

/* Commands (one file each: cmd_<name>.c). */
ar_status cmd_import(int argc, char **argv);
ar_status cmd_inspect(int argc, char **argv);
ar_status cmd_advise(int argc, char **argv);
ar_status cmd_solve(int argc, char **argv); /* solve_driver.c, for every problem kind */
ar_status cmd_evaluate(int argc, char **argv);
ar_status cmd_export(int argc, char **argv);
ar_status cmd_report(int argc, char **argv);

/* `antroute import synthetic` (the wings' importers are theirs: wing.h, `imports`). */
ar_status cmd_import_synthetic(int argc, char **argv);

#endif
