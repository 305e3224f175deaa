/* SPDX-License-Identifier: BSD-3-Clause */
/* cmd_report: `antroute report RESULTS.h5 [-o DIR] [--network FILE]`: a text summary of a results
 * file and, with -o, pictures of the best solution, the convergence and the BSP time split. */
#include <stdio.h>
#include <string.h>

#include "app_wing_check.h"
#include "app_wings.h"
#include "cli.h"
#include "cli_parse.h"
#include "h5u.h"
#include "param.h"
#include "report.h"

enum { PICTURES_MAX = 64 };

/* The pictures every wing's module may draw (for the check of -o before the file is read). */
static void all_pictures(const char **names, int cap) {
  int n = 0;
  for (int i = 0; i < app_wing_count(); i++)
    for (const char *const *p = app_wing_at(i)->pictures; p && *p && n < cap - 1; p++)
      names[n++] = *p;
  names[n] = NULL;
}

static const param_def report_params[] = {
    {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "DIR",
     "draw the pictures into DIR (created if missing)", 0},
    {"network", 'n', PARAM_STRING, NULL, NULL, 1, 0, "FILE",
     "the network file, when it is no longer where solve read it", 0},
    {"format", 'f', PARAM_CHOICE, "png", "png|svg", 1, 0, "png|svg",
     "picture format (SVG keeps text as text)", 0},
};

int cmd_report_defs(param_def *out, int cap) {
  return cli_copy_defs(report_params, (int)(sizeof report_params / sizeof report_params[0]), out,
                       cap);
}

static ar_status report_work(const param_set *ps) {
  const char *path = ps->positional[0];
  const char *dir = param_str(ps, "output");
  const char *const inputs[3] = {path, param_str(ps, "network"), ps->param_file};
  const char *pictures[PICTURES_MAX];
  all_pictures(pictures, PICTURES_MAX);
  ar_status st =
      dir ? report_plot_check_outputs(dir, param_str(ps, "format"), pictures, inputs, 3) : AR_OK;
  if (st != AR_OK) return st;
  hid_t file;
  st = h5u_open_read(path, MPI_COMM_SELF, &file);
  if (st != AR_OK) return st;
  wing_report_facts facts;
  const wing *w = NULL;
  st = report_summary(file, path, app_wing_results, stdout, &facts, &w);
  h5u_close(file);
  /* --network is checked whenever it is given (the network of these results?); without it the
   * summary needs no network, only the pictures look for one. */
  const char *given = param_str(ps, "network");
  if (st != AR_OK || (!dir && !given)) return st;

  char net[H5U_PATH_MAX] = "";
  st = report_network_resolve(w, &facts, given, net, sizeof net);
  /* Some pictures are drawn on the network (a tour on its coordinates); others only take names
   * from it, so they go without it (and say so), unless the one given is wrong. */
  if (st != AR_OK && (given || (w && w->report_needs_network))) return st;
  if (!dir) return st;
  if (st != AR_OK) {
    printf("note: %s; the pictures go without it (names from the results file only)\n",
           ar_error_message());
    ar_error_clear();
    net[0] = '\0';
  }
  fflush(stdout);
  return report_plot_run(path, dir, net, param_str(ps, "format"), w ? w->pictures : NULL);
}

ar_status cmd_report(int argc, char **argv) {
  param_set ps = {
      .command = "report",
      .usage = "antroute report RESULTS.h5 [-o DIR] [--network FILE] [--format png|svg]",
      .examples = "antroute report r.h5\n"
                  "antroute report r.h5 -o pictures\n"
                  "antroute report r.h5 -o pictures --network berlin52.h5 --format svg",
      .description = "Summarises a results file of `antroute solve` (problem, parameters, "
                     "layout, best cost per goal, gap, unserved orders, BSP time split and "
                     "imbalance) and, with -o DIR, draws pictures into DIR: the best tour on its "
                     "coordinates or the order flows plant -> port -> lane, cost per goal per "
                     "month, convergence per colony and the BSP time split. Pictures need "
                     "/usr/bin/python3 with h5py and matplotlib (ANTROUTE_PYTHON and "
                     "ANTROUTE_REPORT_SCRIPT override where they are found).",
      CLI_OPTIONS(report_params, 1, 1)};
  return cli_parse_run_rank0(&ps, argc, argv, NULL, 0, report_work);
}
