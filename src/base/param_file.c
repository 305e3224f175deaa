/* SPDX-License-Identifier: BSD-3-Clause */
/* param_file: text-only INI files, fed to libinih with line numbers (see param_file.h). */
#include "param_file.h"

#include <errno.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ar_path.h"

enum { PARAM_FILE_MAX = 1 << 20, NAME_MAX_LEN = 128 };

int param_file_distance(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  if (la >= NAME_MAX_LEN || lb >= NAME_MAX_LEN) return 1 << 20;
  static _Thread_local int d[NAME_MAX_LEN + 1][NAME_MAX_LEN + 1];
  for (size_t i = 0; i <= la; i++)
    d[i][0] = (int)i;
  for (size_t j = 0; j <= lb; j++)
    d[0][j] = (int)j;
  for (size_t i = 1; i <= la; i++)
    for (size_t j = 1; j <= lb; j++) {
      int cost = (a[i - 1] | 0x20) == (b[j - 1] | 0x20) ? 0 : 1;
      int best = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
      if (d[i - 1][j - 1] + cost < best) best = d[i - 1][j - 1] + cost;
      if (i > 1 && j > 1 && (a[i - 1] | 0x20) == (b[j - 2] | 0x20) &&
          (a[i - 2] | 0x20) == (b[j - 1] | 0x20) && d[i - 2][j - 2] + 1 < best)
        best = d[i - 2][j - 2] + 1;
      d[i][j] = best;
    }
  return d[la][lb];
}

const char *param_file_nearest(const char *wanted, const char *const *names, int n) {
  const char *best = NULL;
  int best_d = 0;
  for (int i = 0; i < n; i++) {
    if (!names[i]) continue;
    int d = param_file_distance(wanted, names[i]);
    if (!best || d < best_d) {
      best = names[i];
      best_d = d;
    }
  }
  int reach = (int)strlen(wanted) / 3;
  return best && (best_d <= 2 || best_d <= reach) ? best : NULL;
}

typedef struct {
  const param_file_reader *r;
  const char *text;
  size_t len, pos;
  int lineno;
  ar_status status;
} file_ctx;

/* A section header "[NAME]" (libinih's reading: NAME as written up to the first ']'). */
static void on_header(file_ctx *ctx, const char *line, size_t len) {
  size_t i = 0;
  while (i < len && (line[i] == ' ' || line[i] == '\t'))
    i++;
  if (i >= len || line[i] != '[') return;
  const char *close = memchr(line + i + 1, ']', len - i - 1);
  if (!close) return; /* libinih reports the line */
  char name[NAME_MAX_LEN];
  size_t n = (size_t)(close - (line + i + 1));
  snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), line + i + 1);
  ctx->status = ctx->r->section(ctx->r->ctx, name, ctx->lineno);
}

/* libinih's reader: the next line of the text (at most num - 1 bytes), counted. */
static char *read_line(char *str, int num, void *stream) {
  file_ctx *ctx = stream;
  if (ctx->status != AR_OK || ctx->pos >= ctx->len || num < 2) return NULL;
  size_t left = ctx->len - ctx->pos, take = (size_t)num - 1;
  const char *nl = memchr(ctx->text + ctx->pos, '\n', left);
  size_t line_len = nl ? (size_t)(nl - (ctx->text + ctx->pos)) + 1 : left;
  if (line_len < take) take = line_len;
  memcpy(str, ctx->text + ctx->pos, take);
  str[take] = '\0';
  ctx->pos += take;
  ctx->lineno++;
  on_header(ctx, str, take);
  return ctx->status == AR_OK ? str : NULL;
}

static int on_entry(void *user, const char *section, const char *name, const char *value) {
  file_ctx *ctx = user;
  if (ctx->status == AR_OK)
    ctx->status = ctx->r->entry(ctx->r->ctx, section, name, value, ctx->lineno);
  return 1;
}

/* Text only: no NUL byte, no control character but tab and line ends (a CR only before a LF). */
static ar_status check_text(const char *path, const char *text, size_t len) {
  int line = 1;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)text[i];
    if (c == '\n') {
      line++;
      continue;
    }
    if (c == '\t' || (c == '\r' && (i + 1 == len || text[i + 1] == '\n'))) continue;
    if (c == 0)
      return ar_fail(AR_ERR_USAGE,
                     "%s:%d: a NUL byte: a parameter file is text (is it the right file?)", path,
                     line);
    if (c < 0x20 || c == 0x7f)
      return ar_fail(AR_ERR_USAGE, "%s:%d: control character 0x%02x: a parameter file is text",
                     path, line, c);
  }
  return AR_OK;
}

/* The whole file, NUL-terminated (*text malloc'ed). */
static ar_status read_all(const char *path, char **text, size_t *len) {
  *text = NULL;
  *len = 0;
  int fd;
  ar_status st = ar_input_open(path, "parameter file", &fd);
  if (st != AR_OK) return st;
  struct stat sb;
  if (fstat(fd, &sb) == 0 && sb.st_size > PARAM_FILE_MAX) {
    close(fd);
    return ar_fail(AR_ERR_USAGE,
                   "parameter file %s: %lld bytes, more than any parameter file (1 MiB at most): "
                   "is it the right file?",
                   path, (long long)sb.st_size);
  }
  char *buf = malloc(PARAM_FILE_MAX + 1);
  if (!buf) {
    close(fd);
    return ar_fail(AR_ERR_NOMEM, "out of memory reading %s", path);
  }
  size_t used = 0;
  for (;;) {
    ssize_t got = read(fd, buf + used, PARAM_FILE_MAX - used);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      int err = errno;
      free(buf);
      close(fd);
      return ar_fail(AR_ERR_IO, "cannot read parameter file %s: %s", path, strerror(err));
    }
    if (got == 0 || (used += (size_t)got) == PARAM_FILE_MAX) break;
  }
  close(fd);
  buf[used] = '\0';
  *text = buf;
  *len = used;
  return AR_OK;
}

ar_status param_file_read(const char *path, const param_file_reader *r) {
  char *text;
  size_t len;
  ar_status st = read_all(path, &text, &len);
  if (st == AR_OK) st = check_text(path, text, len);
  if (st != AR_OK) {
    free(text);
    return st;
  }
  file_ctx ctx = {r, text, len, 0, 0, AR_OK};
  int rc = ini_parse_stream(read_line, &ctx, on_entry, &ctx);
  free(text);
  if (ctx.status != AR_OK) return ctx.status;
  if (rc > 0) return ar_fail(AR_ERR_USAGE, "%s:%d: not a 'key = value' line", path, rc);
  if (rc < 0) return ar_fail(AR_ERR_IO, "cannot read parameter file %s", path);
  return AR_OK;
}
