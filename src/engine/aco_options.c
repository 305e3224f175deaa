/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_options: the engine's option rows and their defaults, rendered from aco_params_default(). */
#include "aco_options.h"

#include <stdio.h>
#include <string.h>

const param_def aco_param_defs[] = {
    {.name = "seed",
     .short_name = 's',
     .type = PARAM_INT,
     .min = 0,
     .max = PARAM_INT64_MAX,
     .arg_name = "N",
     .help = "random seed",
     .flags = PARAM_SEARCH},
    {.name = "colonies",
     .short_name = 'c',
     .type = PARAM_INT,
     .min = 1,
     .max = 1e6,
     .arg_name = "C",
     .help = "independent colonies, spread in blocks over the MPI ranks (at least one per rank)",
     .flags = PARAM_SEARCH},
    {.name = "ants",
     .short_name = 'm',
     .type = PARAM_INT,
     .min = 1,
     .max = 1e6,
     .arg_name = "M",
     .help = "ants per colony and iteration",
     .flags = PARAM_SEARCH},
    {.name = "algorithm",
     .short_name = 'a',
     .type = PARAM_CHOICE,
     .choices = "mmas|acs",
     .min = 0,
     .max = -1,
     .arg_name = "NAME",
     .help = "MAX-MIN Ant System or Ant Colony System",
     .flags = PARAM_SEARCH},
    {.name = "alpha",
     .type = PARAM_REAL,
     .min = 0,
     .max = 20,
     .arg_name = "X",
     .help = "pheromone exponent",
     .flags = PARAM_SEARCH},
    {.name = "beta",
     .type = PARAM_REAL,
     .min = 0,
     .max = 20,
     .arg_name = "X",
     .help = "heuristic exponent",
     .flags = PARAM_SEARCH},
    {.name = "rho",
     .type = PARAM_REAL,
     .min = 1e-6,
     .max = 0.999999,
     .arg_name = "X",
     .help = "evaporation rate",
     .flags = PARAM_SEARCH},
    {.name = "q0",
     .type = PARAM_REAL,
     .min = 0,
     .max = 1,
     .arg_name = "X",
     .help = "probability of the greedy choice",
     .flags = PARAM_SEARCH},
    {.name = "xi",
     .type = PARAM_REAL,
     .min = 1e-6,
     .max = 0.999999,
     .arg_name = "X",
     .help = "ACS local evaporation",
     .flags = PARAM_SEARCH},
    {.name = "p-best",
     .type = PARAM_REAL,
     .min = 1e-9,
     .max = 0.999999,
     .arg_name = "X",
     .help = "MMAS: probability of rebuilding the best solution at convergence (sets the trail "
             "bounds)",
     .flags = PARAM_SEARCH},
    {.name = "p-gbest",
     .type = PARAM_REAL,
     .min = 0,
     .max = 1,
     .arg_name = "X",
     .help = "MMAS: probability that the colony best deposits instead of the iteration best",
     .flags = PARAM_SEARCH},
    {.name = "restart",
     .type = PARAM_INT,
     .min = 0,
     .max = 1e15,
     .arg_name = "N",
     .help = "MMAS: a colony that has not improved for N iterations starts again: its trails "
             "re-initialised, its ants from its first solution, its best kept (0: never)",
     .flags = PARAM_SEARCH},
    {.name = "restart-descent",
     .type = PARAM_REAL,
     .min = 0,
     .max = 1e6,
     .arg_name = "X",
     .help = "MMAS with --restart: a colony also waits X times the iterations its search took "
             "from its last start to its best since, before it starts again (0: --restart alone)",
     .flags = PARAM_SEARCH},
    {.name = "fresh-merge",
     .type = PARAM_CHOICE,
     .choices = "yes|no",
     .min = 0,
     .max = -1,
     .arg_name = "yes|no",
     .help = "MMAS with --restart where ants merge into the colony's best (tours: --merge): after "
             "a restart the fresh search keeps a best of its own: its ants merge into the "
             "colony's best and into that one, which merges into the colony's and does not take "
             "the colony's children (no: the ants merge into the colony's best only, and the "
             "best since the restart takes its children)",
     .flags = PARAM_SEARCH},
    {.name = "epoch-iterations",
     .short_name = 'e',
     .type = PARAM_INT,
     .min = 1,
     .max = 1e15,
     .arg_name = "K",
     .help = "iterations per epoch; colonies meet and report at epoch ends",
     .flags = PARAM_SEARCH},
    {.name = "migrate",
     .type = PARAM_CHOICE,
     .choices = "yes|no",
     .min = 0,
     .max = -1,
     .arg_name = "yes|no",
     .help = "at epoch ends, colonies adopt the global best when it is better than theirs",
     .flags = PARAM_SEARCH},
};
const int aco_param_ndefs = (int)(sizeof aco_param_defs / sizeof aco_param_defs[0]);

/* Which field of aco_params an option sets, so that its default is read from there. */
typedef enum { F_I32, F_I64, F_U64, F_REAL, F_ALGORITHM, F_YES_NO, F_PER_ALGORITHM } field_type;
typedef struct {
  const char *name;
  field_type type;
  size_t offset;
} option_field;

