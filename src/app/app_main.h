/* SPDX-License-Identifier: BSD-3-Clause */
/* app_main: the whole program behind main(): MPI start-up, the command table (cli.h), and the one
 * place that prints errors and turns a status into an exit code. A test binary registers a wing
 * of its own (app_wing_register) and then calls app_main like main() does. */
#ifndef AR_APP_MAIN_H
#define AR_APP_MAIN_H

/* Runs `antroute argv[1] ...`; returns the exit status (ar_exit_code). --help, --version and the
 * man page's parts need no MPI. */
int app_main(int argc, char **argv);

#endif
