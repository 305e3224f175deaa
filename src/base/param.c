/* SPDX-License-Identifier: BSD-3-Clause */
/* param: option table -> getopt_long, help and serialisation (parameter files: param_file.c). */
#define _GNU_SOURCE /* getopt_long */
#include "param.h"

#include "param_file.h"
#include "param_wrap.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int param_index(const param_set *ps, const char *name) {
  for (int i = 0; i < ps->ndefs; i++)
    if (strcmp(ps->defs[i].name, name) == 0) return i;
  return -1;
}

static int param_index_checked(const param_set *ps, const char *name) {
  int i = param_index(ps, name);
  if (i < 0) {
    /* A name missing from the table is a programming error, not a user error. */
    fprintf(stderr, "antroute: internal error: parameter '%s' is not defined for '%s'\n", name,
            ps->command);
    abort();
  }
  return i;
}

/* A choice list is "a|b|c"; a word written "old=new" is an alias: accepted for new, stored as
 * new, left out of help and messages (so renamed words keep working in users' scripts). */
typedef struct {
  const char *word, *canonical; /* each points into the list */
  size_t word_len, canonical_len;
} param_choice;

/* The choice of `choices` at *p (advancing *p past it); 0 at the end of the list. */
static int choice_next(const char **p, param_choice *c) {
  if (!**p) return 0;
  const char *bar = strchr(*p, '|');
  size_t n = bar ? (size_t)(bar - *p) : strlen(*p);
  const char *eq = memchr(*p, '=', n);
  c->word = *p;
  c->word_len = eq ? (size_t)(eq - *p) : n;
  c->canonical = eq ? eq + 1 : *p;
  c->canonical_len = eq ? n - c->word_len - 1 : n;
  *p = bar ? bar + 1 : *p + n;
  return 1;
}

/* The choice value names, or NULL when it names none. */
static const param_choice *choice_find(const char *choices, const char *value, param_choice *c) {
  size_t len = strlen(value);
  for (const char *p = choices; choice_next(&p, c);)
    if (c->word_len == len && strncmp(c->word, value, len) == 0) return c;
  return NULL;
}

/* The choices without their aliases ("a|b|c"), for help and messages. */
static void choice_words(const char *choices, char *out, size_t cap) {
  size_t len = 0;
  out[0] = '\0';
  param_choice c;
  for (const char *p = choices; choice_next(&p, &c);) {
    if (c.word != c.canonical) continue;
    int n = snprintf(out + len, cap - len, "%s%.*s", len ? "|" : "", (int)c.word_len, c.word);
    if (n < 0 || (size_t)n >= cap - len) return;
    len += (size_t)n;
  }
}

static int parse_bool(const char *value, int *out) {
  static const char *yes[] = {"1", "true", "yes", "on"};
  static const char *no[] = {"0", "false", "no", "off"};
  for (size_t i = 0; i < 4; i++) {
    if (strcasecmp(value, yes[i]) == 0) {
      *out = 1;
      return 1;
    }
    if (strcasecmp(value, no[i]) == 0) {
      *out = 0;
      return 1;
    }
  }
  return 0;
}

