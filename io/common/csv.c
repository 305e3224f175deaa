/* SPDX-License-Identifier: BSD-3-Clause */
/* csv: header-row CSV reader with quoted fields, any line ends, and messages naming the line. */
#include "csv.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "ar_path.h"

struct csv_reader {
  char *name;
  char *data; /* the whole file, NUL-terminated copy */
  size_t len, pos;
  long line;     /* line number at pos */
  long row_line; /* line on which the current row starts */
  long lines;    /* line ends in the file + 1 */
  int ncols;
  char **columns;    /* header names (point into header_text) */
  char *header_text; /* the header row's fields, NUL-separated */
  char *fields;      /* the current row's fields, NUL-separated */
  size_t fields_len, fields_cap;
  size_t *offsets; /* start of each field in fields */
  int nfields, offsets_cap;
};

enum { CSV_SHOW_MAX = 60 }; /* longest value quoted in a message */

const char *csv_name(const csv_reader *r) { return r->name; }
int csv_column_count(const csv_reader *r) { return r->ncols; }
const char *csv_column_name(const csv_reader *r, int col) {
  return col >= 0 && col < r->ncols ? r->columns[col] : "?";
}
long csv_line(const csv_reader *r) { return r->row_line; }
long csv_max_rows(const csv_reader *r) { return r->lines; }
const char *csv_field(const csv_reader *r, int col) {
  return col >= 0 && col < r->nfields ? r->fields + r->offsets[col] : "";
}

/* The column part of a message: the header name when the row is within the header's width. */
static void column_label(const csv_reader *r, int col, char *buf, size_t cap) {
  if (col < r->ncols && r->columns[col][0])
    snprintf(buf, cap, "%s", r->columns[col]);
  else
    snprintf(buf, cap, "#%d", col + 1);
}

