/* SPDX-License-Identifier: BSD-3-Clause */
/* solve_options: solve's option table from its owners' tables (run limits, the engine's, progress,
 * checkpoints, the parallel set-up, memory), the kinds' options under their headings, and the
 * engine's parameters read from it. */
#include "solve_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aco_options.h"
#include "app_wings.h"
#include "ckpt_options.h"
#include "solve_memory.h"
#include "solve_parallel.h"
#include "wing_gap.h"

/* The run's limits and output, before the engine's options in --help. */
static const param_def limit_params[] = {
    {.name = "output",
     .short_name = 'o',
     .type = PARAM_STRING,
     .min = PARAM_UNBOUNDED_MIN,
     .max = PARAM_UNBOUNDED_MAX,
     .arg_name = "RESULTS.h5",
     .help = "the results file to write",
     .flags = PARAM_OUTPUT},
    {.name = "time",
     .short_name = 't',
     .type = PARAM_REAL,
     .min = 0,
     .max = 1e9,
     .arg_name = "SECONDS",
     .help = "wall-clock budget of the whole command, from its start: reading, bounds, candidate "
             "lists, search and writing end within it (default 10 when --iterations is not "
             "given; below what the run needs: refused)"},
    {.name = "iterations",
     .short_name = 'i',
     .type = PARAM_INT,
     .default_value = "0",
     .min = 0,
     .max = 1e15,
     .arg_name = "N",
     .help = "stop after N iterations (0: no limit); with no --time the answer is reproducible"},
    WING_GAP_PARAM,
};

/* Progress and the tuning aid, after the engine's options. */
static const param_def report_params[] = {
    {.name = "progress",
     .type = PARAM_REAL,
     .min = 0,
     .max = 1e9,
     .arg_name = "SECONDS",
     .help = "at most one progress line per SECONDS (0: one per epoch)",
     .flags = PARAM_SEGMENT},
    {.name = "quiet",
     .short_name = 'q',
     .type = PARAM_FLAG,
     .min = PARAM_UNBOUNDED_MIN,
     .max = PARAM_UNBOUNDED_MAX,
     .help = "no progress lines",
     .flags = PARAM_SEGMENT},
    {.name = "verbose",
     .type = PARAM_FLAG,
     .min = PARAM_UNBOUNDED_MIN,
     .max = PARAM_UNBOUNDED_MAX,
     .help = "more detail: the memory estimate's parts, a line for every checkpoint",
     .flags = PARAM_SEGMENT},
    {.name = "cpu-time",
     .type = PARAM_REAL,
     .min = 0,
     .max = 1e9,
     .arg_name = "SECONDS",
     .help = "tuning aid: stop once rank 0 used this many CPU seconds in the search (load-free "
             "budget)",
     .flags = PARAM_HIDDEN},
};

/* --time's help says the default. */
_Static_assert(SOLVE_DEFAULT_SECONDS == 10, "--time's help says 10 seconds");

/* The shared options by owner, in --help's order: each owner declares its own table once. */
typedef struct {
  const param_def *defs;
  const int *n;
} option_owner;
static const int limit_ndefs = (int)(sizeof limit_params / sizeof limit_params[0]);
static const int report_ndefs = (int)(sizeof report_params / sizeof report_params[0]);
static const option_owner owners[] = {{limit_params, &limit_ndefs},
                                      {aco_param_defs, &aco_param_ndefs},
                                      {report_params, &report_ndefs},
                                      {ckpt_param_defs, &ckpt_param_ndefs},
                                      {solve_parallel_param_defs, &solve_parallel_ndefs},
                                      {solve_memory_param_defs, &solve_memory_ndefs}};

static int table_has(const solve_option_table *t, const char *name) {
  for (int i = 0; i < t->ndefs; i++)
    if (strcmp(t->defs[i].name, name) == 0) return 1;
  return 0;
}

static ar_status table_add(solve_option_table *t, const param_def *d, const char *group) {
  if (t->ndefs >= PARAM_MAX)
    return ar_fail(AR_ERR_INTERNAL, "solve: more than %d options", PARAM_MAX);
  if (table_has(t, d->name))
    return ar_fail(AR_ERR_INTERNAL, "solve: option --%s is declared twice", d->name);
  t->groups[t->ndefs] = group;
  t->defs[t->ndefs++] = *d;
  return AR_OK;
}

