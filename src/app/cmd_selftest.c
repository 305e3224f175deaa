/* SPDX-License-Identifier: BSD-3-Clause */
/* cmd_selftest: `antroute selftest`, the check of an installed tree (docs/install.md).
 *
 * In a fresh temporary folder it runs the commands of the guide's first steps on the installed
 * examples (PREFIX/share/antroute/examples, found beside the program like the report script, or
 * $ANTROUTE_EXAMPLES, or --examples DIR): import a TSPLIB instance, solve it, solve it again with
 * checkpoints, stopped half-way and resumed (the answer must equal the run without a stop),
 * import and solve the order-routing example, import the road extract and its stops and solve
 * them, and report (the summary, then the pictures, which need the report script and Python).
 * Each step prints one line, "ok" or "FAILED" with the command's own message; a command's output
 * goes to a log beside its files. The commands run inside this process (no launcher needed, as
 * on a login node). Exit 0 when every step passed, else 1 (AR_ERR_INTERNAL: the install is
 * broken), 2 for usage (more than one MPI rank: the check is one process).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ar_comm.h"
#include "ar_path.h"
#include "cli.h"
#include "cli_parse.h"
#include "h5u.h"
#include "selftest.h"

/* Where the install puts the examples, relative to the program's folder (cmake/install.cmake). */
#ifndef AR_EXAMPLES_DIR_FROM_BIN
#define AR_EXAMPLES_DIR_FROM_BIN "../share/antroute/examples"
#endif

static const param_def selftest_params[] = {
    {"examples", 0, PARAM_STRING, NULL, NULL, 1, 0, "DIR",
     "the example inputs (default: $ANTROUTE_EXAMPLES, else the installed "
     "PREFIX/share/antroute/examples beside the program)",
     0},
    {"keep", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "keep the temporary folder and its logs (it is removed when every step passed)", 0},
};

int cmd_selftest_defs(param_def *out, int cap) {
  return cli_copy_defs(selftest_params, (int)(sizeof selftest_params / sizeof selftest_params[0]),
                       out, cap);
}

/* The examples folder: --examples, $ANTROUTE_EXAMPLES, else the installed place beside the
 * program (never a path of the build tree). */
static void examples_dir(const param_set *ps, char *buf, size_t cap) {
  const char *given = param_str(ps, "examples");
  if (!given || !given[0]) given = getenv("ANTROUTE_EXAMPLES");
  if (given && given[0]) {
    snprintf(buf, cap, "%s", given);
    return;
  }
  char exe[H5U_PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  exe[n > 0 ? n : 0] = '\0';
  char *slash = strrchr(exe, '/');
  if (slash) *slash = '\0';
  snprintf(buf, cap, "%s/%s", slash ? exe : ".", AR_EXAMPLES_DIR_FROM_BIN);
}

/* The temporary folder: $TMPDIR (else /tmp)/antroute-selftest.XXXXXX, made by rank 0 only. */
static ar_status make_folder(char *buf, size_t cap) {
  snprintf(buf, cap, "%s/antroute-selftest.XXXXXX", ar_path_tmp_dir());
  if (!mkdtemp(buf))
    return ar_fail(AR_ERR_IO, "cannot create a temporary folder %s: %s", buf, strerror(errno));
  return AR_OK;
}

static ar_status selftest_work(const param_set *ps) {
  int ranks = 1;
  ar_status st = ar_comm_rank_size(MPI_COMM_WORLD, NULL, &ranks);
  if (st == AR_OK && ranks > 1)
    return ar_fail(AR_ERR_USAGE, "selftest runs as one process (without mpirun), not %d ranks",
                   ranks);
  selftest t = {.keep = param_flag(ps, "keep"), .out = stdout};
  examples_dir(ps, t.examples, sizeof t.examples);
  if (st == AR_OK) st = make_folder(t.dir, sizeof t.dir);
  if (st != AR_OK) return st;
  printf("selftest: antroute %s, examples %s, working in %s\n", selftest_version(), t.examples,
         t.dir);
  fflush(stdout);
  selftest_run(&t);
  return selftest_verdict(&t);
}

ar_status cmd_selftest(int argc, char **argv) {
  param_set ps = {.command = "selftest",
                  .usage = "antroute selftest [--examples DIR] [--keep]",
                  .description =
                      "Checks an installed antroute: in a temporary folder it imports the "
                      "installed examples, solves them, checkpoints and resumes a run (same "
                      "answer as without a stop) and reports, printing one line per step. "
                      "Exit status 0 when every step passed, 1 when one failed.",
                  CLI_OPTIONS(selftest_params, 0, 0)};
  int help_done = 0;
  ar_status st = cli_parse(&ps, argc, argv, NULL, NULL, &help_done);
  if (st == AR_OK && !help_done) st = selftest_work(&ps);
  param_free(&ps);
  return st;
}
