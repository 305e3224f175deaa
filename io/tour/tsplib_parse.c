/* SPDX-License-Identifier: BSD-3-Clause */
/* tsplib_parse: a strict, fast TSPLIB 95 reader (instances and tours) over a memory buffer.
 *
 * The buffer is walked line by line; each line is split into whitespace-separated tokens that are
 * never NUL-terminated in place (the buffer may be read-only and unterminated). Numbers go
 * through a fast path for plain integers and strtod() on a small copy otherwise. Every size a
 * file claims is checked against the bytes it has left before anything is allocated.
 */
#include "tsplib_parse.h"

#include "ar_path.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ar_path.h"

/* Claims of up to this many nodes are trusted until the data disagrees (the allocation is small
 * and the message then says exactly what is missing); larger claims are first checked against
 * the bytes the file has left. */
enum { TSPLIB_TRUSTED_N = 4096 };

/* --- Lines and tokens ------------------------------------------------------------------------- */

typedef struct {
  const char *s;
  size_t n;
} tsp_span;

typedef struct {
  const char *p, *end; /* the unread rest of the buffer */
  const char *path;
  long line;        /* number of the line last returned (1-based) */
  tsp_span pending; /* a line handed back with reader_unread() */
  int have_pending;
} tsp_reader;

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

static void reader_init(tsp_reader *r, const char *buf, size_t len, const char *path) {
  r->p = buf;
  r->end = buf + len;
  r->path = path;
  r->line = 0;
  r->pending.s = NULL; /* never read before reader_unread() sets it; GCC -O3 cannot see that */
  r->pending.n = 0;
  r->have_pending = 0;
}

/* The next line without its newline; 0 at the end of the buffer. */
static int reader_next(tsp_reader *r, tsp_span *line) {
  if (r->have_pending) {
    r->have_pending = 0;
    *line = r->pending;
    return 1;
  }
  if (r->p >= r->end) return 0;
  const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
  const char *stop = nl ? nl : r->end;
  line->s = r->p;
  line->n = (size_t)(stop - r->p);
  r->p = nl ? nl + 1 : r->end;
  r->line++;
  return 1;
}

/* Hands the line just read back, so the caller's caller sees it next (same line number). */
static void reader_unread(tsp_reader *r, tsp_span line) {
  r->pending = line;
  r->have_pending = 1;
}

static size_t reader_bytes_left(const tsp_reader *r) { return (size_t)(r->end - r->p); }

/* Splits off the next token of *rest; 0 when none is left. */
static int span_token(tsp_span *rest, tsp_span *tok) {
  size_t i = 0;
  while (i < rest->n && is_blank(rest->s[i]))
    i++;
  size_t start = i;
  while (i < rest->n && !is_blank(rest->s[i]))
    i++;
  tok->s = rest->s + start;
  tok->n = i - start;
  rest->s += i;
  rest->n -= i;
  return tok->n > 0;
}

static tsp_span span_trim(tsp_span s) {
  while (s.n > 0 && is_blank(s.s[0])) {
    s.s++;
    s.n--;
  }
  while (s.n > 0 && is_blank(s.s[s.n - 1]))
    s.n--;
  return s;
}

static int span_eq(tsp_span s, const char *word) {
  size_t n = strlen(word);
  return s.n == n && memcmp(s.s, word, n) == 0;
}

static int span_is_blank(tsp_span s) { return span_trim(s).n == 0; }

/* A token made printable and short, for messages. */
static const char *span_show(tsp_span s, char *buf, size_t cap) {
  size_t k = 0, limit = s.n > 40 ? 40 : s.n;
  for (size_t i = 0; i < limit && k + 1 < cap; i++) {
    unsigned char c = (unsigned char)s.s[i];
    buf[k++] = (c >= 32 && c < 127 && c != '\'') ? (char)c : '?';
  }
  if (s.n > limit && k + 4 < cap) {
    memcpy(buf + k, "...", 3);
    k += 3;
  }
  buf[k] = '\0';
  return buf;
}

/* --- Numbers ---------------------------------------------------------------------------------- */

/* A decimal integer with optional sign. 0 ok, -1 not an integer, 1 out of the int64 range we
 * accept (|v| > 10^18). */
static int span_to_i64(tsp_span s, int64_t *v) {
  size_t i = 0;
  int neg = 0;
  if (i < s.n && (s.s[i] == '+' || s.s[i] == '-')) neg = s.s[i++] == '-';
  if (i == s.n) return -1;
  int64_t acc = 0;
  for (; i < s.n; i++) {
    char c = s.s[i];
    if (c < '0' || c > '9') return -1;
    if (acc > 100000000000000000LL) {
      /* Keep scanning so that "12a" is still reported as not an integer. */
      for (; i < s.n; i++)
        if (s.s[i] < '0' || s.s[i] > '9') return -1;
      return 1;
    }
    acc = acc * 10 + (c - '0');
  }
  *v = neg ? -acc : acc;
  return 0;
}

/* A real number (anything strtod reads completely, including nan and inf: callers check
 * isfinite() to give a precise message). 0 ok, -1 not a number. */
