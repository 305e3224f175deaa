/* param: typed options, ranges, parameter files (with line numbers in errors), precedence. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "param.h"
#include "test_util.h"

static const param_def defs[] = {
    {"colonies", 'c', PARAM_INT, "4", NULL, 1, 4096, "C", "colonies", PARAM_SEARCH},
    {"rho", 0, PARAM_REAL, "0.1", NULL, 0, 1, "X", "evaporation", PARAM_SEARCH},
    {"algorithm", 0, PARAM_CHOICE, "mmas", "mmas|acs", 1, 0, "A", "algorithm", PARAM_SEARCH},
    {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "FILE", "output", 0},
    {"quiet", 'q', PARAM_FLAG, NULL, NULL, 1, 0, NULL, "quiet", 0},
};

static param_set fresh(void) {
  param_set ps = {.command = "solve",
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
  remove(path);
  return 0;
}