/* Checks value against def; on failure records "<where>: ..." and returns AR_ERR_USAGE. */
static ar_status param_validate(const param_def *def, const char *value, const char *where) {
  int has_range = def->min <= def->max;
  switch (def->type) {
  case PARAM_INT: {
    char *end = NULL;
    errno = 0;
    long long v = strtoll(value, &end, 10);
    if (errno != 0 || end == value || *end != '\0')
      return ar_fail(AR_ERR_USAGE, "%s: '%s' is not a whole number", where, value);
    if (has_range && ((double)v < def->min || (double)v > def->max))
      return ar_fail(AR_ERR_USAGE, "%s: %lld is outside [%.17g, %.17g]", where, v, def->min,
                     def->max);
    return AR_OK;
  }
  case PARAM_REAL: {
    char *end = NULL;
    errno = 0;
    double v = strtod(value, &end);
    if (errno != 0 || end == value || *end != '\0' || !isfinite(v))
      return ar_fail(AR_ERR_USAGE, "%s: '%s' is not a finite number", where, value);
    if (has_range && (v < def->min || v > def->max))
      return ar_fail(AR_ERR_USAGE, "%s: %g is outside [%g, %g]", where, v, def->min, def->max);
    return AR_OK;
  }
  case PARAM_CHOICE: {
    param_choice c;
    if (choice_find(def->choices, value, &c)) return AR_OK;
    char words[256];
    choice_words(def->choices, words, sizeof words);
    return ar_fail(AR_ERR_USAGE, "%s: '%s' is not one of %s", where, value, words);
  }
  case PARAM_FLAG: {
    int b;
    if (!parse_bool(value, &b))
      return ar_fail(AR_ERR_USAGE, "%s: '%s' is not a yes/no value (true, false, 1, 0)", where,
                     value);
    return AR_OK;
  }
  case PARAM_STRING: return AR_OK;
  }
  return AR_OK;
}

static ar_status param_store(param_set *ps, int i, const char *value, param_origin origin,
                             const char *where) {
  const param_def *def = &ps->defs[i];
  ar_status st = param_validate(def, value, where);
  if (st != AR_OK) return st;
  param_choice c;
  char *copy = def->type == PARAM_CHOICE && choice_find(def->choices, value, &c)
                   ? strndup(c.canonical, c.canonical_len)
                   : strdup(value);
  if (!copy) return ar_fail(AR_ERR_NOMEM, "out of memory storing parameter %s", ps->defs[i].name);
  free(ps->values[i]);
  ps->values[i] = copy;
  ps->origin[i] = origin;
  return AR_OK;
}

/* --- Parameter files: sections and keys judged against the catalog (param_file.h reads) ------ */

enum { NAME_MAX_LEN = 128 };

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

typedef struct {
  const char *name;
  int distance;
} nearest;

static void nearest_offer(nearest *n, const char *candidate, const char *wanted) {
  int d = param_file_distance(wanted, candidate);
  if (!n->name || d < n->distance) {
    n->name = candidate;
    n->distance = d;
  }
}

/* Looks key up in defs[0..n-1] (1 when there), offering every name to *near. */
static int key_in(const param_def *defs, int n, const char *key, nearest *near) {
  int found = 0;
  for (int i = 0; i < n; i++) {
    found |= strcmp(defs[i].name, key) == 0;
    nearest_offer(near, defs[i].name, key);
  }
  return found;
}

typedef struct {
  param_set *ps;
  const char *path;
} file_ctx;

/* A section must name a command. */
static ar_status file_section(void *user, const char *name, int line) {
  file_ctx *ctx = user;
  const param_set *ps = ctx->ps;
  param_def buf[PARAM_MAX];
  const param_def *defs;
  if (command_defs(ps, name, buf, PARAM_MAX, &defs) >= 0) return AR_OK;
  nearest near = {NULL, 0};
  nearest_offer(&near, ps->command, name);
  for (int c = 0; ps->catalog && c < ps->catalog->n; c++)
    nearest_offer(&near, ps->catalog->commands[c].command, name);
  return ar_fail(AR_ERR_USAGE,
                 "%s:%d: unknown section [%s]: a section names the command its keys are for (did "
                 "you mean [%s]?)",
                 ctx->path, line, name, near.name);
}

/* A key that ps does not read: fine when its section's command (top level: some command) knows
 * it, else AR_ERR_USAGE with the nearest known name. */