ar_status csv_fail(const csv_reader *r, int col, const char *fmt, ...) {
  char what[1024], label[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  if (col < 0) return ar_fail(AR_ERR_INPUT, "%s:%ld: %s", r->name, r->row_line, what);
  column_label(r, col, label, sizeof label);
  return ar_fail(AR_ERR_INPUT, "%s:%ld: column %s: %s", r->name, r->row_line, label, what);
}

/* A value as it may appear inside a message: cut short, control bytes shown as '?'. */
static void show_value(const char *value, char *buf, size_t cap) {
  size_t n = 0;
  for (const char *p = value; *p && n + 4 < cap && n < CSV_SHOW_MAX; p++)
    buf[n++] = (unsigned char)*p < 0x20 ? '?' : *p;
  if (strlen(value) > n) {
    memcpy(buf + n, "...", 3);
    n += 3;
  }
  buf[n] = '\0';
}

static ar_status append_byte(csv_reader *r, char c) {
  if (r->fields_len + 1 >= r->fields_cap) {
    size_t cap = r->fields_cap ? 2 * r->fields_cap : 256;
    char *grown = realloc(r->fields, cap);
    if (!grown) return ar_fail(AR_ERR_NOMEM, "%s: out of memory reading a row", r->name);
    r->fields = grown;
    r->fields_cap = cap;
  }
  r->fields[r->fields_len++] = c;
  return AR_OK;
}

static ar_status start_field(csv_reader *r) {
  if (r->nfields == r->offsets_cap) {
    int cap = r->offsets_cap ? 2 * r->offsets_cap : 16;
    size_t *grown = realloc(r->offsets, (size_t)cap * sizeof *grown);
    if (!grown) return ar_fail(AR_ERR_NOMEM, "%s: out of memory reading a row", r->name);
    r->offsets = grown;
    r->offsets_cap = cap;
  }
  r->offsets[r->nfields++] = r->fields_len;
  return AR_OK;
}

/* Consumes a line end at pos (LF, CRLF or CR) if there is one; returns 1 if it did. */
static int eat_line_end(csv_reader *r) {
  if (r->pos >= r->len) return 0;
  if (r->data[r->pos] == '\n') {
    r->pos++;
  } else if (r->data[r->pos] == '\r') {
    r->pos++;
    if (r->pos < r->len && r->data[r->pos] == '\n') r->pos++;
  } else {
    return 0;
  }
  r->line++;
  return 1;
}

/* Parses one record (header or data row) into fields/offsets; *got = 0 at the end of the data. */
static ar_status read_record(csv_reader *r, int *got) {
  *got = 0;
  while (r->pos < r->len && eat_line_end(r)) /* blank lines */
    ;
  if (r->pos >= r->len) return AR_OK;
  r->row_line = r->line;
  r->fields_len = 0;
  r->nfields = 0;
  ar_status st;
  for (;;) {
    if ((st = start_field(r)) != AR_OK) return st;
    int col = r->nfields - 1;
    if (r->pos < r->len && r->data[r->pos] == '"') {
      r->pos++;
      for (;;) {
        if (r->pos >= r->len)
          return csv_fail(r, col, "quoted field is not closed (a '\"' is missing)");
        char c = r->data[r->pos];
        if (c == '"') {
          if (r->pos + 1 < r->len && r->data[r->pos + 1] == '"') {
            r->pos += 2;
            if ((st = append_byte(r, '"')) != AR_OK) return st;
            continue;
          }
          r->pos++;
          break;
        }
        if (c == '\n' || (c == '\r' && !(r->pos + 1 < r->len && r->data[r->pos + 1] == '\n')))
          r->line++;
        if ((st = append_byte(r, c)) != AR_OK) return st;
        r->pos++;
      }
      if (r->pos < r->len && r->data[r->pos] != ',' && r->data[r->pos] != '\n' &&
          r->data[r->pos] != '\r')
        return csv_fail(r, col, "text after the closing quote");
    } else {
      while (r->pos < r->len) {
        char c = r->data[r->pos];
        if (c == ',' || c == '\n' || c == '\r') break;
        if ((st = append_byte(r, c)) != AR_OK) return st;
        r->pos++;
      }
    }
    if ((st = append_byte(r, '\0')) != AR_OK) return st;
    if (r->pos < r->len && r->data[r->pos] == ',') {
      r->pos++;
      continue;
    }
    eat_line_end(r);
    break;
  }
  *got = 1;
  return AR_OK;
}

static char *trim_in_place(char *s) {
  while (*s == ' ' || *s == '\t')
    s++;
  size_t n = strlen(s);
  while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
    s[--n] = '\0';
  return s;
}

static ar_status parse_header(csv_reader *r) {
  int got = 0;
  ar_status st = read_record(r, &got);
  if (st != AR_OK) return st;
  if (!got) { /* an empty file: no columns; csv_require_columns says what is missing */
    r->row_line = 1;
    return AR_OK;
  }
  r->header_text = malloc(r->fields_len ? r->fields_len : 1);
  r->columns = malloc((size_t)r->nfields * sizeof *r->columns);
  if (!r->header_text || !r->columns)
    return ar_fail(AR_ERR_NOMEM, "%s: out of memory reading the header", r->name);
  memcpy(r->header_text, r->fields, r->fields_len);
  r->ncols = r->nfields;
  for (int i = 0; i < r->ncols; i++)
    r->columns[i] = trim_in_place(r->header_text + r->offsets[i]);
  for (int i = 0; i < r->ncols; i++)
    for (int j = 0; j < i; j++)
      if (r->columns[i][0] && strcmp(r->columns[i], r->columns[j]) == 0)
        return csv_fail(r, i, "appears twice in the header (columns %d and %d)", j + 1, i + 1);
  return AR_OK;
}

ar_status csv_open_buffer(const char *name, const char *data, size_t len, csv_reader **reader) {
  *reader = NULL;
  csv_reader *r = calloc(1, sizeof *r);
  if (!r) return ar_fail(AR_ERR_NOMEM, "%s: out of memory", name);
  r->name = strdup(name);
  r->data = malloc(len + 1);
  if (!r->name || !r->data) {
    csv_close(r);
    return ar_fail(AR_ERR_NOMEM, "%s: out of memory (%zu bytes)", name, len);
  }
  if (len) memcpy(r->data, data, len);
  r->data[len] = '\0';
  r->len = len;
  r->line = 1;
  r->row_line = 1;
  const char *nul = memchr(r->data, '\0', len);
  if (nul) {
    long line = 1;
    for (const char *p = r->data; p < nul; p++)
      line += *p == '\n';
    ar_status st =
        ar_fail(AR_ERR_INPUT, "%s:%ld: NUL byte in the file (not a text file?)", name, line);
    csv_close(r);
    return st;
  }
  r->lines = 1;
  for (size_t i = 0; i < len; i++)
    r->lines += r->data[i] == '\n' || r->data[i] == '\r';
  if (len >= 3 && memcmp(r->data, "\xEF\xBB\xBF", 3) == 0) r->pos = 3;
  ar_status st = parse_header(r);
  if (st != AR_OK) {
    csv_close(r);
    return st;
  }
  *reader = r;
  return AR_OK;
}

ar_status csv_open(const char *path, csv_reader **reader) {
  *reader = NULL;
  int fd;
  ar_status opened = ar_input_open(path, NULL, &fd);
  if (opened != AR_OK) return opened;
  FILE *f = fdopen(fd, "rb");
  if (!f) {
    close(fd);
    return ar_fail(AR_ERR_IO, "cannot open %s: %s", path, strerror(errno));
  }
  char *buf = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len == cap) {
      cap = cap ? 2 * cap : 65536;
      char *grown = realloc(buf, cap);
      if (!grown) {
        free(buf);
        fclose(f);
        return ar_fail(AR_ERR_NOMEM, "%s: out of memory reading the file", path);
      }
      buf = grown;
    }
    size_t got = fread(buf + len, 1, cap - len, f);
    len += got;
    if (got == 0) break;
  }
  int failed = ferror(f);
  int err = errno;
  fclose(f);
  if (failed) {
    free(buf);
    return ar_fail(AR_ERR_IO, "cannot read %s: %s", path, strerror(err));
  }
  ar_status st = csv_open_buffer(path, buf, len, reader);
  free(buf);
  return st;
}

