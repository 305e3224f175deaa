/* SPDX-License-Identifier: BSD-3-Clause */
/* param_wrap: words to lines with a hanging indent (see param_wrap.h). */
#include "param_wrap.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

enum { WRAP_MIN = 40, WRAP_MAX = 1000, WRAP_DEFAULT = 80 };

int param_wrap_width(FILE *out) {
  const char *env = getenv("COLUMNS");
  if (env && *env) {
    char *end = NULL;
    long c = strtol(env, &end, 10);
    if (end && *end == '\0' && c > 0)
      return c < WRAP_MIN ? WRAP_MIN : c > WRAP_MAX ? WRAP_MAX : (int)c;
  }
  struct winsize ws;
  int fd = fileno(out);
  if (fd >= 0 && isatty(fd) && ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= WRAP_MIN)
    return ws.ws_col > WRAP_MAX ? WRAP_MAX : ws.ws_col;
  return WRAP_DEFAULT;
}

void param_wrap(FILE *out, const char *text, int col, int indent, int width) {
  const char *p = text;
  int fresh = 1; /* nothing written on this line yet (after the indent) */
  while (*p) {
    if (*p == '\n') {
      fprintf(out, "\n%*s", indent, "");
      col = indent;
      fresh = 1;
      p++;
      continue;
    }
    if (*p == ' ') {
      p++;
      continue;
    }
    size_t len = strcspn(p, " \n");
    if (!fresh && col + 1 + (int)len > width) {
      fprintf(out, "\n%*s", indent, "");
      col = indent;
      fresh = 1;
    }
    if (!fresh) {
      fputc(' ', out);
      col++;
    }
    fwrite(p, 1, len, out);
    col += (int)len;
    fresh = 0;
    p += len;
  }
  fputc('\n', out);
}