static ar_status file_other_key(const file_ctx *ctx, const char *section, const char *key,
                                int line) {
  const param_set *ps = ctx->ps;
  param_def buf[PARAM_MAX];
  const param_def *defs;
  nearest near = {NULL, 0};
  int known = 0;
  if (section[0] != '\0') {
    int n = command_defs(ps, section, buf, PARAM_MAX, &defs);
    known = key_in(defs, n, key, &near);
  } else {
    known = key_in(ps->defs, ps->ndefs, key, &near);
    for (int c = 0; ps->catalog && c < ps->catalog->n && !known; c++) {
      int n = ps->catalog->commands[c].defs(buf, PARAM_MAX);
      known = n > 0 && key_in(buf, n, key, &near);
    }
  }
  if (known) return AR_OK;
  char scope[NAME_MAX_LEN + 32];
  if (section[0])
    snprintf(scope, sizeof scope, "of [%s]", section);
  else
    snprintf(scope, sizeof scope, "of any command");
  return ar_fail(AR_ERR_USAGE, "%s:%d: unknown parameter '%s': no option %s%s%s%s", ctx->path, line,
                 key, scope, near.name ? " (did you mean '" : "", near.name ? near.name : "",
                 near.name ? "'?)" : "");
}

/* A key of `section` (top level: ""): this command's keys are stored unless the command line
 * gave them. */
static ar_status file_entry(void *user, const char *section, const char *key, const char *value,
                            int line) {
  file_ctx *ctx = user;
  param_set *ps = ctx->ps;
  int own = section[0] == '\0' || strcmp(section, ps->command) == 0;
  int i = own ? param_index(ps, key) : -1;
  if (i < 0) return file_other_key(ctx, section, key, line);
  if (ps->origin[i] == PARAM_FROM_COMMAND_LINE) return AR_OK; /* the command line wins */
  char where[512];
  snprintf(where, sizeof where, "%s:%d: %s", ctx->path, line, key);
  return param_store(ps, i, value, PARAM_FROM_FILE, where);
}

static ar_status param_load_file(param_set *ps, const char *path) {
  file_ctx ctx = {ps, path};
  param_file_reader r = {file_section, file_entry, &ctx};
  return param_file_read(path, &r);
}

/* getopt_long's tables for ps: every parameter, then --params, --help and --help-man. longopts
 * holds PARAM_MAX + 4 entries, shortopts 2 * PARAM_MAX + 8 characters. */
static void param_getopt_tables(const param_set *ps, struct option *longopts, char *shortopts) {
  size_t ns = 0;
  shortopts[ns++] = '-'; /* positional arguments come back in order, as code 1 */
  shortopts[ns++] = ':';
  for (int i = 0; i < ps->ndefs; i++) {
    const param_def *d = &ps->defs[i];
    longopts[i].name = d->name;
    longopts[i].has_arg = d->type == PARAM_FLAG ? no_argument : required_argument;
    longopts[i].flag = NULL;
    longopts[i].val = 1000 + i;
    if (d->short_name) {
      shortopts[ns++] = d->short_name;
      if (d->type != PARAM_FLAG) shortopts[ns++] = ':';
    }
  }
  longopts[ps->ndefs] = (struct option){"params", required_argument, NULL, 'P'};
  longopts[ps->ndefs + 1] = (struct option){"help", no_argument, NULL, 'h'};
  longopts[ps->ndefs + 2] = (struct option){"help-man", no_argument, NULL, 'M'};
  longopts[ps->ndefs + 3] = (struct option){NULL, 0, NULL, 0};
  shortopts[ns++] = 'h';
  shortopts[ns] = '\0';
}

/* AR_ERR_USAGE for an unknown long option, with the nearest known one when it is a typo away. */
static ar_status param_unknown_option(const param_set *ps, const char *arg) {
  char wanted[NAME_MAX_LEN];
  const char *name = arg[0] == '-' && arg[1] == '-' ? arg + 2 : arg;
  snprintf(wanted, sizeof wanted, "%.*s", (int)strcspn(name, "="), name);
  const char *names[PARAM_MAX + 3];
  int n = 0;
  for (int i = 0; i < ps->ndefs && i < PARAM_MAX; i++)
    names[n++] = ps->defs[i].name;
  names[n++] = "params";
  names[n++] = "help";
  const char *near = param_file_nearest(wanted, names, n);
  if (near)
    return ar_fail(AR_ERR_USAGE, "%s: unknown option '%s' (did you mean --%s? see --help)",
                   ps->command, arg, near);
  return ar_fail(AR_ERR_USAGE, "%s: unknown option '%s' (see --help)", ps->command, arg);
}

