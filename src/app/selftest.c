/* SPDX-License-Identifier: BSD-3-Clause */
/* selftest: the steps of `antroute selftest` (see selftest.h). */
#define _XOPEN_SOURCE 700 /* nftw */
#include "selftest.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ar_version.h"
#include "cli.h"

const char *selftest_version(void) { return AR_VERSION_STRING; }

/* The commands the steps use (not cli_command_table, which lists selftest itself). */
static const cli_command step_commands[] = {
    {"import", cmd_import, NULL}, {"solve", cmd_solve, NULL}, {"report", cmd_report, NULL}};

static const cli_command *command_named(const char *name) {
  for (size_t i = 0; i < sizeof step_commands / sizeof step_commands[0]; i++)
    if (strcmp(step_commands[i].name, name) == 0) return &step_commands[i];
  return NULL;
}

/* The output of the command being run goes into selftest.log (stdout and stderr), then back. */
typedef struct {
  int out, err;
} saved_streams;

static int streams_to_log(saved_streams *s) {
  fflush(stdout);
  fflush(stderr);
  int log = open("selftest.log", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  s->out = dup(STDOUT_FILENO);
  s->err = dup(STDERR_FILENO);
  int ok = log >= 0 && s->out >= 0 && s->err >= 0 && dup2(log, STDOUT_FILENO) >= 0 &&
           dup2(log, STDERR_FILENO) >= 0;
  if (log >= 0) close(log);
  return ok;
}

static void streams_back(saved_streams *s) {
  fflush(stdout);
  fflush(stderr);
  if (s->out >= 0 && dup2(s->out, STDOUT_FILENO) >= 0) close(s->out);
  if (s->err >= 0 && dup2(s->err, STDERR_FILENO) >= 0) close(s->err);
}

/* Runs `line` ("solve a.h5 -o b.h5": words separated by single spaces, no quoting) as
 * `antroute LINE` inside this process; its output is logged. The status; t->why says why. */
static ar_status run_line(selftest *t, const char *line) {
  enum { MAX_WORDS = 32 };
  char buf[1024], *argv[MAX_WORDS + 1];
  int argc = 0;
  snprintf(buf, sizeof buf, "%s", line);
  for (char *save = NULL, *w = strtok_r(buf, " ", &save); w && argc < MAX_WORDS;
       w = strtok_r(NULL, " ", &save))
    argv[argc++] = w;
  argv[argc] = NULL;
  const cli_command *cmd = argc > 0 ? command_named(argv[0]) : NULL;
  if (!cmd) {
    snprintf(t->why, sizeof t->why, "no command '%s'", argc > 0 ? argv[0] : "");
    return AR_ERR_INTERNAL;
  }
  saved_streams s = {-1, -1};
  if (!streams_to_log(&s)) {
    streams_back(&s);
    snprintf(t->why, sizeof t->why, "cannot write selftest.log: %s", strerror(errno));
    return AR_ERR_IO;
  }
  printf("$ antroute %s\n", line);
  ar_error_clear();
  ar_status st = cmd->run(argc, argv);
  snprintf(t->why, sizeof t->why, "antroute %s: %s", line,
           ar_error_message()[0] ? ar_error_message() : ar_status_name(st));
  if (st != AR_OK) fprintf(stderr, "error: %s\n", t->why);
  streams_back(&s);
  ar_error_clear();
  return st;
}

static void step(selftest *t, const char *what, ar_status st) {
  t->steps++;
  if (st == AR_OK) {
    fprintf(t->out, "selftest: %-48s ok\n", what);
  } else {
    t->failed++;
    fprintf(t->out, "selftest: %-48s FAILED: %s\n", what, t->why);
  }
  fflush(t->out);
}

/* /best/cost and /best/tour of a tour results file (*tour: caller frees). */
static ar_status read_best(const char *path, int64_t *cost, int32_t **tour, hsize_t *n) {
  hid_t file;
  ar_status st = h5u_open_read(path, MPI_COMM_SELF, &file);
  if (st != AR_OK) return st;
  hsize_t one[1];
  int64_t *c = NULL;
  st = h5u_read(file, "/best/cost", H5T_NATIVE_INT64, 0, one, 1, (void **)&c);
  if (st == AR_OK)
    st = h5u_read(file, "/best/tour", H5T_NATIVE_INT32, 1, n, 1u << 30, (void **)tour);
  if (st == AR_OK && c) *cost = *c;
  free(c);
  h5u_close(file);
  return st;
}

/* The same /best/cost and /best/tour in results files a and b; else why, in t->why. */
static ar_status same_answer(selftest *t, const char *a, const char *b) {
  int64_t ca = -1, cb = -2;
  int32_t *ta = NULL, *tb = NULL;
  hsize_t na = 0, nb = 0;
  ar_status st = read_best(a, &ca, &ta, &na);
  if (st == AR_OK) st = read_best(b, &cb, &tb, &nb);
  if (st != AR_OK)
    snprintf(t->why, sizeof t->why, "%s", ar_error_message());
  else if (ca != cb || na != nb || (na && memcmp(ta, tb, na * sizeof *ta) != 0))
    st = ar_fail(AR_ERR_INTERNAL, "%s (cost %lld) and %s (cost %lld) differ", a, (long long)ca, b,
                 (long long)cb);
  if (st != AR_OK) snprintf(t->why, sizeof t->why, "%s", ar_error_message());
  free(ta);
  free(tb);
  ar_error_clear();
  return st;
}

/* The resume step's output ("resumed from ckpt/...") is in the log: it did resume. */
static int log_mentions(const char *text) {
  FILE *f = fopen("selftest.log", "r");
  char line[2048];
  int found = 0;
  while (f && !found && fgets(line, sizeof line, f))
    found = strstr(line, text) != NULL;
  if (f) fclose(f);
  return found;
}

/* The resumed run started from the checkpoint and ended with the answer of the whole run. */
static ar_status resumed_same(selftest *t) {
  if (!log_mentions("resumed from ckpt/")) {
    snprintf(t->why, sizeof t->why, "the run did not resume a checkpoint of ckpt/");
    return AR_ERR_INTERNAL;
  }
  return same_answer(t, "whole.h5", "resumed.h5");
}

/* The examples every step needs, present and readable. */
static ar_status examples_present(selftest *t) {
  static const char *const files[] = {
      "examples/tsplib/berlin52.tsp", "examples/supply_chain/OrderList.csv",
      "examples/roads/monaco.osm.gz", "examples/roads/monaco_stops.csv",
      "examples/generic.sbatch",      "examples/LICENSES.md"};
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
    if (access(files[i], R_OK) != 0) {
      snprintf(t->why, sizeof t->why, "%s/%s: %s", t->examples, files[i] + strlen("examples/"),
               strerror(errno));
      return AR_ERR_IO;
    }
  return AR_OK;
}

/* The steps in order; after the resume, its answer is compared with the run without a stop. */
static void run_steps(selftest *t) {
  static const struct {
    const char *what, *line;
  } steps[] = {
      {"import tsplib (berlin52)", "import tsplib examples/tsplib/berlin52.tsp -o berlin52.h5"},
      /* Without local search the colony still improves after 20 iterations: the comparison of the
       * resumed run with the whole one means something. */
      {"solve (40 iterations)",
       "solve berlin52.h5 -o whole.h5 --iterations 40 --seed 7 -q --local-search none"},
      {"solve with checkpoints (20 iterations)",
       "solve berlin52.h5 -o half.h5 --iterations 20 --seed 7 -q --local-search none "
       "--checkpoint-dir ckpt"},
      {"resume the checkpoint (to 40 iterations)",
       "solve berlin52.h5 -o resumed.h5 --iterations 40 --seed 7 --local-search none "
       "--checkpoint-dir ckpt --resume auto"},
      {"import supply-chain (the order list)",
       "import supply-chain examples/supply_chain -o orders.h5"},
      {"solve the orders (1 iteration)", "solve orders.h5 -o orders-results.h5 --iterations 1 -q"},
      {"import osm (Monaco)", "import osm examples/roads/monaco.osm.gz -o monaco-roads.h5"},
      {"import stops (Monaco)",
       "import stops examples/roads/monaco_stops.csv --roads monaco-roads.h5 -o monaco-stops.h5"},
      {"solve the stops (20 iterations)", "solve monaco-stops.h5 -o monaco.h5 --iterations 20 -q"},
      {"report (summary)", "report whole.h5"},
      {"report (pictures)", "report whole.h5 -o pictures"},
  };
  step(t, "examples installed", examples_present(t));
  for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
    step(t, steps[i].what, run_line(t, steps[i].line));
    if (i == 3) step(t, "resumed answer = answer without a stop", resumed_same(t));
  }
}

void selftest_run(selftest *t) {
  char back[H5U_PATH_MAX];
  int have_back = getcwd(back, sizeof back) != NULL;
  if (chdir(t->dir) != 0 || symlink(t->examples, "examples") != 0) {
    snprintf(t->why, sizeof t->why, "%s: %s", t->dir, strerror(errno));
    step(t, "the temporary folder", AR_ERR_IO);
  } else {
    run_steps(t);
  }
  if (have_back && chdir(back) != 0) {
    /* The folder we came from went away: the paths printed are absolute anyway. */
  }
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
  return remove(path);
}

ar_status selftest_verdict(selftest *t) {
  if (t->failed == 0) {
    int kept = t->keep || nftw(t->dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0;
    fprintf(t->out, "selftest: passed, %d steps%s%s\n", t->steps, kept ? "; kept " : "",
            kept ? t->dir : "");
    fflush(t->out);
    return AR_OK;
  }
  return ar_fail(AR_ERR_INTERNAL, "%d of %d steps failed; their output is in %s/selftest.log",
                 t->failed, t->steps, t->dir);
}
