/* SPDX-License-Identifier: BSD-3-Clause */
/* param: typed options, ranges, parameter files (with line numbers in errors), precedence, and
 * values saved and given back (param_values). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "param.h"
#include "param_file.h"
#include "test_util.h"

static const param_def defs[] = {
    {"colonies", 'c', PARAM_INT, "4", NULL, 1, 4096, "C", "colonies", PARAM_SEARCH},
    {"rho", 0, PARAM_REAL, "0.1", NULL, 0, 1, "X", "evaporation", PARAM_SEARCH},
    {"algorithm", 0, PARAM_CHOICE, "mmas", "mmas|acs", 1, 0, "A", "algorithm", PARAM_SEARCH},
    {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "FILE", "output", 0},
    {"quiet", 'q', PARAM_FLAG, NULL, NULL, 1, 0, NULL, "quiet", 0},
};

static const param_def import_defs[] = {
    {"rho", 0, PARAM_REAL, NULL, NULL, 0, 10, "X", "another command's rho", 0},
    {"tour", 0, PARAM_STRING, NULL, NULL, 1, 0, "FILE", "a tour", 0},
};

static int copy_defs(const param_def *t, int n, param_def *out, int cap) {
  if (n > cap) return -1;
  for (int i = 0; i < n; i++)
    out[i] = t[i];
  return n;
}
static int solve_table(param_def *out, int cap) { return copy_defs(defs, 5, out, cap); }
static int import_table(param_def *out, int cap) { return copy_defs(import_defs, 2, out, cap); }
static const param_command commands[] = {{"solve", solve_table}, {"import", import_table}};
static const param_catalog catalog = {commands, 2};

static param_set fresh(void) {
  param_set ps = {.catalog = &catalog,
                  .command = "solve",
                  .usage = "test",
                  .defs = defs,
                  .ndefs = 5,
                  .min_positional = 1,
                  .max_positional = 1};
  return ps;
}

static ar_status parse(param_set *ps, int argc, const char **argv) {
  return param_parse(ps, argc, (char **)argv);
}

/* Writes len bytes of text into path. */
static void put(const char *path, const char *text, size_t len) {
  FILE *f = fopen(path, "wb");
  CHECK(f && fwrite(text, 1, len, f) == len);
  fclose(f);
}

/* Parses `solve in.h5 --params path` after writing text there: the status, with the message. */
static ar_status parse_file(const char *path, const char *text, size_t len) {
  put(path, text, len);
  param_set ps = fresh();
  const char *argv[] = {"solve", "in.h5", "--params", path};
  ar_status st = parse(&ps, 4, argv);
  param_free(&ps);
  return st;
}

static int says(const char *a, const char *b) {
  if (strstr(ar_error_message(), a) && (!b || strstr(ar_error_message(), b))) return 1;
  fprintf(stderr, "message: %s (wanted '%s' and '%s')\n", ar_error_message(), a, b ? b : "");
  return 0;
}

/* Issue #20: sections and keys no command knows, files that are not text or not files, and an
 * option given twice. */
