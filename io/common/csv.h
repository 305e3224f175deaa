/* SPDX-License-Identifier: BSD-3-Clause */
/* csv: a small reader for comma-separated tables with a header row.
 *
 * Accepts what spreadsheets and scripts write: a header row naming the columns, fields separated
 * by commas, optional double quotes around a field (a quoted field may hold commas, line breaks
 * and doubled quotes ""), LF, CRLF or CR line ends (mixed within a file too), a missing final
 * newline, and a UTF-8 byte order mark. Blank lines are skipped. Header names are trimmed of
 * surrounding spaces and tabs. Columns are looked up by header name, so their order in the file
 * does not matter.
 *
 * Every problem is reported through ar_fail(AR_ERR_INPUT, ...) as
 *   FILE:LINE: column NAME: what is wrong
 * where LINE is the line on which the row starts (1 = the header). The reader never prints and
 * never exits. The whole file is held in memory (the tables it reads are small).
 */
#ifndef AR_CSV_H
#define AR_CSV_H

#include <stddef.h>
#include <stdint.h>

#include "ar_error.h"

typedef struct csv_reader csv_reader;

/* Reads the file at path and parses its header row. Fails with AR_ERR_IO when the file cannot be
 * read, AR_ERR_INPUT when it is empty, has no header row, holds a NUL byte, or names a column
 * twice. */
ar_status csv_open(const char *path, csv_reader **reader);

/* The same on a memory buffer of len bytes (need not be NUL-terminated; it is copied). name is
 * used in messages in place of the file name. AR_ERR_NOMEM; AR_ERR_INPUT naming `name` when the
 * data holds a NUL byte (not text). */
ar_status csv_open_buffer(const char *name, const char *data, size_t len, csv_reader **reader);

/* Frees the reader (NULL is fine). */
void csv_close(csv_reader *reader);

/* The name used in messages (the path given to csv_open). */
const char *csv_name(const csv_reader *reader);

/* Number of columns in the header, and the name of column col. */
int csv_column_count(const csv_reader *reader);
const char *csv_column_name(const csv_reader *reader, int col);

/* Index of the column with this header name, or -1 if there is none. */
int csv_column(const csv_reader *reader, const char *name);

/* Looks up n columns by name into cols[]; fails naming the first missing column and the header
 * found: "FILE:1: column NAME is missing (the header has: A, B, C)". */
ar_status csv_require_columns(const csv_reader *reader, const char *const *names, int n, int *cols);

/* Moves to the next data row. Sets *have_row to 1 when a row was read, 0 at the end of the file.
 * Fails on an unterminated quoted field, text after a closing quote, or a row whose field count
 * differs from the header's ("FILE:LINE: row has 3 fields, the header has 14"). */
ar_status csv_next(csv_reader *reader, int *have_row);

/* An upper bound on the number of data rows in the file (its line count), for sizing arrays. */
long csv_max_rows(const csv_reader *reader);

/* Line on which the current row starts (1-based; the header is line 1). */
long csv_line(const csv_reader *reader);

/* The current row's field col, NUL-terminated, exactly as in the file (quotes removed). */
const char *csv_field(const csv_reader *reader, int col);

/* The field with surrounding spaces and tabs removed, copied into buf (cap bytes). Fails when it
 * is empty or longer than cap-1 ("column NAME: value is empty" / "value is too long"). */
ar_status csv_get_code(const csv_reader *reader, int col, char *buf, size_t cap);

/* The field as a finite decimal number (surrounding spaces allowed). Fails with
 * "column NAME: 'abc' is not a number", "'nan' is not a finite number", "value is empty",
 * or "'1e999' is out of range". */
ar_status csv_get_double(const csv_reader *reader, int col, double *value);

/* The field as a base-10 integer in [min, max]. Fails with "'2.5' is not an integer" or
 * "'-3' is out of range [0, 1000]". */
ar_status csv_get_int64(const csv_reader *reader, int col, int64_t min, int64_t max,
                        int64_t *value);

/* Records "FILE:LINE: column NAME: <message>" for the current row (col < 0: no column part) and
 * returns AR_ERR_INPUT. */
ar_status csv_fail(const csv_reader *reader, int col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