void csv_close(csv_reader *r) {
  if (!r) return;
  free(r->name);
  free(r->data);
  free(r->columns);
  free(r->header_text);
  free(r->fields);
  free(r->offsets);
  free(r);
}

int csv_column(const csv_reader *r, const char *name) {
  for (int i = 0; i < r->ncols; i++)
    if (strcmp(r->columns[i], name) == 0) return i;
  return -1;
}

ar_status csv_require_columns(const csv_reader *r, const char *const *names, int n, int *cols) {
  for (int i = 0; i < n; i++) {
    cols[i] = csv_column(r, names[i]);
    if (cols[i] >= 0) continue;
    if (r->ncols == 0)
      return ar_fail(AR_ERR_INPUT, "%s:1: column %s is missing (the file is empty)", r->name,
                     names[i]);
    char header[512] = "";
    size_t used = 0;
    for (int c = 0; c < r->ncols && used + 4 < sizeof header; c++) {
      int w = snprintf(header + used, sizeof header - used, "%s%s", c ? ", " : "", r->columns[c]);
      if (w < 0) break;
      used += (size_t)w;
    }
    return ar_fail(AR_ERR_INPUT, "%s:1: column %s is missing (the header has: %s)", r->name,
                   names[i], header);
  }
  return AR_OK;
}

ar_status csv_next(csv_reader *r, int *have_row) {
  *have_row = 0;
  if (r->ncols == 0) return AR_OK;
  int got = 0;
  ar_status st = read_record(r, &got);
  if (st != AR_OK || !got) return st;
  if (r->nfields != r->ncols)
    return csv_fail(r, -1, "row has %d field%s, the header has %d (truncated or extra commas?)",
                    r->nfields, r->nfields == 1 ? "" : "s", r->ncols);
  *have_row = 1;
  return AR_OK;
}