static const option_field fields[] = {
    {"seed", F_U64, offsetof(aco_params, seed)},
    {"colonies", F_I32, offsetof(aco_params, colonies)},
    {"ants", F_I32, offsetof(aco_params, ants)},
    {"algorithm", F_ALGORITHM, offsetof(aco_params, algorithm)},
    {"alpha", F_REAL, offsetof(aco_params, alpha)},
    {"beta", F_PER_ALGORITHM, offsetof(aco_algorithm_defaults, beta)},
    {"rho", F_PER_ALGORITHM, offsetof(aco_algorithm_defaults, rho)},
    {"q0", F_PER_ALGORITHM, offsetof(aco_algorithm_defaults, q0)},
    {"xi", F_REAL, offsetof(aco_params, xi)},
    {"p-best", F_REAL, offsetof(aco_params, p_best)},
    {"p-gbest", F_REAL, offsetof(aco_params, p_gbest)},
    {"restart", F_I64, offsetof(aco_params, restart_iterations)},
    {"restart-descent", F_REAL, offsetof(aco_params, restart_descent)},
    {"fresh-merge", F_YES_NO, offsetof(aco_params, fresh_merge)},
    {"epoch-iterations", F_I64, offsetof(aco_params, epoch_iterations)},
    {"migrate", F_YES_NO, offsetof(aco_params, migrate)},
};
enum { NFIELDS = (int)(sizeof fields / sizeof fields[0]) };

static const option_field *field_of(const char *name) {
  for (int i = 0; i < NFIELDS; i++)
    if (strcmp(fields[i].name, name) == 0) return &fields[i];
  return NULL;
}

/* The per-algorithm default of the field at offset: "2 for mmas, 8 for acs". */
static void per_algorithm(size_t offset, char *buf, size_t cap) {
  aco_algorithm_defaults mmas = aco_algorithm_default(ACO_MMAS);
  aco_algorithm_defaults acs = aco_algorithm_default(ACO_ACS);
  double m, a;
  memcpy(&m, (const char *)&mmas + offset, sizeof m);
  memcpy(&a, (const char *)&acs + offset, sizeof a);
  snprintf(buf, cap, "%g for %s, %g for %s", m, aco_algorithm_name(ACO_MMAS), a,
           aco_algorithm_name(ACO_ACS));
}

int aco_option_default(const char *name, char *buf, size_t cap) {
  const option_field *f = field_of(name);
  if (cap > 0) buf[0] = '\0';
  if (!f) return 0;
  const aco_params p = aco_params_default();
  const char *at = (const char *)&p + f->offset;
  int32_t i32;
  int64_t i64;
  uint64_t u64;
  double real;
  int yes;
  aco_algorithm algorithm;
  switch (f->type) {
  case F_I32:
    memcpy(&i32, at, sizeof i32);
    snprintf(buf, cap, "%d", (int)i32);
    break;
  case F_I64:
    memcpy(&i64, at, sizeof i64);
    snprintf(buf, cap, "%lld", (long long)i64);
    break;
  case F_U64:
    memcpy(&u64, at, sizeof u64);
    snprintf(buf, cap, "%llu", (unsigned long long)u64);
    break;
  case F_REAL:
    memcpy(&real, at, sizeof real);
    snprintf(buf, cap, "%g", real);
    break;
  case F_ALGORITHM:
    memcpy(&algorithm, at, sizeof algorithm);
    snprintf(buf, cap, "%s", aco_algorithm_name(algorithm));
    break;
  case F_YES_NO:
    memcpy(&yes, at, sizeof yes);
    snprintf(buf, cap, "%s", yes ? "yes" : "no");
    break;
  case F_PER_ALGORITHM: per_algorithm(f->offset, buf, cap); return 2;
  }
  return 1;
}

/* An option's value, or the engine's default when it is unset. */
static long long int_or(const param_set *ps, const char *name, long long engine) {
  return param_is_set(ps, name) ? param_int(ps, name) : engine;
}
static double real_or(const param_set *ps, const char *name, double engine) {
  return param_is_set(ps, name) ? param_real(ps, name) : engine;
}
static int choice_is(const param_set *ps, const char *name, const char *value, int engine) {
  return param_is_set(ps, name) ? strcmp(param_str(ps, name), value) == 0 : engine;
}

ar_status aco_options_get(const param_set *ps, aco_params *par) {
  const aco_params d = aco_params_default();
  par->algorithm = choice_is(ps, "algorithm", "acs", d.algorithm == ACO_ACS) ? ACO_ACS : ACO_MMAS;
  const aco_algorithm_defaults a = aco_algorithm_default(par->algorithm);
  par->colonies = (int32_t)int_or(ps, "colonies", d.colonies);
  par->ants = (int32_t)int_or(ps, "ants", d.ants);
  par->alpha = real_or(ps, "alpha", d.alpha);
  par->beta = real_or(ps, "beta", a.beta);
  par->rho = real_or(ps, "rho", a.rho);
  par->q0 = real_or(ps, "q0", a.q0);
  par->xi = real_or(ps, "xi", d.xi);
  par->p_best = real_or(ps, "p-best", d.p_best);
  par->p_gbest = real_or(ps, "p-gbest", d.p_gbest);
  par->restart_iterations = int_or(ps, "restart", d.restart_iterations);
  par->restart_descent = real_or(ps, "restart-descent", d.restart_descent);
  par->epoch_iterations = int_or(ps, "epoch-iterations", d.epoch_iterations);
  par->seed = (uint64_t)int_or(ps, "seed", (long long)d.seed);
  par->migrate = choice_is(ps, "migrate", "yes", d.migrate);
  par->fresh_merge = choice_is(ps, "fresh-merge", "yes", d.fresh_merge);
  if (par->algorithm == ACO_MMAS && par->q0 > 0)
    return ar_fail(AR_ERR_USAGE, "--q0 applies to --algorithm acs only");
  return AR_OK;
}
