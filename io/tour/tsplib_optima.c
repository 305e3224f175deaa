/* SPDX-License-Identifier: BSD-3-Clause */
/* tsplib_optima: OPTIMA.tsv look-up (see tsplib_optima.h). */
#include "tsplib_optima.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tsplib_parse.h"

/* Splits line (modified in place) at tabs; returns the number of fields, max + 1 when there
 * are more than max. */
static int split_tabs(char *line, char **fields, int max) {
  int n = 0;
  char *p = line;
  for (;;) {
    if (n == max) return max + 1;
    fields[n++] = p;
    char *tab = strchr(p, '\t');
    if (!tab) return n;
    *tab = '\0';
    p = tab + 1;
  }
}

static int parse_count(const char *s, int64_t *v) {
  char *end = NULL;
  if (!*s || *s == '-' || *s == '+') return -1;
  long long x = strtoll(s, &end, 10);
  if (*end != '\0' || x < 0) return -1;
  *v = x;
  return 0;
}

ar_status tsplib_optima_lookup(const char *path, const char *name, tsplib_optimum *out) {
  memset(out, 0, sizeof *out);
  char *buf;
  size_t len;
  ar_status st = tsplib_read_file(path, &buf, &len);
  if (st != AR_OK) return st;
  if (memchr(buf, '\0', len)) {
    free(buf);
    return ar_fail(AR_ERR_INPUT, "%s: a NUL byte in a text table", path);
  }
  long lineno = 0;
  int seen_header = 0;
  char *save = NULL;
  /* strtok_r would merge empty lines; walk the lines by hand to keep line numbers right. */
  for (char *line = buf; line && st == AR_OK; line = save) {
    char *nl = strchr(line, '\n');
    save = nl ? nl + 1 : NULL;
    if (nl) *nl = '\0';
    lineno++;
    size_t l = strlen(line);
    if (l > 0 && line[l - 1] == '\r') line[--l] = '\0';
    if (l == 0 || line[0] == '#') continue;
    char *f[4];
    int nf = split_tabs(line, f, 4);
    if (nf != 4) {
      st = ar_fail(AR_ERR_INPUT, "%s:%ld: expected 4 tab-separated fields, found %s%d", path,
                   lineno, nf > 4 ? "more than " : "", nf > 4 ? 4 : nf);
      break;
    }
    if (!seen_header) {
      if (strcmp(f[0], "name") != 0 || strcmp(f[1], "n") != 0 ||
          strcmp(f[2], "edge_weight_type") != 0 || strcmp(f[3], "optimal_tour_length") != 0)
        st = ar_fail(AR_ERR_INPUT,
                     "%s:%ld: expected the header 'name<TAB>n<TAB>edge_weight_type<TAB>"
                     "optimal_tour_length'",
                     path, lineno);
      seen_header = 1;
      continue;
    }
    int64_t n, opt;
    if (parse_count(f[1], &n) != 0) {
      st = ar_fail(AR_ERR_INPUT, "%s:%ld: n '%.40s' is not a non-negative integer", path, lineno,
                   f[1]);
    } else if (parse_count(f[3], &opt) != 0) {
      st =
          ar_fail(AR_ERR_INPUT, "%s:%ld: optimal_tour_length '%.40s' is not a non-negative integer",
                  path, lineno, f[3]);
    } else if (strcmp(f[0], name) == 0) {
      if (out->found) {
        st = ar_fail(AR_ERR_INPUT, "%s:%ld: %s is listed twice (first on line %ld)", path, lineno,
                     name, out->line);
        break;
      }
      out->found = 1;
      out->line = lineno;
      out->n = n;
      out->optimal_length = opt;
      snprintf(out->edge_weight_type, sizeof out->edge_weight_type, "%s", f[2]);
    }
  }
  if (st == AR_OK && !seen_header)
    st = ar_fail(AR_ERR_INPUT, "%s:1: empty table (no header line)", path);
  free(buf);
  if (st != AR_OK) memset(out, 0, sizeof *out);
  return st;
}