/* Copies the trimmed field into buf (for numbers, cap is small: a longer value is not a number).
 * Returns the trimmed length, or -1 when it does not fit. */
static long trimmed_copy(const char *field, char *buf, size_t cap) {
  while (*field == ' ' || *field == '\t')
    field++;
  size_t n = strlen(field);
  while (n > 0 && (field[n - 1] == ' ' || field[n - 1] == '\t'))
    n--;
  if (n + 1 > cap) return -1;
  memcpy(buf, field, n);
  buf[n] = '\0';
  return (long)n;
}

ar_status csv_get_code(const csv_reader *r, int col, char *buf, size_t cap) {
  long n = trimmed_copy(csv_field(r, col), buf, cap);
  if (n < 0) return csv_fail(r, col, "value is too long (more than %zu characters)", cap - 1);
  if (n == 0) return csv_fail(r, col, "value is empty");
  return AR_OK;
}

enum { CSV_NUMBER_MAX = 64 };

static int is_non_finite_word(const char *s) {
  if (*s == '+' || *s == '-') s++;
  return strcasecmp(s, "nan") == 0 || strcasecmp(s, "inf") == 0 || strcasecmp(s, "infinity") == 0;
}

ar_status csv_get_double(const csv_reader *r, int col, double *value) {
  char buf[CSV_NUMBER_MAX], shown[CSV_SHOW_MAX + 8];
  const char *field = csv_field(r, col);
  show_value(field, shown, sizeof shown);
  long n = trimmed_copy(field, buf, sizeof buf);
  if (n == 0) return csv_fail(r, col, "value is empty, expected a number");
  if (n < 0) return csv_fail(r, col, "'%s' is not a number", shown);
  if (is_non_finite_word(buf)) return csv_fail(r, col, "'%s' is not a finite number", shown);
  /* Plain decimal notation only: strtod would also take hex floats and "nan(...)". */
  int digits = 0;
  for (const char *p = buf; *p; p++) {
    if (isdigit((unsigned char)*p))
      digits = 1;
    else if (!strchr("+-.eE", *p))
      return csv_fail(r, col, "'%s' is not a number", shown);
  }
  if (!digits) return csv_fail(r, col, "'%s' is not a number", shown);
  errno = 0;
  char *end = NULL;
  double v = strtod(buf, &end);
  if (end == buf || *end != '\0') return csv_fail(r, col, "'%s' is not a number", shown);
  if ((errno == ERANGE && fabs(v) > 1.0) || !isfinite(v))
    return csv_fail(r, col, "'%s' is out of range", shown);
  *value = v;
  return AR_OK;
}

ar_status csv_get_int64(const csv_reader *r, int col, int64_t min, int64_t max, int64_t *value) {
  char buf[CSV_NUMBER_MAX], shown[CSV_SHOW_MAX + 8];
  const char *field = csv_field(r, col);
  show_value(field, shown, sizeof shown);
  long n = trimmed_copy(field, buf, sizeof buf);
  if (n == 0) return csv_fail(r, col, "value is empty, expected an integer");
  if (n < 0) return csv_fail(r, col, "'%s' is not an integer", shown);
  const char *p = buf;
  if (*p == '+' || *p == '-') p++;
  if (!*p) return csv_fail(r, col, "'%s' is not an integer", shown);
  for (; *p; p++)
    if (!isdigit((unsigned char)*p)) return csv_fail(r, col, "'%s' is not an integer", shown);
  errno = 0;
  long long v = strtoll(buf, NULL, 10);
  if (errno == ERANGE || v < min || v > max)
    return csv_fail(r, col, "'%s' is out of range [%lld, %lld]", shown, (long long)min,
                    (long long)max);
  *value = (int64_t)v;
  return AR_OK;
}
