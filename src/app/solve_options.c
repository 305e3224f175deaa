/* solve_options: the shared option table of solve, the kinds' options under their headings, and
 * the engine's parameters. */
#include "solve_options.h"

#include <stdio.h>
#include <string.h>

#include "app_wings.h"
#include "ckpt_options.h"
#include "solve_memory.h"
#include "solve_parallel.h"
#include "wing_gap.h"

static const param_def shared_params[] = {
    {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "RESULTS.h5", "the results file to write", 0},
    {"time", 't', PARAM_REAL, NULL, NULL, 0, 1e9, "SECONDS",
     "wall-clock budget of the whole command, from its start: reading, bounds, candidate lists, "
     "search and writing end within it (default 10 when --iterations is not given; below what "
     "the run needs: refused)",
     0},
    {"iterations", 'i', PARAM_INT, "0", NULL, 0, 1e15, "N",
     "stop after N iterations (0: no limit); with no --time the answer is reproducible", 0},
    WING_GAP_PARAM,
    {"seed", 's', PARAM_INT, "1", NULL, 0, PARAM_INT64_MAX, "N", "random seed", PARAM_SEARCH},
    {"colonies", 'c', PARAM_INT, "1", NULL, 1, 1e6, "C",
     "independent colonies, spread in blocks over the MPI ranks (at least one per rank)",
     PARAM_SEARCH},
    {"ants", 'm', PARAM_INT, NULL, NULL, 1, 1e6, "M", "ants per colony and iteration",
     PARAM_SEARCH},
    {"algorithm", 'a', PARAM_CHOICE, "mmas", "mmas|acs", 0, -1, "NAME",
     "MAX-MIN Ant System or Ant Colony System", PARAM_SEARCH},
    {"alpha", 0, PARAM_REAL, "1", NULL, 0, 20, "X", "pheromone exponent", PARAM_SEARCH},
    {"beta", 0, PARAM_REAL, NULL, NULL, 0, 20, "X",
     "heuristic exponent (default: 2 for mmas and 8 for acs)", PARAM_SEARCH},
    {"rho", 0, PARAM_REAL, NULL, NULL, 1e-6, 0.999999, "X",
     "evaporation rate (default: 0.2 for mmas, 0.1 for acs)", PARAM_SEARCH},
    {"q0", 0, PARAM_REAL, NULL, NULL, 0, 1, "X",
     "probability of the greedy choice (default: 0.9 for acs, 0 for mmas)", PARAM_SEARCH},
    {"xi", 0, PARAM_REAL, "0.1", NULL, 1e-6, 0.999999, "X", "ACS local evaporation", PARAM_SEARCH},
    {"p-best", 0, PARAM_REAL, "0.1", NULL, 1e-9, 0.999999, "X",
     "MMAS: probability of rebuilding the best solution at convergence (sets the trail bounds)",
     PARAM_SEARCH},
    {"p-gbest", 0, PARAM_REAL, "0.05", NULL, 0, 1, "X",
     "MMAS: probability that the colony best deposits instead of the iteration best", PARAM_SEARCH},
    {"restart", 0, PARAM_INT, "0", NULL, 0, 1e15, "N",
     "MMAS: re-initialise trails after N iterations without improvement (0: never)", PARAM_SEARCH},
    {"epoch-iterations", 'e', PARAM_INT, NULL, NULL, 1, 1e15, "K",
     "iterations per epoch; colonies meet and report at epoch ends", PARAM_SEARCH},
    {"migrate", 0, PARAM_CHOICE, "yes", "yes|no", 0, -1, "yes|no",
     "at epoch ends, colonies adopt the global best when it is better than theirs", PARAM_SEARCH},
    {"progress", 0, PARAM_REAL, NULL, NULL, 0, 1e9, "SECONDS",
     "at most one progress line per SECONDS (0: one per epoch)", 0},
    {"quiet", 'q', PARAM_FLAG, NULL, NULL, 1, 0, NULL, "no progress lines", 0},
    {"cpu-time", 0, PARAM_REAL, NULL, NULL, 0, 1e9, "SECONDS",
     "tuning aid: stop once rank 0 used this many CPU seconds in the search (load-free budget)",
     PARAM_HIDDEN},
};