/* One getopt_long result c (optarg and optind as it left them). */
static ar_status param_take_option(param_set *ps, int c, char **argv) {
  if (c == 1) { /* a positional argument */
    if (ps->npositional >= PARAM_MAX_POSITIONAL || ps->npositional >= ps->max_positional)
      return ar_fail(AR_ERR_USAGE, "%s: unexpected argument '%s'", ps->command, optarg);
    ps->positional[ps->npositional++] = optarg;
    return AR_OK;
  }
  if (c == 'h' || c == 'M') {
    ps->help_requested = c == 'M' ? PARAM_HELP_MAN : PARAM_HELP_TEXT;
    return AR_OK;
  }
  if (c == 'P') {
    if (ps->param_file)
      return ar_fail(AR_ERR_USAGE, "%s: --params given twice (%s, then %s): give it once",
                     ps->command, ps->param_file, optarg);
    ps->param_file = optarg;
    return AR_OK;
  }
  if (c == '?') {
    if (optopt)
      return ar_fail(AR_ERR_USAGE, "%s: unknown option '-%c' (see --help)", ps->command, optopt);
    return param_unknown_option(ps, argv[optind - 1]);
  }
  if (c == ':')
    return ar_fail(AR_ERR_USAGE, "%s: option '%s' needs a value", ps->command, argv[optind - 1]);
  int i = -1;
  if (c >= 1000) {
    i = c - 1000;
  } else {
    for (int k = 0; k < ps->ndefs; k++)
      if (ps->defs[k].short_name == c) i = k;
  }
  if (i < 0) return ar_fail(AR_ERR_INTERNAL, "option table out of step (%d)", c);
  /* The last of two values silently winning hides a typo in a long command line. */
  if (ps->origin[i] == PARAM_FROM_COMMAND_LINE) {
    if (ps->defs[i].type == PARAM_FLAG)
      return ar_fail(AR_ERR_USAGE, "%s: option --%s given twice: give it once", ps->command,
                     ps->defs[i].name);
    return ar_fail(AR_ERR_USAGE, "%s: option --%s given twice ('%s', then '%s'): give it once",
                   ps->command, ps->defs[i].name, ps->values[i], optarg);
  }
  char where[256];
  snprintf(where, sizeof where, "option --%s", ps->defs[i].name);
  return param_store(ps, i, ps->defs[i].type == PARAM_FLAG ? "1" : optarg, PARAM_FROM_COMMAND_LINE,
                     where);
}

ar_status param_parse(param_set *ps, int argc, char **argv) {
  if (ps->ndefs > PARAM_MAX) return ar_fail(AR_ERR_INTERNAL, "too many parameters");
  for (int i = 0; i < ps->ndefs; i++) {
    ps->values[i] = NULL;
    ps->origin[i] = PARAM_FROM_DEFAULT;
  }
  ps->npositional = 0;
  ps->param_file = NULL;
  ps->help_requested = 0;

  struct option longopts[PARAM_MAX + 4];
  char shortopts[2 * PARAM_MAX + 8];
  param_getopt_tables(ps, longopts, shortopts);
  ar_status st = AR_OK;
  optind = 0; /* GNU: full re-initialisation, so several parses in one process work */
  opterr = 0;
  int c;
  while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1)
    if ((st = param_take_option(ps, c, argv)) != AR_OK) return st;
  if (ps->help_requested) return AR_OK;

  /* Precedence: the command line (stored above), then the parameter file, then the defaults. */
  if (ps->param_file && (st = param_load_file(ps, ps->param_file)) != AR_OK) return st;
  for (int i = 0; i < ps->ndefs; i++) {
    if (!ps->values[i] && ps->defs[i].default_value) {
      ps->values[i] = strdup(ps->defs[i].default_value);
      if (!ps->values[i]) return ar_fail(AR_ERR_NOMEM, "out of memory");
    }
  }
  if (ps->npositional < ps->min_positional)
    return ar_fail(AR_ERR_USAGE, "%s: missing argument (usage: %s)", ps->command, ps->usage);
  return AR_OK;
}

