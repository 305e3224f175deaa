/* param_file: parameter files read strictly (see param.h, docs/cli.md "Parameter files").
 *
 * The whole file is read first (a regular file of at most 1 MiB, text only), then fed line by line
 * to libinih through a reader that counts lines and judges section headers itself (libinih does
 * not report a section that holds no key). Every section must name a command of the catalog,
 * every key must be an option of its section's command (a top-level key: of some command);
 * otherwise FILE:LINE names it with the nearest known name.
 */
#include <errno.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ar_path.h"
#include "param_priv.h"

enum { PARAM_FILE_MAX = 1 << 20, NAME_MAX_LEN = 128 };

/* --- What the catalog knows --------------------------------------------------------------------
 */

/* The options of the command named `name` into buf (ps's own for ps->command): their number, or
 * -1 when no command has that name. */
static int command_defs(const param_set *ps, const char *name, param_def *buf, int cap,
                        const param_def **defs) {
  if (strcmp(name, ps->command) == 0) {
    *defs = ps->defs;
    return ps->ndefs;
  }
  for (int c = 0; ps->catalog && c < ps->catalog->n; c++) {
    const param_command *cmd = &ps->catalog->commands[c];
    if (strcmp(cmd->command, name) != 0) continue;
    *defs = buf;
    int n = cmd->defs(buf, cap);
    return n < 0 ? 0 : n;
  }
  return -1;
}

static int has_key(const param_def *defs, int n, const char *key) {
  for (int i = 0; i < n; i++)
    if (strcmp(defs[i].name, key) == 0) return 1;
  return 0;
}

/* Edit distance between a and b ignoring case, adjacent swaps counting one (optimal string
 * alignment); names longer than NAME_MAX_LEN count as far. */
static int name_distance(const char *a, const char *b) {
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

typedef struct {
  const char *name;
  int distance;
} nearest;

static void nearest_offer(nearest *n, const char *candidate, const char *wanted) {
  int d = name_distance(wanted, candidate);
  if (!n->name || d < n->distance) {
    n->name = candidate;
    n->distance = d;
  }
}

/* The command names nearest to `wanted` (the catalog's and ps's own). */
static nearest nearest_command(const param_set *ps, const char *wanted) {
  nearest n = {NULL, 0};
  nearest_offer(&n, ps->command, wanted);
  for (int c = 0; ps->catalog && c < ps->catalog->n; c++)
    nearest_offer(&n, ps->catalog->commands[c].command, wanted);
  return n;
}

/* The option nearest to `wanted` among defs[0..n-1]. */
static void nearest_key(nearest *best, const param_def *defs, int n, const char *wanted) {
  for (int i = 0; i < n; i++)
    nearest_offer(best, defs[i].name, wanted);
}

/* --- Reading ---------------------------------------------------------------------------------- */

typedef struct {
  param_set *ps;
  const char *path;
  const char *text;
  size_t len, pos;
  int lineno;
  ar_status status;
  int failed;
} file_ctx;

static void ctx_fail(file_ctx *ctx, ar_status st) {
  if (ctx->failed) return;
  ctx->status = st;
  ctx->failed = 1;
}

/* A section header "[NAME]" (libinih's reading: NAME as written up to the first ']') must name a
 * command. */
static void check_section(file_ctx *ctx, const char *line, size_t len) {
  size_t i = 0;
  while (i < len && (line[i] == ' ' || line[i] == '\t'))
    i++;
  if (i >= len || line[i] != '[') return;
  const char *close = memchr(line + i + 1, ']', len - i - 1);
  if (!close) return; /* libinih reports the line */
  char name[NAME_MAX_LEN];
  size_t n = (size_t)(close - (line + i + 1));
  snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), line + i + 1);
  param_def buf[PARAM_MAX];
  const param_def *defs;
  if (command_defs(ctx->ps, name, buf, PARAM_MAX, &defs) >= 0) return;
  nearest near = nearest_command(ctx->ps, name);
  ctx_fail(ctx, ar_fail(AR_ERR_USAGE,
                        "%s:%d: unknown section [%s]: a section names the command its keys are "
                        "for (did you mean [%s]?)",
                        ctx->path, ctx->lineno, name, near.name));
}