/* The solve part of wing i, or NULL. */
static const solve_kind *kind_at(int i) {
  const wing *w = app_wing_at(i);
  return w && w->solve ? w->solve() : NULL;
}

/* A wing that specialises another (road tours are tours) may reuse its options: an option of
 * wing k that an earlier wing declared from the same table is listed once, under that wing. */
static int declared_before(int k, const param_def *d) {
  for (int j = 0; j < k; j++)
    for (int i = 0; kind_at(j) && i < kind_at(j)->nparams; i++)
      if (strcmp(kind_at(j)->params[i].name, d->name) == 0 && kind_at(j)->params[i].help == d->help)
        return 1;
  return 0;
}

/* Whether kind declares option name. */
static int kind_declares(const solve_kind *kind, const char *name) {
  for (int i = 0; i < kind->nparams; i++)
    if (strcmp(kind->params[i].name, name) == 0) return 1;
  return 0;
}

static void append(char *buf, size_t cap, const char *text) {
  size_t len = strlen(buf);
  if (len < cap) snprintf(buf + len, cap - len, "%s", text);
}

/* Whether some wing gives option name a default of its own. */
static int wing_changes_default(const char *name) {
  for (int k = 0; k < app_wing_count(); k++)
    for (int i = 0; kind_at(k) && i < kind_at(k)->ndefaults; i++)
      if (strcmp(kind_at(k)->defaults[i].name, name) == 0) return 1;
  return 0;
}

/* The kinds' defaults of shared option name, "16 (tour), 8 (supply-chain)" (engine: the default
 * of the kinds that keep the engine's, or NULL), and their notes, "; supply-chain: NOTE". */
static void kinds_defaults(const char *name, const char *engine, char *defaults,
                           size_t defaults_cap, char *notes, size_t notes_cap) {
  for (int k = 0; k < app_wing_count(); k++) {
    const solve_kind *kind = kind_at(k);
    const char *value = kind ? engine : NULL;
    char item[SOLVE_HELP_TEXT];
    for (int i = 0; kind && i < kind->ndefaults; i++)
      if (strcmp(kind->defaults[i].name, name) == 0) value = kind->defaults[i].value;
    if (value) {
      snprintf(item, sizeof item, "%s%s (%s)", defaults[0] ? ", " : "", value,
               app_wing_at(k)->name);
      append(defaults, defaults_cap, item);
    }
    for (int i = 0; kind && i < kind->nnotes; i++) {
      if (strcmp(kind->notes[i].name, name) != 0) continue;
      snprintf(item, sizeof item, "; %s: %s", app_wing_at(k)->name, kind->notes[i].text);
      append(notes, notes_cap, item);
    }
  }
}

/* The help of shared option d with the kinds' defaults and notes: "... (default: 16 (tour), 8
 * (supply-chain))"; "; supply-chain: NOTE" after it. engine: the engine's default the kinds
 * keep unless they change it (NULL: none). */
static void shared_help(const param_def *d, const char *engine, char *buf, size_t cap) {
  char defaults[256] = "", notes[SOLVE_HELP_TEXT] = "";
  kinds_defaults(d->name, engine, defaults, sizeof defaults, notes, sizeof notes);
  /* Inside the help's closing parenthesis when it has one: "(0: one per epoch; default: ...)". */
  size_t len = strlen(d->help);
  int paren = len > 0 && d->help[len - 1] == ')';
  const char *lead = strstr(d->help, "(default: ") ? "; " : "; default: ";
  if (!defaults[0])
    snprintf(buf, cap, "%s%s", d->help, notes);
  else if (paren)
    snprintf(buf, cap, "%.*s%s%s)%s", (int)(len - 1), d->help, lead, defaults, notes);
  else
    snprintf(buf, cap, "%s (default: %s)%s", d->help, defaults, notes);
}