/* True when option i opens a group other than *group (then *group is its heading). */
static int group_starts(const param_set *ps, int i, const char **group) {
  const char *g = ps->groups ? ps->groups[i] : NULL;
  if (!g || (*group && strcmp(*group, g) == 0)) return 0;
  *group = g;
  return 1;
}

/* The option column, where its text starts ("  " + column + " "), and below which width the
 * text goes under the option instead. */
enum { HELP_LEFT = 30, HELP_TEXT_COL = 33, HELP_NARROW = 72, HELP_NARROW_COL = 8 };
enum { HELP_NO_WRAP = 1 << 20 };

/* One option of --help: the option, then its help wrapped under the text column (below the
 * option when the option is wider than its column). */
static void help_option(FILE *out, const char *left, const char *text, int width) {
  if (width < HELP_NARROW) { /* too narrow for two columns: the text below, indented */
    fprintf(out, "  %s\n%*s", left, HELP_NARROW_COL, "");
    param_wrap(out, text, HELP_NARROW_COL, HELP_NARROW_COL, width);
    return;
  }
  fprintf(out, "  %-*s ", HELP_LEFT, left);
  if ((int)strlen(left) > HELP_LEFT) fprintf(out, "\n%*s", HELP_TEXT_COL, "");
  param_wrap(out, text, HELP_TEXT_COL, HELP_TEXT_COL, width);
}

/* The help of d with its choices and default. */
static void help_text_of(const param_def *d, char *buf, size_t cap) {
  size_t len = (size_t)snprintf(buf, cap, "%s", d->help ? d->help : "");
  if (d->type == PARAM_CHOICE && len < cap) {
    char words[256];
    choice_words(d->choices, words, sizeof words);
    len += (size_t)snprintf(buf + len, cap - len, " (%s)", words);
  }
  if (d->default_value && d->type != PARAM_FLAG && len < cap)
    snprintf(buf + len, cap - len, " [default: %s]", d->default_value);
}

void param_print_help(const param_set *ps, FILE *out) {
  int width = param_wrap_width(out);
  fputs("usage: ", out);
  param_wrap(out, ps->usage, 7, 11, width);
  fputc('\n', out);
  if (ps->description) {
    param_wrap(out, ps->description, 0, 0, width);
    fputc('\n', out);
  }
  fprintf(out, "options:\n");
  const char *group = NULL;
  for (int i = 0; i < ps->ndefs; i++) {
    const param_def *d = &ps->defs[i];
    if (d->flags & PARAM_HIDDEN) continue;
    if (group_starts(ps, i, &group)) fprintf(out, "\n%s:\n", group);
    char left[128], text[2048];
    const char *arg = d->type == PARAM_FLAG ? "" : (d->arg_name ? d->arg_name : "VALUE");
    if (d->short_name)
      snprintf(left, sizeof left, "-%c, --%s%s%s", d->short_name, d->name, *arg ? " " : "", arg);
    else
      snprintf(left, sizeof left, "    --%s%s%s", d->name, *arg ? " " : "", arg);
    help_text_of(d, text, sizeof text);
    help_option(out, left, text, width);
  }
  if (group) fprintf(out, "\ngeneral:\n");
  help_option(out, "    --params FILE", "read parameters from an INI file (command line wins)",
              width);
  help_option(out, "-h, --help", "show this help", width);
  if (ps->examples) {
    fprintf(out, "\nexamples:\n  ");
    param_wrap(out, ps->examples, 2, 2, HELP_NO_WRAP); /* commands keep their lines */
  }
}

