/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit test of field declarations (io/common/h5field): a dataset written by its declaration
 * carries the declared unit and meaning, a bare one puts its meaning on its group, one under a
 * placeholder is written under the group given; reading checks rank and class and names the file
 * and the dataset; the Markdown and JSON renderings hold every field. Also runs under the
 * sanitizers (label unit). */
#include <hdf5.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ar_error.h"
#include "h5field.h"
#include "h5field_render.h"
#include "h5u.h"
#include "test_util.h"

static const h5field fields[] = {
    {.name = "cost",
     .path = "/best/cost",
     .type = H5FIELD_I64,
     .rank = 0,
     .meaning = "the length",
     .flags = H5FIELD_MEANING_ON_PARENT},
    {.name = "time",
     .path = "/trace/time",
     .type = H5FIELD_F64,
     .rank = 1,
     .shape = "[T]",
     .unit = "s",
     .meaning = "seconds | since the start"},
    {.name = "grid",
     .path = "/trace/grid",
     .type = H5FIELD_I32,
     .rank = 2,
     .shape = "[E][C]",
     .meaning = "a \"grid\""},
    {.name = "codes",
     .path = "/codes",
     .type = H5FIELD_STR,
     .rank = 1,
     .shape = "[n]",
     .meaning = "names"},
    {.name = "key",
     .path = "/months/YYYY-MM/key",
     .type = H5FIELD_F64,
     .rank = 1,
     .shape = "[T]",
     .meaning = "per month",
     .flags = H5FIELD_PER_GROUP},
    {.name = "seconds",
     .path = "/run/seconds",
     .type = H5FIELD_F64,
     .unit = "s",
     .meaning = "wall time",
     .flags = H5FIELD_ATTRIBUTE},
    {.name = "kind",
     .path = "/kind",
     .type = H5FIELD_STR,
     .meaning = "the kind",
     .flags = H5FIELD_ATTRIBUTE | H5FIELD_OPTIONAL},
};
static const h5field_table table = H5FIELD_TABLE("test:results", "Results file: test", fields);

static void write_file(const char *path) {
  h5u_output out;
  CHECK(h5u_output_create(&out, path, MPI_COMM_SELF) == AR_OK);
  hid_t g = -1, m = -1;
  CHECK(h5u_group_create(out.file, "best", &g) == AR_OK);
  int64_t cost = 42;
  CHECK(h5field_write(g, &fields[0], NULL, &cost) == AR_OK);
  H5Gclose(g);
  CHECK(h5u_group_create(out.file, "trace", &g) == AR_OK);
  double t[3] = {0.5, 1.5, 2.5};
  hsize_t d3[1] = {3}, d23[2] = {2, 3};
  int32_t grid[6] = {1, 2, 3, 4, 5, 6};
  CHECK(h5field_write(out.file, &fields[1], d3, t) == AR_OK);
  CHECK(h5field_write(g, &fields[2], d23, grid) == AR_OK);
  H5Gclose(g);
  const char *names[2] = {"alpha", "be"};
  hsize_t d2[1] = {2};
  CHECK(h5field_write(out.file, &fields[3], d2, names) == AR_OK);
  CHECK(h5u_group_create(out.file, "months", &g) == AR_OK);
  CHECK(h5u_group_create(g, "2013-05", &m) == AR_OK);
  CHECK(h5field_write(m, &fields[4], d3, t) == AR_OK);
  H5Gclose(m);
  H5Gclose(g);
  CHECK(h5u_group_create(out.file, "run", &g) == AR_OK);
  CHECK(h5field_attr_f64(g, &fields[5], 3.25) == AR_OK);
  CHECK(h5field_attr_i64(g, &fields[5], 3) == AR_ERR_INTERNAL); /* a float64 field */
  ar_error_clear();
  CHECK(h5field_write(g, &fields[5], d3, t) == AR_ERR_INTERNAL); /* an attribute */
  ar_error_clear();
  H5Gclose(g);
  CHECK(h5u_output_commit(&out) == AR_OK);
}