static void strict_files(const char *path) {
  char want[512];
  const char sect[] = "[Solve]\niterations = 5\n";
  CHECK(parse_file(path, sect, sizeof sect - 1) == AR_ERR_USAGE);
  snprintf(want, sizeof want, "%s:1: unknown section [Solve]", path);
  CHECK(says(want, "did you mean [solve]?"));
  const char empty[] = "colonies = 2\n\n[sovle]\n";
  CHECK(parse_file(path, empty, sizeof empty - 1) == AR_ERR_USAGE);
  snprintf(want, sizeof want, "%s:3: unknown section [sovle]", path);
  CHECK(says(want, "[solve]"));
  const char top[] = "colonis = 2\n";
  CHECK(parse_file(path, top, sizeof top - 1) == AR_ERR_USAGE);
  CHECK(says("unknown parameter 'colonis': no option of any command", "did you mean 'colonies'"));
  const char other[] = "[import]\nrhoo = 1\n";
  CHECK(parse_file(path, other, sizeof other - 1) == AR_ERR_USAGE);
  CHECK(says(":2: unknown parameter 'rhoo': no option of [import]", "'rho'"));
  /* Another command's key at top level or in its section is fine (recorded files hold them). */
  const char shared[] = "tour = x.tour\ncolonies = 3\n[import]\ntour = y\n[solve]\nrho = 0.5\n";
  CHECK(parse_file(path, shared, sizeof shared - 1) == AR_OK);
  const char nul[] = "[solve]\niterations = 1\0 0\n";
  CHECK(parse_file(path, nul, sizeof nul - 1) == AR_ERR_USAGE);
  CHECK(says(":2: a NUL byte", NULL));
  const char ctl[] = "[solve]\n\nrho = 0.\0335\n";
  CHECK(parse_file(path, ctl, sizeof ctl - 1) == AR_ERR_USAGE);
  CHECK(says(":3: control character 0x1b", NULL));
  const char crlf[] = "[solve]\r\nrho = 0.5\r\n";
  CHECK(parse_file(path, crlf, sizeof crlf - 1) == AR_OK);

  /* Not a regular file: refused before it is opened (a FIFO would wait for a writer). */
  char dir[] = "/tmp/ar_param_dirXXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  param_set ps = fresh();
  const char *a_dir[] = {"solve", "in.h5", "--params", dir};
  CHECK(parse(&ps, 4, a_dir) == AR_ERR_IO && says("is a directory, not a regular file", NULL));
  param_free(&ps);
  char fifo[600];
  snprintf(fifo, sizeof fifo, "%s/fifo", dir);
  CHECK(mkfifo(fifo, 0600) == 0);
  ps = fresh();
  const char *a_fifo[] = {"solve", "in.h5", "--params", fifo};
  CHECK(parse(&ps, 4, a_fifo) == AR_ERR_IO && says("is a FIFO (named pipe)", NULL));
  param_free(&ps);
  remove(fifo);
  rmdir(dir);

  /* An option given twice, by either spelling, and --params twice. */
  ps = fresh();
  const char *twice[] = {"solve", "in.h5", "-o", "a.h5", "--output", "b.h5"};
  CHECK(parse(&ps, 6, twice) == AR_ERR_USAGE &&
        says("option --output given twice ('a.h5', then 'b.h5')", NULL));
  param_free(&ps);
  ps = fresh();
  const char *flag2[] = {"solve", "in.h5", "-q", "--quiet"};
  CHECK(parse(&ps, 4, flag2) == AR_ERR_USAGE && says("option --quiet given twice", NULL));
  param_free(&ps);
  ps = fresh();
  const char *p2[] = {"solve", "in.h5", "--params", "a.ini", "--params", "b.ini"};
  CHECK(parse(&ps, 6, p2) == AR_ERR_USAGE && says("--params given twice", NULL));
  param_free(&ps);
}

/* param_values: a set saved after parsing comes back as parsed (values and origins) after a
 * default was resolved into it and a value unset, as solve's rounds after a damaged checkpoint
 * need (src/app/solve_driver.c). */