void param_man_text(FILE *out, const char *text) {
  int line_start = 1;
  for (const char *p = text; *p; p++) {
    if (line_start && (*p == '.' || *p == '\'')) fputs("\\&", out);
    line_start = *p == '\n';
    if (*p == '\\')
      fputs("\\e", out);
    else if (*p == '-')
      fputs("\\-", out);
    else
      fputc(*p, out);
  }
}

/* One option as a .TP paragraph: the option in bold, its argument in italics, then the help. */
static void man_option(FILE *out, char short_name, const char *name, const char *arg,
                       const char *help) {
  fputs(arg && *arg ? ".TP\n.BI \"" : ".TP\n.B \"", out);
  if (short_name) fprintf(out, "\\-%c, ", short_name);
  fputs("\\-\\-", out);
  param_man_text(out, name);
  if (arg && *arg) {
    fputs(" \" \"", out);
    param_man_text(out, arg);
  }
  fputs("\"\n", out);
  param_man_text(out, help);
}

/* A group's heading between options, as --help prints it ("tour networks (...):"). */
static void man_heading(FILE *out, const char *heading) {
  fputs(".PP\n.I \"", out);
  param_man_text(out, heading);
  fputs(":\"\n", out);
}

void param_print_man(const param_set *ps, FILE *out) {
  fputs(".SS \"antroute ", out);
  param_man_text(out, ps->command);
  fputs("\"\n.nf\n", out); /* the usage may take several lines */
  param_man_text(out, ps->usage);
  fputs("\n.fi\n.PP\n", out);
  if (ps->description) {
    param_man_text(out, ps->description);
    fputc('\n', out);
  }
  const char *group = NULL;
  for (int i = 0; i < ps->ndefs; i++) {
    const param_def *d = &ps->defs[i];
    if (d->flags & PARAM_HIDDEN) continue;
    if (group_starts(ps, i, &group)) man_heading(out, group);
    const char *arg = d->type == PARAM_FLAG ? "" : (d->arg_name ? d->arg_name : "VALUE");
    man_option(out, d->short_name, d->name, arg, d->help);
    if (d->type == PARAM_CHOICE) {
      fputs(" (", out);
      param_man_text(out, d->choices);
      fputc(')', out);
    }
    if (d->default_value && d->type != PARAM_FLAG) {
      fputs(" [default: ", out);
      param_man_text(out, d->default_value);
      fputc(']', out);
    }
    fputc('\n', out);
  }
  if (group) man_heading(out, "general");
  man_option(out, 0, "params", "FILE", "read parameters from an INI file (command line wins)");
  fputc('\n', out);
  man_option(out, 'h', "help", "", "show this help");
  fputc('\n', out);
  if (ps->examples) {
    fputs(".PP\n.I \"Examples:\"\n.nf\n.RS\n", out);
    param_man_text(out, ps->examples);
    fputs("\n.RE\n.fi\n", out);
  }
}

long long param_int(const param_set *ps, const char *name) {
  int i = param_index_checked(ps, name);
  return ps->values[i] ? strtoll(ps->values[i], NULL, 10) : 0;
}

double param_real(const param_set *ps, const char *name) {
  int i = param_index_checked(ps, name);
  return ps->values[i] ? strtod(ps->values[i], NULL) : 0.0;
}

const char *param_str(const param_set *ps, const char *name) {
  return ps->values[param_index_checked(ps, name)];
}

int param_flag(const param_set *ps, const char *name) {
  int i = param_index_checked(ps, name);
  int b = 0;
  return ps->values[i] && parse_bool(ps->values[i], &b) ? b : 0;
}

int param_is_set(const param_set *ps, const char *name) {
  return ps->values[param_index_checked(ps, name)] != NULL;
}

param_origin param_origin_of(const param_set *ps, const char *name) {
  return ps->origin[param_index_checked(ps, name)];
}

