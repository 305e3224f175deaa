/* SPDX-License-Identifier: BSD-3-Clause */
/* csv: quoting, line ends, BOM, missing final newline, and the exact wording of each error. */
#include <stdio.h>
#include <string.h>

#include "csv.h"
#include "test_util.h"

static csv_reader *open_text(const char *text) {
  csv_reader *r = NULL;
  ar_status st = csv_open_buffer("t.csv", text, strlen(text), &r);
  CHECK(st == AR_OK);
  if (st != AR_OK) fprintf(stderr, "  %s\n", ar_error_message());
  return r;
}

static int message_is(const char *want) {
  if (strcmp(ar_error_message(), want) == 0) return 1;
  fprintf(stderr, "  message: %s\n  wanted:  %s\n", ar_error_message(), want);
  return 0;
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  int have = 0;

  /* BOM, CRLF, quotes with commas, doubled quotes and a line break, missing final newline. */
  csv_reader *r = open_text("\xEF\xBB\xBF"
                            "A, B ,C\r\n1,\"x,y\",\"say \"\"hi\"\"\"\r\n\r\n"
                            "2,\"two\nlines\",z\n3,,last");
  if (!r) return 0;
  CHECK_EQ_INT(csv_column_count(r), 3);
  CHECK_EQ_INT(csv_column(r, "B"), 1);
  CHECK_EQ_INT(csv_column(r, "D"), -1);
  CHECK(csv_next(r, &have) == AR_OK && have);
  CHECK_EQ_INT(csv_line(r), 2);
  CHECK(strcmp(csv_field(r, 1), "x,y") == 0);
  CHECK(strcmp(csv_field(r, 2), "say \"hi\"") == 0);
  CHECK(csv_next(r, &have) == AR_OK && have);
  CHECK_EQ_INT(csv_line(r), 4);
  CHECK(strcmp(csv_field(r, 1), "two\nlines") == 0);
  CHECK(csv_next(r, &have) == AR_OK && have);
  CHECK_EQ_INT(csv_line(r), 6);
  CHECK(strcmp(csv_field(r, 1), "") == 0);
  CHECK(strcmp(csv_field(r, 2), "last") == 0);
  CHECK(csv_next(r, &have) == AR_OK && !have);
  CHECK(csv_next(r, &have) == AR_OK && !have);
  csv_close(r);

  /* Numbers and codes. */
  r = open_text("N,Code\n 2.5 ,  AIR   \nabc,x\nnan,y\n1e999,z\n-3,\n");
  if (!r) return 0;
  double d = 0;
  int64_t i = 0;
  char code[8];
  CHECK(csv_next(r, &have) == AR_OK && have);
  CHECK(csv_get_double(r, 0, &d) == AR_OK && d == 2.5);
  CHECK(csv_get_code(r, 1, code, sizeof code) == AR_OK && strcmp(code, "AIR") == 0);
  CHECK(csv_get_int64(r, 0, 0, 10, &i) == AR_ERR_INPUT);
  CHECK(message_is("t.csv:2: column N: ' 2.5 ' is not an integer"));
  CHECK(csv_next(r, &have) == AR_OK && have);
  CHECK(csv_get_double(r, 0, &d) == AR_ERR_INPUT);
  CHECK(message_is("t.csv:3: column N: 'abc' is not a number"));
  CHECK(csv_next(r, &have) == AR_OK && have);
  CHECK(csv_get_double(r, 0, &d) == AR_ERR_INPUT);
  CHECK(message_is("t.csv:4: column N: 'nan' is not a finite number"));
  CHECK(csv_next(r, &have) == AR_OK && have);
  CHECK(csv_get_double(r, 0, &d) == AR_ERR_INPUT);
  CHECK(message_is("t.csv:5: column N: '1e999' is out of range"));
  CHECK(csv_next(r, &have) == AR_OK && have);
  CHECK(csv_get_int64(r, 0, 0, 10, &i) == AR_ERR_INPUT);
  CHECK(message_is("t.csv:6: column N: '-3' is out of range [0, 10]"));
  CHECK(csv_get_code(r, 1, code, sizeof code) == AR_ERR_INPUT);
  CHECK(message_is("t.csv:6: column Code: value is empty"));
  csv_close(r);

  /* Structural errors. */
  r = open_text("A,B\n1,2\n3\n");
  if (!r) return 0;
  CHECK(csv_next(r, &have) == AR_OK && have);
  CHECK(csv_next(r, &have) == AR_ERR_INPUT);
  CHECK(message_is("t.csv:3: row has 1 field, the header has 2 (truncated or extra commas?)"));
  csv_close(r);
  r = open_text("A,B\n1,\"2\n");
  if (!r) return 0;
  CHECK(csv_next(r, &have) == AR_ERR_INPUT);
  CHECK(message_is("t.csv:2: column B: quoted field is not closed (a '\"' is missing)"));
  csv_close(r);
  r = open_text("A,B\n1,\"2\"x\n");
  if (!r) return 0;
  CHECK(csv_next(r, &have) == AR_ERR_INPUT);
  CHECK(message_is("t.csv:2: column B: text after the closing quote"));
  csv_close(r);

  const char *names[] = {"A", "C"};
  int cols[2];
  r = open_text("A,B\n");
  if (!r) return 0;
  CHECK(csv_require_columns(r, names, 2, cols) == AR_ERR_INPUT);
  CHECK(message_is("t.csv:1: column C is missing (the header has: A, B)"));
  CHECK(csv_next(r, &have) == AR_OK && !have);
  csv_close(r);
  r = open_text("");
  if (!r) return 0;
  CHECK(csv_require_columns(r, names, 2, cols) == AR_ERR_INPUT);
  CHECK(message_is("t.csv:1: column A is missing (the file is empty)"));
  csv_close(r);

  csv_reader *bad = NULL;
  CHECK(csv_open_buffer("t.csv", "A,A\n", 4, &bad) == AR_ERR_INPUT && !bad);
  CHECK(message_is("t.csv:1: column A: appears twice in the header (columns 1 and 2)"));
  CHECK(csv_open_buffer("t.csv", "A\n1\n\0", 5, &bad) == AR_ERR_INPUT && !bad);
  CHECK(message_is("t.csv:3: NUL byte in the file (not a text file?)"));
  CHECK(csv_open("/nonexistent/x.csv", &bad) == AR_ERR_IO && !bad);
  return 0;
}
