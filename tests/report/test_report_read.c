/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit test of the report's readers and formatting: numbers as attributes or scalar datasets of
 * any number class, strings fixed and variable, integer codes decoded through a `codes` attribute
 * (names that hold commas), group members in name order, shape errors named, and thousands
 * separators. Also runs under the sanitizers (label unit). */
#include <hdf5.h>
#include <stdlib.h>
#include <string.h>

#include "h5u.h"
#include "report_format.h"
#include "report_read.h"
#include "test_util.h"

static void write_fixture(const char *path) {
  hid_t f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  hid_t g = H5Gcreate2(f, "totals", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  h5u_attr_write_f64(g, "cost", 1234.5);
  h5u_attr_write_i64(g, "unserved", 7);
  h5u_attr_write_str(g, "label", "May");
  hid_t s = H5Screate(H5S_SCALAR);
  int32_t i32 = 42;
  hid_t d = H5Dcreate2(g, "warehouse", H5T_STD_I32LE, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dwrite(d, H5T_NATIVE_INT32, H5S_ALL, H5S_ALL, H5P_DEFAULT, &i32);
  H5Dclose(d);
  H5Sclose(s);

  /* Integer codes with names that hold commas and parentheses. */
  hsize_t n4[1] = {4};
  int8_t codes[4] = {2, 0, 1, 9};
  s = H5Screate_simple(1, n4, NULL);
  d = H5Dcreate2(f, "reason_codes", H5T_STD_I8LE, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dwrite(d, H5T_NATIVE_INT8, H5S_ALL, H5S_ALL, H5P_DEFAULT, codes);
  h5u_attr_write_str(d, "codes", "0=DTD (door to door), 1=capacity, full, 2=CRF (customer, free)");
  H5Dclose(d);

  /* Codes listed as "N name" in a description, as the order-routing results do. */
  d = H5Dcreate2(f, "reason_desc", H5T_STD_I8LE, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  int8_t why[4] = {4, 2, 0, 3};
  H5Dwrite(d, H5T_NATIVE_INT8, H5S_ALL, H5S_ALL, H5P_DEFAULT, why);
  h5u_attr_write_str(d, "description",
                     "0 served, 1 no route, 2 plant capacity, 3 lane weight cap, 4 not chosen "
                     "(it fits, the goals leave it out)");
  H5Dclose(d);

  /* Variable-length strings, as h5py writes lists of str. */
  const char *vl[4] = {"alpha", "", "gamma", "delta"};
  hid_t vt = H5Tcopy(H5T_C_S1);
  H5Tset_size(vt, H5T_VARIABLE);
  d = H5Dcreate2(f, "vlen", vt, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dwrite(d, vt, H5S_ALL, H5S_ALL, H5P_DEFAULT, vl);
  H5Dclose(d);
  H5Tclose(vt);

  /* Fixed-length, NULLPAD strings filling their width (no terminator in the file). */
  const char fixed[4][5] = {{'a', 'b', 'c', 'd', 'e'}, "x", "yy", "zzz"};
  hid_t ft = H5Tcopy(H5T_C_S1);
  H5Tset_size(ft, 5);
  H5Tset_strpad(ft, H5T_STR_NULLPAD);
  d = H5Dcreate2(f, "fixed", ft, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dwrite(d, ft, H5S_ALL, H5S_ALL, H5P_DEFAULT, fixed);
  H5Dclose(d);
  H5Tclose(ft);
  H5Sclose(s);

  /* A 2-D float table and a group with members out of creation order. */
  hsize_t d23[2] = {2, 3};
  double table[6] = {1, 2, 3, 4, 5, 6};
  s = H5Screate_simple(2, d23, NULL);
  d = H5Dcreate2(f, "table", H5T_IEEE_F64LE, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dwrite(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, table);
  H5Dclose(d);
  H5Sclose(s);
  hid_t m = H5Gcreate2(f, "months", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  const char *names[3] = {"2013-07", "2013-05", "2013-06"};
  for (int k = 0; k < 3; k++)
    H5Gclose(H5Gcreate2(m, names[k], H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT));
  H5Gclose(m);
  H5Gclose(g);
  H5Fclose(f);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  char buf[64];
  CHECK(strcmp(report_fmt_number(buf, sizeof buf, 0, 0), "0") == 0);
  CHECK(strcmp(report_fmt_number(buf, sizeof buf, 999, 0), "999") == 0);
  CHECK(strcmp(report_fmt_number(buf, sizeof buf, 1000, 0), "1,000") == 0);
  CHECK(strcmp(report_fmt_number(buf, sizeof buf, 15858724.05, 2), "15,858,724.05") == 0);
  CHECK(strcmp(report_fmt_number(buf, sizeof buf, -1234567.891, 1), "-1,234,567.9") == 0);
  CHECK(strcmp(report_fmt_number(buf, 6, 1234567, 0), "1,234") == 0); /* cut, terminated */

  const char *path = "report_read_unit.h5";
  write_fixture(path);
  hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
  CHECK(f >= 0);
  double v = -1;
  CHECK(rread_find_number(f, "totals", "cost", &v) && v == 1234.5);
  CHECK(rread_find_number(f, "totals", "unserved", &v) && v == 7);
  CHECK(rread_find_number(f, "totals", "warehouse", &v) && v == 42); /* scalar int dataset */
  CHECK(!rread_find_number(f, "totals", "label", &v));               /* a string is no number */
  CHECK(!rread_find_number(f, "totals", "missing", &v));
  CHECK(!rread_find_number(f, "nowhere/deep", "cost", &v));
  CHECK(!rread_find_number(f, ".", "table", &v)); /* not a scalar */
  char s[32];
  CHECK(rread_find_string(f, "totals", "label", s, sizeof s) && strcmp(s, "May") == 0);
  CHECK(!rread_find_string(f, "totals", "cost", s, sizeof s));
  CHECK(strcmp(ar_error_message(), "") == 0); /* a miss leaves no message behind */
  CHECK_EQ_INT(rread_count(f, "table"), 6);
  CHECK_EQ_INT(rread_count(f, "none"), -1);

  int64_t n = 0;
  char **str = NULL;
  CHECK(rread_strings(f, "reason_codes", 100, &n, &str) == AR_OK);
  CHECK_EQ_INT(n, 4);
  if (n == 4) {
    CHECK(strcmp(str[0], "CRF (customer, free)") == 0);
    CHECK(strcmp(str[1], "DTD (door to door)") == 0);
    CHECK(strcmp(str[2], "capacity, full") == 0);
    CHECK(strcmp(str[3], "code 9") == 0);
  }
  rread_free_names(str, (int)n);
  CHECK(rread_strings(f, "reason_desc", 100, &n, &str) == AR_OK && n == 4);
  if (n == 4) {
    CHECK(strcmp(str[0], "not chosen (it fits, the goals leave it out)") == 0);
    CHECK(strcmp(str[1], "plant capacity") == 0);
    CHECK(strcmp(str[2], "served") == 0);
    CHECK(strcmp(str[3], "lane weight cap") == 0);
  }
  rread_free_names(str, (int)n);
  CHECK(rread_strings(f, "vlen", 100, &n, &str) == AR_OK && n == 4);
  if (n == 4) CHECK(strcmp(str[0], "alpha") == 0 && strcmp(str[1], "") == 0);
  rread_free_names(str, (int)n);
  CHECK(rread_strings(f, "fixed", 100, &n, &str) == AR_OK && n == 4);
  if (n == 4) CHECK(strcmp(str[0], "abcde") == 0 && strcmp(str[3], "zzz") == 0);
  rread_free_names(str, (int)n);
  CHECK(rread_strings(f, "fixed", 3, &n, &str) == AR_ERR_INPUT); /* more than allowed */
  CHECK(strstr(ar_error_message(), "dataset fixed has 4 elements") != NULL);
  CHECK(rread_strings(f, "table", 100, &n, &str) == AR_ERR_INPUT);

  hsize_t dims[2];
  double *t = NULL;
  CHECK(rread_doubles(f, "table", 2, dims, 100, &t) == AR_OK && dims[0] == 2 && dims[1] == 3);
  if (t) CHECK(t[5] == 6);
  free(t);
  CHECK(rread_doubles(f, "table", 1, dims, 100, &t) == AR_ERR_INPUT);
  CHECK(strstr(ar_error_message(), "report_read_unit.h5: dataset table has 2 dimensions, "
                                   "expected 1") != NULL);
  CHECK(rread_doubles(f, "vlen", 1, dims, 100, &t) == AR_ERR_INPUT);
  CHECK(rread_doubles(f, "nothing", 1, dims, 100, &t) == AR_ERR_INPUT);

  char **names = NULL;
  int nm = rread_member_names(f, "months", &names);
  CHECK_EQ_INT(nm, 3);
  if (nm == 3)
    CHECK(strcmp(names[0], "2013-05") == 0 && strcmp(names[1], "2013-06") == 0 &&
          strcmp(names[2], "2013-07") == 0);
  rread_free_names(names, nm);
  CHECK_EQ_INT(rread_member_names(f, "no-months", &names), 0);
  H5Fclose(f);
  remove(path);
  return 0;
}