static void values_restore(void) {
  param_set ps = fresh();
  const char *a[] = {"solve", "in.h5", "-c", "8", "-o", "r.h5"};
  CHECK(parse(&ps, 6, a) == AR_OK);
  char *before = param_serialize(&ps, 1);
  param_values given;
  CHECK(param_values_save(&ps, &given) == AR_OK);
  param_unset(&ps, "rho"); /* a resolved default, as solve_options_resolved records one */
  CHECK(param_set_default(&ps, "rho", "0.5") == AR_OK);
  param_unset(&ps, "output");
  CHECK(param_real(&ps, "rho") == 0.5 && !param_is_set(&ps, "output"));
  CHECK(param_values_restore(&ps, &given) == AR_OK);
  char *after = param_serialize(&ps, 1);
  CHECK(before && after && strcmp(before, after) == 0);
  CHECK(param_real(&ps, "rho") == 0.1 && param_origin_of(&ps, "rho") == PARAM_FROM_DEFAULT);
  CHECK(param_int(&ps, "colonies") == 8 &&
        param_origin_of(&ps, "colonies") == PARAM_FROM_COMMAND_LINE);
  CHECK(strcmp(param_str(&ps, "output"), "r.h5") == 0);
  CHECK(param_values_restore(&ps, &given) == AR_OK); /* again: the saved values stay */
  CHECK_EQ_INT(param_int(&ps, "colonies"), 8);
  free(before);
  free(after);
  param_values_free(&given);
  param_free(&ps);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  param_set ps = fresh();
  const char *a1[] = {"solve",       "in.h5", "-c", "8",  "--rho=0.25",
                      "--algorithm", "acs",   "-q", "-o", "r.h5"};
  CHECK(parse(&ps, 10, a1) == AR_OK);
  CHECK_EQ_INT(param_int(&ps, "colonies"), 8);
  CHECK(param_real(&ps, "rho") == 0.25);
  CHECK(strcmp(param_str(&ps, "algorithm"), "acs") == 0);
  CHECK(param_flag(&ps, "quiet") == 1);
  CHECK(strcmp(ps.positional[0], "in.h5") == 0);
  char *text = param_serialize(&ps, 1);
  CHECK(text && strstr(text, "colonies = 8\n") && !strstr(text, "output"));
  free(text);
  param_free(&ps);

  /* Defaults, and errors. */
  ps = fresh();
  const char *a2[] = {"solve", "in.h5"};
  CHECK(parse(&ps, 2, a2) == AR_OK);
  CHECK_EQ_INT(param_int(&ps, "colonies"), 4);
  CHECK(!param_is_set(&ps, "output"));
  param_free(&ps);
  ps = fresh();
  const char *a3[] = {"solve", "in.h5", "--colonies", "0"};
  CHECK(parse(&ps, 4, a3) == AR_ERR_USAGE);
  CHECK(strstr(ar_error_message(), "--colonies") && strstr(ar_error_message(), "outside"));
  param_free(&ps);
  ps = fresh();
  const char *a4[] = {"solve", "in.h5", "--rho", "nan"};
  CHECK(parse(&ps, 4, a4) == AR_ERR_USAGE);
  param_free(&ps);
  ps = fresh();
  const char *a5[] = {"solve", "in.h5", "--algorithm", "ga"};
  CHECK(parse(&ps, 4, a5) == AR_ERR_USAGE && strstr(ar_error_message(), "mmas|acs"));
  param_free(&ps);
  ps = fresh();
  const char *a6[] = {"solve"};
  CHECK(parse(&ps, 1, a6) == AR_ERR_USAGE && strstr(ar_error_message(), "missing argument"));
  param_free(&ps);

  /* Parameter file: the command line wins; section of another command ignored. */
  char path[] = "/tmp/ar_param_testXXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  FILE *f = fdopen(fd, "w");
  fprintf(f, "# comment\ncolonies = 16\n[solve]\nrho = 0.5\nalgorithm = acs\n[import]\nrho = 9\n");
  fclose(f);
  ps = fresh();
  const char *a7[] = {"solve", "in.h5", "--params", path, "--colonies", "2"};
  CHECK(parse(&ps, 6, a7) == AR_OK);
  CHECK_EQ_INT(param_int(&ps, "colonies"), 2);
  CHECK(param_real(&ps, "rho") == 0.5);
  CHECK(param_origin_of(&ps, "rho") == PARAM_FROM_FILE);
  param_free(&ps);

  /* Bad value in the file: named by file and line. */
  f = fopen(path, "w");
  fprintf(f, "[solve]\n\nrho = 2\n");
  fclose(f);
  ps = fresh();
  const char *a8[] = {"solve", "in.h5", "--params", path};
  CHECK(parse(&ps, 4, a8) == AR_ERR_USAGE);
  char want[256];
  snprintf(want, sizeof want, "%s:3: rho", path);
  CHECK(strstr(ar_error_message(), want) != NULL);
  param_free(&ps);
  f = fopen(path, "w");
  fprintf(f, "[solve]\nants = 3\n");
  fclose(f);
  ps = fresh();
  CHECK(parse(&ps, 4, a8) == AR_ERR_USAGE &&
        strstr(ar_error_message(), "unknown parameter 'ants'"));
  param_free(&ps);
  strict_files(path);
  remove(path);

  /* Did you mean: a typo away gets the name, a word from elsewhere none (param_file_nearest). */
  ps = fresh();
  const char *a9[] = {"solve", "in.h5", "--colnies", "3"};
  CHECK(parse(&ps, 4, a9) == AR_ERR_USAGE &&
        strstr(ar_error_message(), "did you mean --colonies?") != NULL);
  param_free(&ps);
  const char *names[] = {"solve", "import", "inspect", "report"};
  CHECK(strcmp(param_file_nearest("slove", names, 4), "solve") == 0);
  CHECK(strcmp(param_file_nearest("INSPECT", names, 4), "inspect") == 0);
  CHECK(param_file_nearest("frobnicate", names, 4) == NULL);
  CHECK(param_file_nearest("x", names, 0) == NULL);
  values_restore();
  return 0;
}