/* The shared options by owner, in --help's order: each owner declares its own table once. */
typedef struct {
  const param_def *defs;
  const int *n;
} option_owner;
static const int shared_ndefs = (int)(sizeof shared_params / sizeof shared_params[0]);
static const option_owner owners[] = {{shared_params, &shared_ndefs},
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

/* The help of shared option d with the kinds' defaults and notes: "... (default: 16 (tour), 8
 * (supply-chain))"; "; supply-chain: NOTE" after it. */
static void shared_help(const param_def *d, char *buf, size_t cap) {
  char defaults[256] = "", notes[256] = "";
  for (int k = 0; k < app_wing_count(); k++) {
    const solve_kind *kind = kind_at(k);
    char item[192];
    for (int i = 0; kind && i < kind->ndefaults; i++) {
      if (strcmp(kind->defaults[i].name, d->name) != 0) continue;
      snprintf(item, sizeof item, "%s%s (%s)", defaults[0] ? ", " : "", kind->defaults[i].value,
               app_wing_at(k)->name);
      append(defaults, sizeof defaults, item);
    }
    for (int i = 0; kind && i < kind->nnotes; i++) {
      if (strcmp(kind->notes[i].name, d->name) != 0) continue;
      snprintf(item, sizeof item, "; %s: %s", app_wing_at(k)->name, kind->notes[i].text);
      append(notes, sizeof notes, item);
    }
  }
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
    for (int i = 0; i < *owners[o].n && st == AR_OK; i++) {
      const param_def *d = &owners[o].defs[i];
      st = table_add(t, d, NULL);
      if (st != AR_OK) break;
      shared_help(d, t->help[t->ndefs - 1], SOLVE_HELP_TEXT);
      t->defs[t->ndefs - 1].help = t->help[t->ndefs - 1];
    }
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
  return AR_OK;
}

ar_status solve_options_engine(const param_set *ps, aco_params *par) {
  *par = aco_params_default();
  par->algorithm = strcmp(param_str(ps, "algorithm"), "acs") == 0 ? ACO_ACS : ACO_MMAS;
  const aco_algorithm_defaults d = aco_algorithm_default(par->algorithm);
  par->colonies = (int32_t)param_int(ps, "colonies");
  par->ants = (int32_t)param_int(ps, "ants");
  par->alpha = param_real(ps, "alpha");
  par->beta = param_is_set(ps, "beta") ? param_real(ps, "beta") : d.beta;
  par->rho = param_is_set(ps, "rho") ? param_real(ps, "rho") : d.rho;
  par->q0 = param_is_set(ps, "q0") ? param_real(ps, "q0") : d.q0;
  par->xi = param_real(ps, "xi");
  par->p_best = param_real(ps, "p-best");
  par->p_gbest = param_real(ps, "p-gbest");
  par->restart_iterations = param_int(ps, "restart");
  par->iterations = param_int(ps, "iterations");
  par->time_limit = param_is_set(ps, "time") ? param_real(ps, "time") : 0.0;
  par->cpu_limit = param_is_set(ps, "cpu-time") ? param_real(ps, "cpu-time") : 0.0;
  if (par->iterations == 0 && par->time_limit == 0.0 && par->cpu_limit == 0.0)
    par->time_limit = SOLVE_DEFAULT_SECONDS;
  par->epoch_iterations = param_int(ps, "epoch-iterations");
  par->seed = (uint64_t)param_int(ps, "seed");
  par->migrate = strcmp(param_str(ps, "migrate"), "yes") == 0;
  solve_parallel_params(ps, par);
  if (par->algorithm == ACO_MMAS && par->q0 > 0)
    return ar_fail(AR_ERR_USAGE, "--q0 applies to --algorithm acs only");
  return aco_params_check(par);
}