static void check_file(const char *path) {
  hid_t f = -1;
  CHECK(h5u_open_read(path, MPI_COMM_SELF, &f) == AR_OK);
  if (f < 0) return;
  char text[64] = "";
  hid_t g = H5Gopen2(f, "best", H5P_DEFAULT);
  CHECK(h5u_attr_read_str(g, "cost", text, sizeof text) == AR_OK && !strcmp(text, "the length"));
  H5Gclose(g);
  hid_t d = H5Dopen2(f, "trace/time", H5P_DEFAULT);
  CHECK(h5u_attr_read_str(d, "units", text, sizeof text) == AR_OK && !strcmp(text, "s"));
  H5Dclose(d);
  hsize_t dims[2] = {0, 0};
  void *data = NULL;
  CHECK(h5field_read(f, &fields[1], dims, 100, &data) == AR_OK && dims[0] == 3);
  CHECK(data && ((double *)data)[2] == 2.5);
  free(data);
  CHECK(h5field_read(f, &fields[0], dims, 1, &data) == AR_OK && data && *(int64_t *)data == 42);
  free(data);
  CHECK(h5field_read(f, &fields[2], dims, 100, &data) == AR_OK && dims[0] == 2 && dims[1] == 3);
  free(data);
  /* The wrong rank and the wrong class: the message names the file and the dataset. */
  h5field wrong = fields[1];
  wrong.rank = 2;
  CHECK(h5field_read(f, &wrong, dims, 100, &data) == AR_ERR_INPUT);
  CHECK(strstr(ar_error_message(), path) && strstr(ar_error_message(), "/trace/time"));
  ar_error_clear();
  wrong.rank = 1;
  wrong.type = H5FIELD_I32;
  CHECK(h5field_check(f, &wrong) == AR_ERR_INPUT && strstr(ar_error_message(), "floating"));
  ar_error_clear();
  wrong.path = "/trace/nothing";
  CHECK(h5field_check(f, &wrong) == AR_ERR_INPUT && strstr(ar_error_message(), "missing"));
  ar_error_clear();
  hsize_t n = 0;
  char **s = NULL;
  CHECK(h5field_read_strings(f, &fields[3], 10, &n, &s) == AR_OK && n == 2);
  if (s && n == 2) CHECK(!strcmp(s[0], "alpha") && !strcmp(s[1], "be"));
  if (s) h5u_free_strings(s, n);
  CHECK(h5field_exists(f, &fields[5]));
  CHECK(!h5field_exists(f, &fields[6]));
  g = H5Gopen2(f, "months/2013-05", H5P_DEFAULT);
  CHECK(h5field_exists(g, &fields[4]));
  H5Gclose(g);
  h5u_close(f);
}

static void check_render(const char *dir) {
  char path[512];
  snprintf(path, sizeof path, "%s/fields.txt", dir);
  FILE *out = fopen(path, "w+");
  CHECK(out != NULL);
  if (!out) return;
  const h5field_table *tables[1] = {&table};
  CHECK(h5field_markdown(out, &table) == AR_OK);
  CHECK(h5field_json(out, tables, 1) == AR_OK);
  rewind(out);
  static char text[8192];
  size_t len = fread(text, 1, sizeof text - 1, out);
  text[len] = '\0';
  fclose(out);
  CHECK(strstr(text, "| `/best/cost` | int64 scalar |  | the length |") != NULL);
  CHECK(strstr(text, "| `/trace/time` | float64 [T] | s | seconds \\| since the start |"));
  CHECK(strstr(text, "| `/run` attribute `seconds` | float64 | s | wall time |"));
  CHECK(strstr(text, "| `/` attribute `kind` | string |  | (optional) the kind |"));
  CHECK(strstr(text, "\"test:results\": {"));
  CHECK(strstr(text, "\"grid\": {\"path\": \"/trace/grid\", \"type\": \"int32\", \"rank\": 2"));
  CHECK(strstr(text, "a \\\"grid\\\""));
  CHECK(h5field_find(&table, "key") == &fields[4] && !h5field_find(&table, "none"));
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  const char *dir = getenv("AR_TMP") ? getenv("AR_TMP") : ".";
  mkdir(dir, 0700);
  char path[512];
  snprintf(path, sizeof path, "%s/h5field_test.h5", dir);
  write_file(path);
  check_file(path);
  check_render(dir);
  remove(path);
  return 0;
}
