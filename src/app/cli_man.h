/* SPDX-License-Identifier: BSD-3-Clause */
/* cli_man: the parts of the man page antroute.1 that are not one command's options.
 *
 * The build assembles antroute.1 (cmake/man_page.cmake) from `antroute --help-man` (this page's
 * head: name, synopsis, the command list, exit statuses, environment, files), then, for every
 * line of `antroute --man-commands`, that command's own section (`antroute CMD --help-man`,
 * printed by param_print_man() from the same table as its --help). Neither needs MPI. Never fail.
 */
#ifndef AR_CLI_MAN_H
#define AR_CLI_MAN_H

#include <stdio.h>

/* A first run in three commands: `antroute --help` and the man page's EXAMPLES. */
extern const char cli_examples_text[];

/* The exit statuses as `antroute --help` lists them. */
extern const char cli_exit_status_text[];

/* The page's head in roff, ending with the .SH COMMANDS heading. */
void cli_man_head(FILE *out);

/* Every command line that has its own options, one per line ("import tsplib", "solve", ...). */
void cli_man_commands(FILE *out);

#endif
