/* SPDX-License-Identifier: BSD-3-Clause */
/* fuzz_csv: libFuzzer target for the CSV reader. Reads any bytes as a table, looks up columns,
 * walks every row and parses every field as a code, a number, an integer and a date, as the
 * supply-chain importer does. Errors are fine; crashes, leaks and undefined behaviour are not. */
#include <stddef.h>
#include <stdint.h>

#include "csv.h"
#include "supply_net.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  csv_reader *r = NULL;
  if (csv_open_buffer("fuzz.csv", (const char *)data, size, &r) != AR_OK) return 0;
  static const char *const wanted[] = {"Order_ID", "Weight"};
  int cols[2];
  (void)csv_require_columns(r, wanted, 2, cols);
  (void)csv_column(r, "Plant_Code");
  (void)csv_max_rows(r);
  int have = 0;
  for (int rows = 0; rows < 10000 && csv_next(r, &have) == AR_OK && have; rows++) {
    for (int c = 0; c < csv_column_count(r); c++) {
      char code[65];
      double d;
      int64_t i;
      int32_t day;
      (void)csv_column_name(r, c);
      (void)csv_field(r, c);
      if (csv_get_code(r, c, code, sizeof code) == AR_OK) (void)supply_date_parse(code, &day);
      (void)csv_get_double(r, c, &d);
      (void)csv_get_int64(r, c, -1000, 1000, &i);
      (void)csv_line(r);
    }
  }
  csv_close(r);
  return 0;
}
