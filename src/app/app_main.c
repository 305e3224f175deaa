/* SPDX-License-Identifier: BSD-3-Clause */
/* app_main: MPI start-up, command dispatch, and the one place that prints errors and exits (see
 * app_main.h). */
#include "app_main.h"

#include <ctype.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "app_version.h"
#include "app_wings.h"
#include "ar_agree.h"
#include "ar_clock.h"
#include "ar_error.h"
#include "ar_nodelay.h"
#include "ar_signal.h"
#include "ar_singleton.h"
#include "cli.h"
#include "cli_man.h"
#include "h5u.h"
#include "param_file.h"

static void print_usage(FILE *out) {
  fprintf(out, "usage: antroute <command> [options]\n"
               "       antroute <command> --help\n"
               "       antroute --version\n\n"
               "Ant Colony Optimization for routes on transport networks (hybrid MPI + OpenMP,\n"
               "parallel HDF5, checkpoint/restart).\n\ncommands:\n");
  for (const cli_command *c = cli_command_table; c->name; c++)
    fprintf(out, "  %-10s %s\n", c->name, c->summary);
  fprintf(out, "\nkinds of network:\n");
  for (int i = 0; i < app_wing_count(); i++)
    fprintf(out, "  %-13s %s\n", app_wing_at(i)->name, app_wing_at(i)->title);
  fprintf(out, "\nexamples:\n");
  for (const char *line = cli_examples_text; *line;) { /* indented, one command a line */
    size_t len = strcspn(line, "\n");
    fprintf(out, "  %.*s\n", (int)len, line);
    line += len + (line[len] == '\n');
  }
  fprintf(out, "\n%s", cli_exit_status_text);
}

/* Unknown command: names it and the nearest command when it is a typo away. */
static int unknown_command(const char *name) {
  const char *names[64];
  int n = 0;
  for (const cli_command *c = cli_command_table; c->name && n < 64; c++)
    names[n++] = c->name;
  const char *near = param_file_nearest(name, names, n);
  if (near)
    fprintf(stderr, "antroute: unknown command '%s' (did you mean '%s'? see antroute --help)\n",
            name, near);
  else
    fprintf(stderr, "antroute: unknown command '%s' (see antroute --help)\n", name);
  return AR_EXIT_USAGE;
}

/* The heading of an error: "solve", or "import tsplib" when msg begins with it (the option
 * parser names the command too: "solve: unknown option" would say "solve" twice). Returns the
 * rest of msg. */
static const char *error_heading(const char *cmd, const char *msg, char *head, size_t cap) {
  snprintf(head, cap, "%s", cmd);
  size_t len = strlen(cmd);
  const char *colon = strstr(msg, ": ");
  if (strncmp(msg, cmd, len) != 0 || !colon || (size_t)(colon - msg) >= cap) return msg;
  for (const char *p = msg + len; p < colon; p++)
    if (!(islower((unsigned char)*p) || *p == ' ' || *p == '-')) return msg;
  if (colon != msg + len && msg[len] != ' ') return msg;
  snprintf(head, cap, "%.*s", (int)(colon - msg), msg);
  return colon + 2;
}

int app_main(int argc, char **argv) {
  ar_clock_start(); /* solve --time counts from here (ar_clock.h) */
  /* Stop signals are caught from here on (docs/cli.md, "Signals"): noted until the command says
   * what a stop means for it. */
  if (ar_signal_install() != AR_OK) {
    fprintf(stderr, "antroute: %s\n", ar_error_message());
    return AR_EXIT_FAILURE;
  }
  cli_parse_set_catalog(cli_catalog); /* parameter files may name every command */
  /* Version and help need no MPI: they must work on a login node without a launcher. */
  if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
    print_usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? AR_EXIT_USAGE : AR_EXIT_OK;
  }
  /* Hidden: the man page's head and the commands whose sections follow it (cmake/man_page.cmake).
   */
  if (strcmp(argv[1], "--help-man") == 0) {
    cli_man_head(stdout);
    return AR_EXIT_OK;
  }
  if (strcmp(argv[1], "--man-commands") == 0) {
    cli_man_commands(stdout);
    return AR_EXIT_OK;
  }
  if (strcmp(argv[1], "--version") == 0) {
    app_version_print(stdout);
    return AR_EXIT_OK;
  }
  const cli_command *cmd = NULL;
  for (const cli_command *c = cli_command_table; c->name; c++)
    if (strcmp(argv[1], c->name) == 0) cmd = c;
  if (!cmd) return unknown_command(argv[1]);

  /* Without a launcher: no helper daemon, no fabric probing; ranks of one node: no fabric
   * probing (ar_singleton.h). */
  if (!ar_singleton_defaults()) ar_one_node_defaults();
  /* Threads of a rank may call MPI concurrently (multi-endpoint pheromone sharing). */
  int provided = 0;
  if (ar_mpi_check(MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided),
                   "MPI_Init_thread") != AR_OK) {
    fprintf(stderr, "antroute: %s\n", ar_error_message());
    return AR_EXIT_FAILURE;
  }
  ar_clock_note_mpi(); /* solve's results tell MPI's start from the rest (solve_budget.h) */
  /* From here on an MPI failure is a status with a message (ar_mpi_check), never an abort;
   * communicators made from MPI_COMM_WORLD inherit the handler (ar_comm.h sets it again). */
  ar_error_clear();
  /* The launcher's PMIx link without Nagle: MPI_Finalize 40 ms sooner (ar_nodelay.h). */
  (void)ar_nodelay_tcp_sockets();
  int rank = 0;
  /* MPI's start-up may have installed handlers of its own. solve stops at its own points (a
   * checkpoint, status 75); the other commands have nothing to keep and stop at once. */
  ar_status st = ar_signal_install();
  if (st == AR_OK && cmd->run != cmd_solve) ar_signal_set_mode(AR_SIGNAL_EXIT);
  if (st == AR_OK) st = ar_mpi_errors_return(MPI_COMM_WORLD);
  if (st == AR_OK) st = ar_mpi_check(MPI_Comm_rank(MPI_COMM_WORLD, &rank), "MPI_Comm_rank");
  if (st == AR_OK) st = h5u_init();
  if (st == AR_OK) st = cmd->run(argc - 1, argv + 1);
  /* A checkpointed or stopped run has said so itself (rank 0). */
  if (st != AR_OK && st != AR_ERR_RESUME && st != AR_ERR_STOPPED) {
    const char *msg = ar_error_message();
    if (!msg[0]) msg = ar_status_name(st);
    /* A failure every rank agreed on is reported once, by rank 0; other ranks speak only for
     * themselves, prefixed with their rank. */
    char head[64];
    msg = error_heading(cmd->name, msg, head, sizeof head);
    if (rank == 0)
      fprintf(stderr, "antroute %s: error: %s\n", head, msg);
    else if (!ar_error_is_shared())
      fprintf(stderr, "antroute %s: [rank %d] error: %s\n", head, rank, msg);
  }
  ar_status fin = ar_mpi_check(MPI_Finalize(), "MPI_Finalize");
  if (fin != AR_OK && (st == AR_OK || st == AR_ERR_RESUME || st == AR_ERR_STOPPED)) {
    fprintf(stderr, "antroute %s: [rank %d] error: %s\n", cmd->name, rank, ar_error_message());
    st = fin;
  }
  /* Stopped by a signal with nothing kept: 128 + that signal, as a shell shows a process killed
   * by it. */
  return st == AR_ERR_STOPPED ? ar_signal_exit_status() : ar_exit_code(st);
}