ar_status param_set_value(param_set *ps, const char *name, const char *value) {
  int i = param_index_checked(ps, name);
  char where[256];
  snprintf(where, sizeof where, "parameter %s", name);
  return param_store(ps, i, value, PARAM_FROM_COMMAND_LINE, where);
}

ar_status param_set_default(param_set *ps, const char *name, const char *value) {
  int i = param_index_checked(ps, name);
  if (ps->values[i]) return AR_OK;
  char where[256];
  snprintf(where, sizeof where, "default of %s", name);
  return param_store(ps, i, value, PARAM_FROM_DEFAULT, where);
}

void param_unset(param_set *ps, const char *name) {
  int i = param_index_checked(ps, name);
  free(ps->values[i]);
  ps->values[i] = NULL;
  ps->origin[i] = PARAM_FROM_DEFAULT;
}

int param_defined(const param_set *ps, const char *name) { return param_index(ps, name) >= 0; }

unsigned param_flags_of(const param_set *ps, const char *name) {
  int i = param_index(ps, name);
  return i < 0 ? 0u : ps->defs[i].flags;
}

/* Whether param_serialize(what) writes parameter d. */
static int serialized(const param_def *d, int what) {
  switch (what) {
  case PARAM_RECORD_SEARCH: return (d->flags & PARAM_SEARCH) != 0;
  case PARAM_RECORD_OUTPUTS: return (d->flags & PARAM_OUTPUT) != 0;
  default: return (d->flags & PARAM_OUTPUT) == 0;
  }
}

char *param_serialize(const param_set *ps, int what) {
  size_t cap = 256, len = 0;
  for (int i = 0; i < ps->ndefs; i++)
    if (ps->values[i]) cap += strlen(ps->defs[i].name) + strlen(ps->values[i]) + 8;
  char *text = malloc(cap);
  if (!text) return NULL;
  text[0] = '\0';
  if (what != PARAM_RECORD_OUTPUTS)
    len += (size_t)snprintf(text + len, cap - len, "[%s]\n", ps->command);
  for (int i = 0; i < ps->ndefs; i++) {
    if (!ps->values[i] || !serialized(&ps->defs[i], what)) continue;
    len += (size_t)snprintf(text + len, cap - len, "%s = %s\n", ps->defs[i].name, ps->values[i]);
  }
  return text;
}

void param_free(param_set *ps) {
  for (int i = 0; i < ps->ndefs; i++) {
    free(ps->values[i]);
    ps->values[i] = NULL;
  }
}

/* dst[i] = a copy of src[i] for i < n (NULL stays NULL); 0 when a copy could not be made. */
static int copy_values(char **dst, char *const *src, int n) {
  int ok = 1;
  for (int i = 0; i < n; i++) {
    dst[i] = src[i] ? strdup(src[i]) : NULL;
    if (src[i] && !dst[i]) ok = 0;
  }
  return ok;
}

ar_status param_values_save(const param_set *ps, param_values *out) {
  memset(out, 0, sizeof *out);
  out->ndefs = ps->ndefs;
  memcpy(out->origin, ps->origin, sizeof out->origin);
  return copy_values(out->values, ps->values, ps->ndefs) ? AR_OK
                                                         : ar_fail(AR_ERR_NOMEM, "out of memory");
}

ar_status param_values_restore(param_set *ps, const param_values *saved) {
  char *values[PARAM_MAX] = {0};
  if (!copy_values(values, saved->values, saved->ndefs)) {
    for (int i = 0; i < saved->ndefs; i++)
      free(values[i]);
    return ar_fail(AR_ERR_NOMEM, "out of memory");
  }
  param_free(ps);
  memcpy(ps->values, values, sizeof values);
  memcpy(ps->origin, saved->origin, sizeof ps->origin);
  return AR_OK;
}

void param_values_free(param_values *v) {
  for (int i = 0; i < v->ndefs; i++) {
    free(v->values[i]);
    v->values[i] = NULL;
  }
}