static int span_to_double(tsp_span s, double *v) {
  int64_t iv;
  /* Plain integers up to 15 digits are exact in a double: skip strtod for them. */
  if (s.n <= 15 && span_to_i64(s, &iv) == 0) {
    *v = (double)iv;
    return 0;
  }
  char buf[64];
  if (s.n == 0 || s.n >= sizeof buf) return -1;
  memcpy(buf, s.s, s.n);
  buf[s.n] = '\0';
  char *endp = NULL;
  errno = 0;
  double d = strtod(buf, &endp);
  if (endp != buf + s.n) return -1;
  /* Underflow to a tiny value is harmless; overflow gives inf and is reported as such. */
  *v = d;
  return 0;
}

/* --- Keywords --------------------------------------------------------------------------------- */

typedef enum {
  FMT_NONE = 0,
  FMT_FUNCTION,
  FMT_FULL_MATRIX,
  FMT_UPPER_ROW,
  FMT_LOWER_ROW,
  FMT_UPPER_DIAG_ROW,
  FMT_LOWER_DIAG_ROW,
  FMT_UPPER_COL,
  FMT_LOWER_COL,
  FMT_UPPER_DIAG_COL,
  FMT_LOWER_DIAG_COL
} weight_format;

static const char *const format_names[] = {
    "",          "FUNCTION",       "FULL_MATRIX",    "UPPER_ROW",
    "LOWER_ROW", "UPPER_DIAG_ROW", "LOWER_DIAG_ROW", "UPPER_COL",
    "LOWER_COL", "UPPER_DIAG_COL", "LOWER_DIAG_COL"};

/* Splits a line into "KEY" and the rest when it looks like "KEY : value", "KEY: value" or a
 * bare "KEY" (a section or EOF). The key is the leading run of letters, digits and '_'. Returns
 * 1 with has_colon set when a ':' follows the key, 0 when the line does not start with a letter.
 */
static int split_keyword(tsp_span line, tsp_span *key, tsp_span *value, int *has_colon) {
  tsp_span s = span_trim(line);
  if (s.n == 0) return 0;
  char c0 = s.s[0];
  if (!((c0 >= 'A' && c0 <= 'Z') || (c0 >= 'a' && c0 <= 'z'))) return 0;
  size_t i = 0;
  while (i < s.n && ((s.s[i] >= 'A' && s.s[i] <= 'Z') || (s.s[i] >= 'a' && s.s[i] <= 'z') ||
                     (s.s[i] >= '0' && s.s[i] <= '9') || s.s[i] == '_'))
    i++;
  key->s = s.s;
  key->n = i;
  while (i < s.n && is_blank(s.s[i]))
    i++;
  *has_colon = i < s.n && s.s[i] == ':';
  if (*has_colon) i++;
  value->s = s.s + i;
  value->n = s.n - i;
  *value = span_trim(*value);
  return 1;
}

/* Is this line the start of the next keyword or section (its first character a letter)? */
static int line_is_keyword(tsp_span line) {
  tsp_span key, value;
  int colon;
  return split_keyword(line, &key, &value, &colon);
}

static void span_copy(tsp_span s, char *dst, size_t cap) {
  size_t n = s.n < cap - 1 ? s.n : cap - 1;
  memcpy(dst, s.s, n);
  dst[n] = '\0';
  /* Keep names and comments printable (they go into HDF5 attributes and messages). */
  for (size_t i = 0; i < n; i++)
    if ((unsigned char)dst[i] < 32 || (unsigned char)dst[i] == 127) dst[i] = '?';
}

static void comment_append(char *dst, size_t cap, tsp_span value) {
  size_t used = strlen(dst);
  if (used > 0 && used + 2 < cap) {
    memcpy(dst + used, "; ", 3);
    used += 2;
  }
  if (used + 1 < cap) span_copy(value, dst + used, cap - used);
}

/* --- Instance --------------------------------------------------------------------------------- */

typedef struct {
  tsp_reader r;
  tour_net *t;
  int have_type, have_dimension, have_metric;
  weight_format format;
  int have_coords, have_weights;
} instance_state;

#define FAIL_AT(st, ...) fail_line(&(st)->r, __VA_ARGS__)