/* Adds shared option d to the table with its help and default. The engine's default of an option
 * (aco_options.h) is the row's unless a wing changes it for its kind: then the help lists every
 * kind's and solve_options_for_kind() gives it after the kind's. A default that depends on the
 * algorithm is said in the help ("default: 2 for mmas, 8 for acs"). */
static ar_status add_shared(solve_option_table *t, const param_def *d) {
  char engine[SOLVE_HELP_TEXT];
  int has = aco_option_default(d->name, engine, sizeof engine);
  ar_status st = table_add(t, d, NULL);
  if (st != AR_OK) return st;
  const int i = t->ndefs - 1;
  param_def *row = &t->defs[i];
  const char *kinds_engine = NULL;
  if (has == 1 && wing_changes_default(d->name)) {
    kinds_engine = engine;
  } else if (has == 1) {
    snprintf(t->defaults[i], sizeof t->defaults[i], "%s", engine);
    row->default_value = t->defaults[i];
  }
  param_def with = *d;
  char help[SOLVE_HELP_TEXT];
  if (has == 2) {
    snprintf(help, sizeof help, "%s (default: %s)", d->help, engine);
    with.help = help;
  }
  shared_help(&with, kinds_engine, t->help[i], SOLVE_HELP_TEXT);
  row->help = t->help[i];
  return AR_OK;
}

static const char solve_description_head[] =
    "Searches a network file with ant colonies (MAX-MIN Ant System or Ant Colony System) and "
    "writes the results file.";
static const char solve_description_tail[] =
    "Threads come from OMP_NUM_THREADS; under mpirun the colonies are spread over the ranks. The "
    "answer depends only on the input, the parameters, the seed and the number of colonies, not "
    "on ranks or threads (unless --time stops it). Options of one kind of network are refused "
    "for another.";

ar_status solve_options_table(solve_option_table *t) {
  memset(t, 0, sizeof *t);
  ar_status st = AR_OK;
  for (size_t o = 0; o < sizeof owners / sizeof owners[0] && st == AR_OK; o++)
    for (int i = 0; i < *owners[o].n && st == AR_OK; i++)
      st = add_shared(t, &owners[o].defs[i]);
  append(t->description, sizeof t->description, solve_description_head);
  for (int k = 0; k < app_wing_count() && st == AR_OK; k++) {
    const solve_kind *kind = kind_at(k);
    for (int i = 0; kind && i < kind->nparams && st == AR_OK; i++)
      if (!declared_before(k, &kind->params[i]))
        st = table_add(t, &kind->params[i], app_wing_at(k)->title);
    if (kind && kind->description) {
      append(t->description, sizeof t->description, " ");
      append(t->description, sizeof t->description, kind->description);
    }
  }
  append(t->description, sizeof t->description, " ");
  append(t->description, sizeof t->description, solve_description_tail);
  return st;
}

/* The wing whose solve part declares option `name` (NULL: a shared option). */
static const wing *owner_of(const char *name) {
  for (int k = 0; k < app_wing_count(); k++) {
    const solve_kind *kind = kind_at(k);
    for (int i = 0; kind && i < kind->nparams; i++)
      if (strcmp(kind->params[i].name, name) == 0) return app_wing_at(k);
  }
  return NULL;
}

ar_status solve_options_for_kind(param_set *ps, const wing *w, const char *input) {
  const solve_kind *kind = w->solve();
  for (int i = 0; i < ps->ndefs; i++) {
    const char *name = ps->defs[i].name;
    const wing *owner = owner_of(name);
    if (!owner || kind_declares(kind, name) || !param_is_set(ps, name)) continue;
    /* A parameter file may serve several kinds; the command line names this run. */
    if (param_origin_of(ps, name) == PARAM_FROM_COMMAND_LINE)
      return ar_fail(AR_ERR_USAGE, "--%s is an option of %s; %s is a %s network", name,
                     owner->title, input, w->name);
    param_unset(ps, name);
  }
  for (int i = 0; i < kind->ndefaults; i++) {
    ar_status st = param_set_default(ps, kind->defaults[i].name, kind->defaults[i].value);
    if (st != AR_OK) return st;
  }
  /* The engine's defaults that a wing may change, for the kinds that keep them (a value set
   * above or by the parse stays). */
  for (int i = 0; i < aco_param_ndefs; i++) {
    char engine[64];
    const char *name = aco_param_defs[i].name;
    if (aco_option_default(name, engine, sizeof engine) != 1) continue;
    ar_status st = param_set_default(ps, name, engine);
    if (st != AR_OK) return st;
  }
  return AR_OK;
}