/* libinih's reader: the next line of the text (at most num - 1 bytes), counted. */
static char *read_line(char *str, int num, void *stream) {
  file_ctx *ctx = stream;
  if (ctx->failed || ctx->pos >= ctx->len || num < 2) return NULL;
  size_t left = ctx->len - ctx->pos, take = (size_t)num - 1;
  const char *nl = memchr(ctx->text + ctx->pos, '\n', left);
  size_t line_len = nl ? (size_t)(nl - (ctx->text + ctx->pos)) + 1 : left;
  if (line_len < take) take = line_len;
  memcpy(str, ctx->text + ctx->pos, take);
  str[take] = '\0';
  ctx->pos += take;
  ctx->lineno++;
  check_section(ctx, str, take);
  return ctx->failed ? NULL : str;
}

/* A key of section `section` (top level: ""), on the current line. */
static int on_entry(void *user, const char *section, const char *name, const char *value) {
  file_ctx *ctx = user;
  param_set *ps = ctx->ps;
  if (ctx->failed) return 1;
  int own = section[0] == '\0' || strcmp(section, ps->command) == 0;
  int i = own ? param_index(ps, name) : -1;
  if (i < 0) {
    /* Not this command's: the file may still hold it for another command, if one knows it. */
    param_def buf[PARAM_MAX];
    const param_def *defs;
    nearest near = {NULL, 0};
    int known = 0;
    if (section[0] != '\0') {
      int n = command_defs(ps, section, buf, PARAM_MAX, &defs);
      known = n > 0 && has_key(defs, n, name);
      nearest_key(&near, defs, n, name);
    } else {
      nearest_key(&near, ps->defs, ps->ndefs, name);
      for (int c = 0; ps->catalog && c < ps->catalog->n && !known; c++) {
        int n = ps->catalog->commands[c].defs(buf, PARAM_MAX);
        known = n > 0 && has_key(buf, n, name);
        if (n > 0) nearest_key(&near, buf, n, name);
      }
    }
    if (known) return 1;
    char scope[NAME_MAX_LEN + 32];
    snprintf(scope, sizeof scope, section[0] ? "of [%s]" : "of any command%s", section);
    ctx_fail(ctx, ar_fail(AR_ERR_USAGE, "%s:%d: unknown parameter '%s': no option %s%s%s%s",
                          ctx->path, ctx->lineno, name, scope, near.name ? " (did you mean '" : "",
                          near.name ? near.name : "", near.name ? "'?)" : ""));
    return 1;
  }
  if (ps->origin[i] == PARAM_FROM_COMMAND_LINE) return 1; /* the command line wins */
  char where[512];
  snprintf(where, sizeof where, "%s:%d: %s", ctx->path, ctx->lineno, name);
  ar_status st = param_store(ps, i, value, PARAM_FROM_FILE, where);
  if (st != AR_OK) ctx_fail(ctx, st);
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
                     "%s:%d: a NUL byte: a parameter file is text (is it the right "
                     "file?)",
                     path, line);
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
                   "parameter file %s: %lld bytes, more than any parameter file "
                   "(1 MiB at most): is it the right file?",
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

ar_status param_load_file(param_set *ps, const char *path) {
  char *text;
  size_t len;
  ar_status st = read_all(path, &text, &len);
  if (st == AR_OK) st = check_text(path, text, len);
  if (st != AR_OK) {
    free(text);
    return st;
  }
  file_ctx ctx = {ps, path, text, len, 0, 0, AR_OK, 0};
  int rc = ini_parse_stream(read_line, &ctx, on_entry, &ctx);
  free(text);
  if (ctx.failed) return ctx.status;
  if (rc > 0) return ar_fail(AR_ERR_USAGE, "%s:%d: not a 'key = value' line", path, rc);
  if (rc < 0) return ar_fail(AR_ERR_IO, "cannot read parameter file %s", path);
  return AR_OK;
}