static ar_status fail_line(const tsp_reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static ar_status fail_line(const tsp_reader *r, const char *fmt, ...) {
  char what[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  return ar_fail(AR_ERR_INPUT, "%s:%ld: %s", r->path, r->line > 0 ? r->line : 1, what);
}

static ar_status parse_dimension(instance_state *st, tsp_span value) {
  char show[64];
  int64_t n = 0;
  tsp_span tok, rest = value, extra;
  if (!span_token(&rest, &tok) || span_token(&rest, &extra))
    return FAIL_AT(st, "DIMENSION '%s' is not one integer", span_show(value, show, sizeof show));
  int rc = span_to_i64(tok, &n);
  if (rc < 0)
    return FAIL_AT(st, "DIMENSION '%s' is not an integer", span_show(tok, show, sizeof show));
  if (st->have_dimension) return FAIL_AT(st, "DIMENSION is given twice");
  if (rc > 0 || n < 3)
    return FAIL_AT(st, "DIMENSION %s is out of range (a tour needs 3 to %d nodes)",
                   span_show(tok, show, sizeof show), (int)TOUR_MAX_N);
  /* Every node needs at least two bytes of data (a weight and a separator, or more): a claim
   * beyond that is a lie about the file, refused before anything is allocated. */
  size_t left = reader_bytes_left(&st->r);
  if (n > TSPLIB_TRUSTED_N && (uint64_t)n > left / 2)
    return FAIL_AT(st,
                   "DIMENSION %lld is far larger than the file could hold (%zu bytes follow; "
                   "truncated file or wrong DIMENSION?)",
                   (long long)n, left);
  if (n > TOUR_MAX_N)
    return FAIL_AT(st, "DIMENSION %lld exceeds the %d nodes antroute accepts", (long long)n,
                   (int)TOUR_MAX_N);
  st->t->n = (int32_t)n;
  st->have_dimension = 1;
  return AR_OK;
}

static ar_status parse_type(instance_state *st, tsp_span value) {
  char show[64];
  tsp_span tok, rest = value;
  span_token(&rest, &tok);
  if (st->have_type) return FAIL_AT(st, "TYPE is given twice");
  if (span_eq(tok, "TSP")) {
    st->t->directed = 0;
  } else if (span_eq(tok, "ATSP")) {
    st->t->directed = 1;
  } else if (span_eq(tok, "CVRP") || span_eq(tok, "HCP") || span_eq(tok, "SOP") ||
             span_eq(tok, "TOUR")) {
    return FAIL_AT(st, "TYPE %s is not supported (antroute reads TSP and ATSP instances%s)",
                   span_show(tok, show, sizeof show),
                   span_eq(tok, "TOUR") ? "; pass tours with --tour" : "");
  } else {
    return FAIL_AT(st, "unknown TYPE '%s' (expected TSP or ATSP)",
                   span_show(value, show, sizeof show));
  }
  st->have_type = 1;
  return AR_OK;
}

static ar_status parse_metric(instance_state *st, tsp_span value) {
  char show[64];
  char word[32];
  if (st->have_metric) return FAIL_AT(st, "EDGE_WEIGHT_TYPE is given twice");
  span_copy(value, word, sizeof word);
  tour_metric m;
  if (value.n < sizeof word && tour_metric_parse(word, &m) == 0) {
    st->t->metric = m;
    st->have_metric = 1;
    return AR_OK;
  }
  static const char *const known_unsupported[] = {"EUC_3D", "MAX_2D", "MAX_3D", "MAN_2D", "MAN_3D",
                                                  "GEOM",   "XRAY1",  "XRAY2",  "SPECIAL"};
  for (size_t i = 0; i < sizeof known_unsupported / sizeof known_unsupported[0]; i++)
    if (span_eq(value, known_unsupported[i]))
      return FAIL_AT(st,
                     "EDGE_WEIGHT_TYPE %s is not supported (supported: EUC_2D, CEIL_2D, ATT, GEO, "
                     "EXPLICIT)",
                     known_unsupported[i]);
  return FAIL_AT(st,
                 "unknown EDGE_WEIGHT_TYPE '%s' (supported: EUC_2D, CEIL_2D, ATT, GEO, EXPLICIT)",
                 span_show(value, show, sizeof show));
}

static ar_status parse_format(instance_state *st, tsp_span value) {
  char show[64];
  if (st->format != FMT_NONE) return FAIL_AT(st, "EDGE_WEIGHT_FORMAT is given twice");
  for (int f = FMT_FUNCTION; f <= FMT_LOWER_DIAG_COL; f++) {
    if (span_eq(value, format_names[f])) {
      st->format = (weight_format)f;
      return AR_OK;
    }
  }
  return FAIL_AT(st,
                 "unknown EDGE_WEIGHT_FORMAT '%s' (supported: FULL_MATRIX, UPPER_ROW, LOWER_ROW, "
                 "UPPER_DIAG_ROW, LOWER_DIAG_ROW, UPPER_COL, LOWER_COL, UPPER_DIAG_COL, "
                 "LOWER_DIAG_COL, FUNCTION)",
                 span_show(value, show, sizeof show));
}

/* The specification part needed before any data section. */
static ar_status require_spec(instance_state *st, const char *section) {
  if (!st->have_dimension) return FAIL_AT(st, "%s before DIMENSION", section);
  if (!st->have_metric) return FAIL_AT(st, "%s before EDGE_WEIGHT_TYPE", section);
  return AR_OK;
}

/* Skips the data lines of a section we do not use (DISPLAY_DATA_SECTION, FIXED_EDGES_SECTION). */
static void skip_section(instance_state *st) {
  tsp_span line;
  while (reader_next(&st->r, &line)) {
    if (line_is_keyword(line)) {
      reader_unread(&st->r, line);
      return;
    }
  }
}

static ar_status parse_coords(instance_state *st) {
  char show[64];
  tour_net *t = st->t;
  if (st->have_coords) return FAIL_AT(st, "NODE_COORD_SECTION is given twice");
  ar_status rc = require_spec(st, "NODE_COORD_SECTION");
  if (rc != AR_OK) return rc;
  if (t->metric == TOUR_METRIC_EXPLICIT) {
    /* Coordinates beside explicit weights only serve drawing: skip them like display data. */
    skip_section(st);
    return AR_OK;
  }
  /* "1 0 0\n": an entry takes at least 6 bytes (5 for the last one). */
  size_t left = reader_bytes_left(&st->r);
  if (t->n > TSPLIB_TRUSTED_N && (uint64_t)t->n * 6 > (uint64_t)left + 1)
    return FAIL_AT(st,
                   "DIMENSION %d is far larger than the file could hold: NODE_COORD_SECTION has "
                   "%zu bytes left, %d nodes need at least %lld (truncated file?)",
                   t->n, left, t->n, (long long)t->n * 6 - 1);
  t->x = malloc((size_t)t->n * sizeof *t->x);
  t->y = malloc((size_t)t->n * sizeof *t->y);
  if (!t->x || !t->y)
    return ar_fail(AR_ERR_NOMEM, "%s: out of memory for %d nodes", st->r.path, t->n);
  /* NaN marks "not given yet" (NaN coordinates are refused, so it cannot collide). */
  for (int32_t i = 0; i < t->n; i++)
    t->x[i] = NAN;
  st->have_coords = 1;
  const double geo_lat_max = 90.0, geo_lon_max = 180.0;
  int32_t count = 0;
  tsp_span line;
  while (reader_next(&st->r, &line)) {
    if (span_is_blank(line)) continue;
    if (line_is_keyword(line)) {
      reader_unread(&st->r, line);
      break;
    }
    tsp_span rest = line, tok[4];
    int nf = 0;
    while (nf < 4 && span_token(&rest, &tok[nf]))
      nf++;
    if (nf != 3)
      return FAIL_AT(st, "NODE_COORD_SECTION entry has %s%d field%s, expected 3 (node x y)%s",
                     nf > 3 ? "more than " : "", nf > 3 ? 3 : nf, nf == 1 ? "" : "s",
                     nf < 3 && reader_bytes_left(&st->r) == 0 ? "; truncated file?" : "");
    int64_t id;
    int ri = span_to_i64(tok[0], &id);
    if (ri < 0)
      return FAIL_AT(st, "node id '%s' is not an integer", span_show(tok[0], show, sizeof show));
    if (ri > 0 || id < 1 || id > t->n)
      return FAIL_AT(st, "unknown node id %s: DIMENSION %d allows 1..%d",
                     span_show(tok[0], show, sizeof show), t->n, t->n);
    double xy[2];
    for (int k = 0; k < 2; k++) {
      const char *axis = k == 0 ? "x" : "y";
      if (span_to_double(tok[1 + k], &xy[k]) != 0)
        return FAIL_AT(st, "node %lld: %s coordinate '%s' is not a number", (long long)id, axis,
                       span_show(tok[1 + k], show, sizeof show));
      if (!isfinite(xy[k]))
        return FAIL_AT(st, "node %lld: %s coordinate '%s' is not finite", (long long)id, axis,
                       span_show(tok[1 + k], show, sizeof show));
      if (fabs(xy[k]) > TSPLIB_COORD_MAX)
        return FAIL_AT(st, "node %lld: %s coordinate %g is beyond +-%g", (long long)id, axis, xy[k],
                       TSPLIB_COORD_MAX);
    }
    if (t->metric == TOUR_METRIC_GEO && (fabs(xy[0]) > geo_lat_max || fabs(xy[1]) > geo_lon_max))
      return FAIL_AT(st,
                     "node %lld: GEO coordinates (%g, %g) are not a latitude in [-90, 90] and a "
                     "longitude in [-180, 180] (DDD.MM)",
                     (long long)id, xy[0], xy[1]);
    int32_t i = (int32_t)(id - 1);
    if (!isnan(t->x[i])) return FAIL_AT(st, "duplicate node id %lld", (long long)id);
    t->x[i] = xy[0];
    t->y[i] = xy[1];
    count++;
  }
  if (count != t->n)
    return FAIL_AT(st,
                   "NODE_COORD_SECTION ends with %d node%s but DIMENSION is %d (truncated file or "
                   "wrong DIMENSION?)",
                   count, count == 1 ? "" : "s", t->n);
  return AR_OK;
}

/* Walks the (i, j) cells of a weight format in file order. */
typedef struct {
  weight_format f;
  int32_t n, i, j;
} cell_walk;

static uint64_t format_count(weight_format f, int32_t n) {
  uint64_t m = (uint64_t)n;
  switch (f) {
  case FMT_FULL_MATRIX: return m * m;
  case FMT_UPPER_ROW:
  case FMT_LOWER_ROW:
  case FMT_UPPER_COL:
  case FMT_LOWER_COL: return m * (m - 1) / 2;
  case FMT_UPPER_DIAG_ROW:
  case FMT_LOWER_DIAG_ROW:
  case FMT_UPPER_DIAG_COL:
  case FMT_LOWER_DIAG_COL: return m * (m + 1) / 2;
  default: return 0;
  }
}

/* The column-wise formats list the transposed triangle; for a symmetric matrix that is the
 * row-wise format of the other triangle. */
static weight_format format_as_rows(weight_format f) {
  switch (f) {
  case FMT_UPPER_COL: return FMT_LOWER_ROW;
  case FMT_LOWER_COL: return FMT_UPPER_ROW;
  case FMT_UPPER_DIAG_COL: return FMT_LOWER_DIAG_ROW;
  case FMT_LOWER_DIAG_COL: return FMT_UPPER_DIAG_ROW;
  default: return f;
  }
}

static void walk_start(cell_walk *w, weight_format f, int32_t n) {
  w->f = format_as_rows(f);
  w->n = n;
  w->i = w->f == FMT_LOWER_ROW ? 1 : 0;
  w->j = w->f == FMT_UPPER_ROW ? 1 : 0;
}

static void walk_next(cell_walk *w) {
  w->j++;
  switch (w->f) {
  case FMT_FULL_MATRIX:
    if (w->j == w->n) {
      w->i++;
      w->j = 0;
    }
    break;
  case FMT_UPPER_ROW:
    if (w->j == w->n) {
      w->i++;
      w->j = w->i + 1;
    }
    break;
  case FMT_UPPER_DIAG_ROW:
    if (w->j == w->n) {
      w->i++;
      w->j = w->i;
    }
    break;
  case FMT_LOWER_ROW:
    if (w->j == w->i) {
      w->i++;
      w->j = 0;
    }
    break;
  case FMT_LOWER_DIAG_ROW:
    if (w->j > w->i) {
      w->i++;
      w->j = 0;
    }
    break;
  default: break;
  }
}

/* EDGE_WEIGHT_SECTION may start here: the header asks for explicit weights in a format that
 * fits, and the file is long enough for the *need weights; allocates the matrix. */
static ar_status weights_begin(instance_state *st, uint64_t *need) {
  tour_net *t = st->t;
  if (st->have_weights) return FAIL_AT(st, "EDGE_WEIGHT_SECTION is given twice");
  ar_status rc = require_spec(st, "EDGE_WEIGHT_SECTION");
  if (rc != AR_OK) return rc;
  if (t->metric != TOUR_METRIC_EXPLICIT)
    return FAIL_AT(st, "EDGE_WEIGHT_SECTION with EDGE_WEIGHT_TYPE %s (only EXPLICIT has one)",
                   tour_metric_name(t->metric));
  if (st->format == FMT_NONE || st->format == FMT_FUNCTION)
    return FAIL_AT(st, "EDGE_WEIGHT_TYPE EXPLICIT needs an EDGE_WEIGHT_FORMAT before "
                       "EDGE_WEIGHT_SECTION (FULL_MATRIX, UPPER_ROW, ...)");
  if (t->directed && st->format != FMT_FULL_MATRIX)
    return FAIL_AT(st, "TYPE ATSP needs EDGE_WEIGHT_FORMAT FULL_MATRIX, not %s",
                   format_names[st->format]);
  if (t->n > TOUR_EXPLICIT_MAX_N)
    return FAIL_AT(st,
                   "DIMENSION %d is too large for explicit weights (at most %d nodes: the "
                   "n x n matrix is kept in memory)",
                   t->n, (int)TOUR_EXPLICIT_MAX_N);
  *need = format_count(st->format, t->n);
  size_t left = reader_bytes_left(&st->r);
  if (*need > TSPLIB_TRUSTED_N && *need * 2 > (uint64_t)left + 1)
    return FAIL_AT(st,
                   "DIMENSION %d with %s needs %llu weights but only %zu bytes follow (truncated "
                   "file or wrong DIMENSION?)",
                   t->n, format_names[st->format], (unsigned long long)*need, left);
  t->weights = calloc((size_t)t->n * (size_t)t->n, sizeof *t->weights);
  if (!t->weights)
    return ar_fail(AR_ERR_NOMEM, "%s: out of memory for a %d x %d weight matrix", st->r.path, t->n,
                   t->n);
  st->have_weights = 1;
  return AR_OK;
}

/* Stores weight token tok at the walk's cell (and its mirror for a triangular format). */
static ar_status weight_store(instance_state *st, const cell_walk *w, tsp_span tok) {
  char show[64];
  tour_net *t = st->t;
  double v;
  if (span_to_double(tok, &v) != 0)
    return FAIL_AT(st, "weight '%s' (row %d, column %d) is not a number",
                   span_show(tok, show, sizeof show), w->i + 1, w->j + 1);
  if (!isfinite(v))
    return FAIL_AT(st, "weight '%s' (row %d, column %d) is not finite",
                   span_show(tok, show, sizeof show), w->i + 1, w->j + 1);
  if (v < 0)
    return FAIL_AT(st, "negative weight %s (row %d, column %d)", span_show(tok, show, sizeof show),
                   w->i + 1, w->j + 1);
  if (v != floor(v) || v > (double)INT32_MAX)
    return FAIL_AT(st, "weight %s (row %d, column %d) is not an integer in 0..%d",
                   span_show(tok, show, sizeof show), w->i + 1, w->j + 1, (int)INT32_MAX);
  int32_t iv = (int32_t)v;
  int64_t ij = (int64_t)w->i * t->n + w->j, ji = (int64_t)w->j * t->n + w->i;
  if (st->format != FMT_FULL_MATRIX) {
    t->weights[ij] = iv;
    t->weights[ji] = iv;
    return AR_OK;
  }
  /* TYPE TSP promises symmetry: check each pair when its second half arrives. */
  if (!t->directed && w->j < w->i && t->weights[ji] != iv)
    return FAIL_AT(st,
                   "TYPE TSP but weight(%d,%d) = %d differs from weight(%d,%d) = %d (an "
                   "asymmetric matrix needs TYPE ATSP)",
                   w->i + 1, w->j + 1, (int)iv, w->j + 1, w->i + 1, (int)t->weights[ji]);
  t->weights[ij] = iv;
  return AR_OK;
}

static ar_status too_many_weights(instance_state *st, uint64_t need) {
  return FAIL_AT(st,
                 "EDGE_WEIGHT_SECTION has more than the %llu weights that DIMENSION %d with %s "
                 "needs",
                 (unsigned long long)need, st->t->n, format_names[st->format]);
}

static ar_status parse_weights(instance_state *st) {
  uint64_t need = 0, got = 0;
  ar_status rc = weights_begin(st, &need);
  if (rc != AR_OK) return rc;
  cell_walk w;
  walk_start(&w, st->format, st->t->n);
  tsp_span line;
  while (got < need && reader_next(&st->r, &line)) {
    if (span_is_blank(line)) continue;
    if (line_is_keyword(line)) {
      reader_unread(&st->r, line);
      break;
    }
    tsp_span rest = line, tok;
    while (span_token(&rest, &tok)) {
      if (got == need) return too_many_weights(st, need);
      rc = weight_store(st, &w, tok);
      if (rc != AR_OK) return rc;
      got++;
      walk_next(&w);
    }
  }
  if (got < need)
    return FAIL_AT(st,
                   "EDGE_WEIGHT_SECTION ends after %llu of the %llu weights that DIMENSION %d "
                   "with %s needs (truncated file or wrong DIMENSION?)",
                   (unsigned long long)got, (unsigned long long)need, st->t->n,
                   format_names[st->format]);
  /* Numbers right after the last expected weight mean DIMENSION is too small. */
  while (reader_next(&st->r, &line)) {
    if (span_is_blank(line)) continue;
    reader_unread(&st->r, line);
    return line_is_keyword(line) ? AR_OK : too_many_weights(st, need);
  }
  return AR_OK;
}

static ar_status parse_instance_lines(instance_state *st) {
  char show[64];
  tour_net *t = st->t;
  tsp_span line;
  while (reader_next(&st->r, &line)) {
    if (span_is_blank(line)) continue;
    tsp_span key, value;
    int colon;
    if (!split_keyword(line, &key, &value, &colon))
      return FAIL_AT(st, "expected a 'KEYWORD : value' line or a section name, found '%s'",
                     span_show(span_trim(line), show, sizeof show));
    ar_status rc = AR_OK;
    if (span_eq(key, "EOF") && !colon) break;
    int is_section = key.n > 8 && memcmp(key.s + key.n - 8, "_SECTION", 8) == 0;
    if (is_section) {
      if (value.n > 0)
        return FAIL_AT(st, "unexpected text after %s", span_show(key, show, sizeof show));
      if (span_eq(key, "NODE_COORD_SECTION"))
        rc = parse_coords(st);
      else if (span_eq(key, "EDGE_WEIGHT_SECTION"))
        rc = parse_weights(st);
      else if (span_eq(key, "DISPLAY_DATA_SECTION") || span_eq(key, "FIXED_EDGES_SECTION"))
        skip_section(st);
      else if (span_eq(key, "TOUR_SECTION"))
        rc = FAIL_AT(st, "TOUR_SECTION in an instance file (pass tours with --tour FILE)");
      else
        rc = FAIL_AT(st, "section %s is not supported (antroute reads TSP and ATSP instances)",
                     span_show(key, show, sizeof show));
    } else if (!colon) {
      rc = FAIL_AT(st, "expected ':' after keyword %s", span_show(key, show, sizeof show));
    } else if (span_eq(key, "NAME")) {
      span_copy(value, t->name, sizeof t->name);
    } else if (span_eq(key, "COMMENT")) {
      comment_append(t->comment, sizeof t->comment, value);
    } else if (span_eq(key, "TYPE")) {
      rc = parse_type(st, value);
    } else if (span_eq(key, "DIMENSION")) {
      rc = parse_dimension(st, value);
    } else if (span_eq(key, "EDGE_WEIGHT_TYPE")) {
      rc = parse_metric(st, value);
    } else if (span_eq(key, "EDGE_WEIGHT_FORMAT")) {
      rc = parse_format(st, value);
    } else if (span_eq(key, "NODE_COORD_TYPE")) {
      if (!span_eq(value, "TWOD_COORDS") && !span_eq(value, "NO_COORDS"))
        rc = FAIL_AT(st, "NODE_COORD_TYPE %s is not supported (TWOD_COORDS or NO_COORDS)",
                     span_show(value, show, sizeof show));
    } else if (span_eq(key, "DISPLAY_DATA_TYPE") || span_eq(key, "CAPACITY")) {
      /* Drawing hints and CVRP data: not needed for a tour. */
    } else if (span_eq(key, "EDGE_DATA_FORMAT")) {
      rc = FAIL_AT(st, "EDGE_DATA_FORMAT (edge lists) is not supported");
    } else {
      rc = FAIL_AT(st, "unknown keyword '%s'", span_show(key, show, sizeof show));
    }
    if (rc != AR_OK) return rc;
  }
  return AR_OK;
}

/* What the whole file must have said, checked once it has been read. */
static ar_status check_instance_complete(instance_state *st) {
  tour_net *t = st->t;
  if (!st->have_dimension) return FAIL_AT(st, "end of file without DIMENSION");
  if (!st->have_metric) return FAIL_AT(st, "end of file without EDGE_WEIGHT_TYPE");
  if (t->metric == TOUR_METRIC_EXPLICIT) {
    if (!st->have_weights)
      return FAIL_AT(st, "end of file without EDGE_WEIGHT_SECTION (needed by EDGE_WEIGHT_TYPE "
                         "EXPLICIT)");
  } else {
    if (t->directed)
      return FAIL_AT(st, "TYPE ATSP needs EDGE_WEIGHT_TYPE EXPLICIT, not %s",
                     tour_metric_name(t->metric));
    if (st->format != FMT_NONE && st->format != FMT_FUNCTION)
      return FAIL_AT(st, "EDGE_WEIGHT_FORMAT %s needs EDGE_WEIGHT_TYPE EXPLICIT, not %s",
                     format_names[st->format], tour_metric_name(t->metric));
    if (!st->have_coords)
      return FAIL_AT(st, "end of file without NODE_COORD_SECTION (needed by EDGE_WEIGHT_TYPE %s)",
                     tour_metric_name(t->metric));
  }
  return AR_OK;
}

ar_status tsplib_parse_instance(const char *buf, size_t len, const char *path, tour_net *t) {
  memset(t, 0, sizeof *t);
  t->optimum = -1;
  if (len == 0) return ar_fail(AR_ERR_INPUT, "%s:1: the file is empty", path);
  instance_state st;
  memset(&st, 0, sizeof st);
  reader_init(&st.r, buf, len, path);
  st.t = t;
  ar_status rc = parse_instance_lines(&st);
  if (rc == AR_OK) rc = check_instance_complete(&st);
  if (rc != AR_OK) {
    tour_net_free(t);
    memset(t, 0, sizeof *t);
    t->optimum = -1;
  }
  return rc;
}

/* --- Tour ------------------------------------------------------------------------------------- */

static ar_status parse_tour_section(tsp_reader *r, int32_t n, int32_t *tour) {
  char show[64];
  unsigned char *seen = calloc((size_t)n, 1);
  if (!seen) return ar_fail(AR_ERR_NOMEM, "%s: out of memory for a tour of %d nodes", r->path, n);
  ar_status rc = AR_OK;
  int32_t count = 0;
  int ended = 0;
  tsp_span line;
  while (!ended && rc == AR_OK && reader_next(r, &line)) {
    if (span_is_blank(line)) continue;
    tsp_span key, value;
    int colon;
    if (split_keyword(line, &key, &value, &colon) &&
        (colon || span_eq(key, "EOF") ||
         (key.n > 8 && memcmp(key.s + key.n - 8, "_SECTION", 8) == 0))) {
      rc = fail_line(r,
                     "TOUR_SECTION ends without its -1 terminator after %d of %d nodes "
                     "(truncated file?)",
                     count, n);
      break;
    }
    tsp_span rest = line, tok;
    while (!ended && span_token(&rest, &tok)) {
      int64_t id;
      int ri = span_to_i64(tok, &id);
      if (ri < 0) {
        rc = fail_line(r, "tour entry '%s' is not an integer node id",
                       span_show(tok, show, sizeof show));
        break;
      }
      if (ri == 0 && id == -1) {
        ended = 1;
        if (count != n)
          rc = fail_line(r, "the tour has %d node%s but the instance has %d", count,
                         count == 1 ? "" : "s", n);
        break;
      }
      if (ri > 0 || id < 1 || id > n) {
        rc = fail_line(r, "unknown node id %s in the tour (the instance has nodes 1..%d)",
                       span_show(tok, show, sizeof show), n);
        break;
      }
      if (seen[id - 1]) {
        rc = fail_line(r, "node %lld appears twice in the tour", (long long)id);
        break;
      }
      /* n distinct ids in 1..n fill the tour: no room is left for another (count < n). */
      seen[id - 1] = 1;
      tour[count++] = (int32_t)(id - 1);
    }
  }
  if (rc == AR_OK && !ended)
    rc = fail_line(r,
                   "end of file in TOUR_SECTION after %d of %d nodes, without the -1 "
                   "terminator (truncated file?)",
                   count, n);
  free(seen);
  return rc;
}

ar_status tsplib_parse_tour(const char *buf, size_t len, const char *path, int32_t n,
                            int32_t **tour) {
  char show[64];
  *tour = NULL;
  if (n < 1 || n > TOUR_MAX_N)
    return ar_fail(AR_ERR_INPUT, "%s: cannot read a tour for an instance of %d nodes", path, n);
  if (len == 0) return ar_fail(AR_ERR_INPUT, "%s:1: the file is empty", path);
  tsp_reader r;
  reader_init(&r, buf, len, path);
  tsp_span line;
  int have_section = 0;
  while (reader_next(&r, &line)) {
    if (span_is_blank(line)) continue;
    tsp_span key, value;
    int colon;
    if (!split_keyword(line, &key, &value, &colon))
      return fail_line(&r, "expected a 'KEYWORD : value' line or TOUR_SECTION, found '%s'",
                       span_show(span_trim(line), show, sizeof show));
    if (span_eq(key, "EOF") && !colon) break;
    if (span_eq(key, "TOUR_SECTION") && value.n == 0) {
      /* Each node id takes at least two bytes ("1\n"). */
      size_t left = reader_bytes_left(&r);
      if (n > TSPLIB_TRUSTED_N && (uint64_t)n * 2 > (uint64_t)left + 1)
        return fail_line(&r,
                         "TOUR_SECTION has %zu bytes left, too few for %d nodes (truncated "
                         "file, or a tour for another instance?)",
                         left, n);
      int32_t *out = malloc((size_t)n * sizeof *out);
      if (!out) return ar_fail(AR_ERR_NOMEM, "%s: out of memory for a tour of %d nodes", path, n);
      ar_status rc = parse_tour_section(&r, n, out);
      if (rc != AR_OK) {
        free(out);
        return rc;
      }
      *tour = out;
      have_section = 1;
      break; /* further tours, if any, are ignored: the first is the one that counts */
    }
    if (!colon)
      return fail_line(&r, "expected ':' after keyword %s", span_show(key, show, sizeof show));
    if (span_eq(key, "TYPE")) {
      if (!span_eq(value, "TOUR"))
        return fail_line(&r, "TYPE %s: expected TYPE : TOUR in a tour file",
                         span_show(value, show, sizeof show));
    } else if (span_eq(key, "DIMENSION")) {
      int64_t d;
      if (span_to_i64(value, &d) != 0)
        return fail_line(&r, "DIMENSION '%s' is not an integer",
                         span_show(value, show, sizeof show));
      if (d != n)
        return fail_line(&r, "DIMENSION %lld disagrees with the instance's %d nodes", (long long)d,
                         n);
    } else if (!span_eq(key, "NAME") && !span_eq(key, "COMMENT")) {
      return fail_line(&r, "unknown keyword '%s' in a tour file",
                       span_show(key, show, sizeof show));
    }
  }
  if (!have_section) return fail_line(&r, "end of file without TOUR_SECTION");
  return AR_OK;
}

/* --- Files ------------------------------------------------------------------------------------ */

ar_status tsplib_read_file(const char *path, char **buf, size_t *len) {
  *buf = NULL;
  *len = 0;
  int fd;
  ar_status opened = ar_input_open(path, NULL, &fd); /* a regular file: never a FIFO or a device */
  if (opened != AR_OK) return opened;
  struct stat sb;
  if (fstat(fd, &sb) != 0) {
    int err = errno;
    close(fd);
    return ar_fail(AR_ERR_IO, "cannot stat %s: %s", path, strerror(err));
  }
  /* Read in one go (the buffer still grows if the file grew meanwhile). */
  size_t cap = (size_t)sb.st_size + 1;
  char *data = malloc(cap);
  if (!data) {
    close(fd);
    return ar_fail(AR_ERR_NOMEM, "out of memory reading %s (%zu bytes)", path, cap);
  }
  size_t used = 0;
  for (;;) {
    if (used + 1 >= cap) {
      char *bigger = realloc(data, cap * 2);
      if (!bigger) {
        free(data);
        close(fd);
        return ar_fail(AR_ERR_NOMEM, "out of memory reading %s", path);
      }
      data = bigger;
      cap *= 2;
    }
    ssize_t got = read(fd, data + used, cap - 1 - used);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      int err = errno;
      free(data);
      close(fd);
      return ar_fail(AR_ERR_IO, "cannot read %s: %s", path, strerror(err));
    }
    if (got == 0) break;
    used += (size_t)got;
  }
  close(fd);
  data[used] = '\0';
  *buf = data;
  *len = used;
  return AR_OK;
}

ar_status tsplib_load_instance(const char *path, tour_net *t) {
  char *buf;
  size_t len;
  memset(t, 0, sizeof *t);
  t->optimum = -1;
  ar_status rc = tsplib_read_file(path, &buf, &len);
  if (rc != AR_OK) return rc;
  rc = tsplib_parse_instance(buf, len, path, t);
  free(buf);
  return rc;
}

ar_status tsplib_load_tour(const char *path, int32_t n, int32_t **tour) {
  char *buf;
  size_t len;
  *tour = NULL;
  ar_status rc = tsplib_read_file(path, &buf, &len);
  if (rc != AR_OK) return rc;
  rc = tsplib_parse_tour(buf, len, path, n, tour);
  free(buf);
  return rc;
}