ar_status solve_options_engine(const param_set *ps, aco_params *par) {
  *par = aco_params_default();
  ar_status st = aco_options_get(ps, par);
  if (st != AR_OK) return st;
  par->iterations = param_int(ps, "iterations");
  par->time_limit = param_is_set(ps, "time") ? param_real(ps, "time") : 0.0;
  par->cpu_limit = param_is_set(ps, "cpu-time") ? param_real(ps, "cpu-time") : 0.0;
  if (par->iterations == 0 && par->time_limit == 0.0 && par->cpu_limit == 0.0)
    par->time_limit = SOLVE_DEFAULT_SECONDS;
  solve_parallel_params(ps, par);
  return aco_params_check(par);
}

/* The shortest text of x that reads back as x ("0.1", not "0.10000000000000001"). */
static void real_text(double x, char *buf, size_t cap) {
  for (int digits = 6; digits <= 17; digits++) {
    snprintf(buf, cap, "%.*g", digits, x);
    if (strtod(buf, NULL) == x) return;
  }
}

/* Gives parameter name the value x when it is unset (the engine's effective value). */
static ar_status record_real(param_set *ps, const char *name, double x) {
  char text[40];
  real_text(x, text, sizeof text);
  return param_set_default(ps, name, text);
}

ar_status solve_options_record(param_set *ps) {
  aco_params par;
  ar_status st = solve_options_engine(ps, &par);
  if (st == AR_OK) st = record_real(ps, "beta", par.beta);
  if (st == AR_OK) st = record_real(ps, "rho", par.rho);
  if (st == AR_OK && !param_is_set(ps, "epoch-iterations")) {
    char text[32];
    snprintf(text, sizeof text, "%lld", (long long)par.epoch_iterations);
    st = param_set_default(ps, "epoch-iterations", text);
  }
  if (st != AR_OK) return st;
  static const char *const acs_only[] = {"q0", "xi"};
  static const char *const mmas_only[] = {"p-best", "p-gbest", "restart", "restart-descent",
                                          "fresh-merge"};
  if (par.algorithm == ACO_ACS) {
    st = record_real(ps, "q0", par.q0);
    for (size_t i = 0; i < sizeof mmas_only / sizeof mmas_only[0]; i++)
      param_unset(ps, mmas_only[i]);
  } else {
    for (size_t i = 0; i < sizeof acs_only / sizeof acs_only[0]; i++)
      param_unset(ps, acs_only[i]);
  }
  return st;
}

/* A default parameter `name` recorded as the value used, if that differs. */
static ar_status record_used(param_set *ps, const char *name, long long used) {
  if (param_origin_of(ps, name) != PARAM_FROM_DEFAULT || param_int(ps, name) == used) return AR_OK;
  char text[32];
  snprintf(text, sizeof text, "%lld", used);
  param_unset(ps, name);
  return param_set_default(ps, name, text);
}

/* The same for a real parameter. */
static ar_status record_used_real(param_set *ps, const char *name, double used) {
  if (param_origin_of(ps, name) != PARAM_FROM_DEFAULT || param_real(ps, name) == used) return AR_OK;
  param_unset(ps, name);
  return record_real(ps, name, used);
}

ar_status solve_options_resolved(param_set *ps, const aco_params *par) {
  ar_status st = record_used(ps, "ants", par->ants);
  if (st == AR_OK) st = record_used(ps, "colonies", par->colonies);
  if (st == AR_OK && par->algorithm == ACO_MMAS)
    st = record_used(ps, "restart", par->restart_iterations);
  if (st == AR_OK && par->algorithm == ACO_MMAS)
    st = record_used_real(ps, "restart-descent", par->restart_descent);
  return st;
}
