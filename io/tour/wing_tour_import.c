/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour_import: `antroute import tsplib FILE -o OUT.h5` converts a TSPLIB instance (and a
 * known tour and optimum, when given or found beside it) into a network file.
 *
 * The import runs on rank 0 (it is not parallel); other ranks, if any, wait for its verdict
 * (cli_parse_run_rank0).
 * Nothing is written before the whole input has been read and validated, and the output goes
 * through PATH.tmp and a rename, so an existing OUT.h5 survives any failure.
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "ar_path.h"
#include "cli_parse.h"
#include "h5net_tour.h"
#include "import_alpha.h"
#include "import_bound.h"
#include "param.h"
#include "tsplib_optima.h"
#include "tsplib_parse.h"
#include "wing_tour_import.h"

static const param_def import_tsplib_params[] = {
    {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "OUT.h5",
     "the network file to write (required)", PARAM_OUTPUT},
    {"tour", 0, PARAM_STRING, NULL, NULL, 1, 0, "FILE",
     "a known tour (.opt.tour) to store; default: NAME.opt.tour beside the input, if present", 0},
    {"no-tour", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "do not look for NAME.opt.tour beside the input", 0},
    {"optimum", 0, PARAM_INT, NULL, NULL, 0, 1e18, "N",
     "the optimal tour length; default: the instance's line of OPTIMA.tsv beside the input, if "
     "any",
     0},
    {"name", 0, PARAM_STRING, NULL, NULL, 1, 0, "NAME",
     "instance name to store (default: the file's NAME, else its file name)", 0},
    IMPORT_BOUND_PARAM,
    IMPORT_ALPHA_PARAM,
};

int wing_tour_import_tsplib_defs(param_def *out, int cap) {
  return cli_copy_defs(import_tsplib_params,
                       (int)(sizeof import_tsplib_params / sizeof import_tsplib_params[0]), out,
                       cap);
}

static const cli_rule import_tsplib_rules[] = {
    CLI_RULE_NETWORK_OUTPUT,
    {CLI_EXCLUSIVE, "tour", "no-tour", "--tour and --no-tour contradict each other", NULL},
};

typedef struct {
  char dir[4096];  /* folder of the input file */
  char stem[256];  /* input file name without its extension */
  char tour[4096]; /* known tour path ("" if none) */
} import_paths;

static void split_input_path(const char *input, import_paths *p) {
  char copy[4096];
  snprintf(copy, sizeof copy, "%s", input);
  snprintf(p->dir, sizeof p->dir, "%s", dirname(copy));
  snprintf(copy, sizeof copy, "%s", input);
  snprintf(p->stem, sizeof p->stem, "%s", basename(copy));
  char *dot = strrchr(p->stem, '.');
  if (dot && dot != p->stem) *dot = '\0';
  p->tour[0] = '\0';
}

/* Optimum from --optimum, else from OPTIMA.tsv beside the input (checked against the file). */
static ar_status find_optimum(const param_set *ps, const import_paths *p, tour_net *t,
                              char *optimum_source, size_t cap) {
  optimum_source[0] = '\0';
  if (param_is_set(ps, "optimum")) {
    t->optimum = param_int(ps, "optimum");
    snprintf(optimum_source, cap, "--optimum");
    return AR_OK;
  }
  char table[4200];
  snprintf(table, sizeof table, "%s/OPTIMA.tsv", p->dir);
  if (access(table, F_OK) != 0) return AR_OK;
  /* The file's NAME first, then the file name: either may be how the table knows it. */
  const char *names[2] = {t->name, p->stem};
  for (int k = 0; k < 2; k++) {
    if (!names[k][0] || (k == 1 && strcmp(names[0], names[1]) == 0)) continue;
    tsplib_optimum o;
    ar_status st = tsplib_optima_lookup(table, names[k], &o);
    if (st != AR_OK) return st;
    if (!o.found) continue;
    if (o.n != t->n || strcmp(o.edge_weight_type, tour_metric_name(t->metric)) != 0)
      return ar_fail(AR_ERR_INPUT,
                     "%s:%ld: %s has n = %lld and edge_weight_type %s there, but the input has "
                     "%d nodes and %s (pass --optimum to override)",
                     table, o.line, names[k], (long long)o.n, o.edge_weight_type, t->n,
                     tour_metric_name(t->metric));
    t->optimum = o.optimal_length;
    snprintf(optimum_source, cap, "%s:%ld", table, o.line);
    return AR_OK;
  }
  return AR_OK;
}

/* Known tour from --tour, else STEM.opt.tour (or NAME.opt.tour) beside the input. */
static ar_status find_tour(const param_set *ps, import_paths *p, tour_net *t) {
  if (param_is_set(ps, "tour")) {
    snprintf(p->tour, sizeof p->tour, "%s", param_str(ps, "tour"));
  } else if (!param_flag(ps, "no-tour")) {
    const char *names[2] = {p->stem, t->name};
    for (int k = 0; k < 2 && !p->tour[0]; k++) {
      if (!names[k][0]) continue;
      char candidate[4400];
      snprintf(candidate, sizeof candidate, "%s/%s.opt.tour", p->dir, names[k]);
      if (access(candidate, F_OK) == 0) snprintf(p->tour, sizeof p->tour, "%s", candidate);
    }
  }
  if (!p->tour[0]) return AR_OK;
  return tsplib_load_tour(p->tour, t->n, &t->known_tour);
}

/* The output must be none of the files the import reads (or may read: the known tour and the
 * optima table beside the input). tour: the known tour found, or NULL. */
static ar_status outputs_check(const param_set *ps, const import_paths *p, const char *tour) {
  char optima[4200], stem_tour[4400];
  snprintf(optima, sizeof optima, "%s/OPTIMA.tsv", p->dir);
  snprintf(stem_tour, sizeof stem_tour, "%s/%s.opt.tour", p->dir, p->stem);
  ar_path_role inputs[] = {{ps->positional[0], "the TSPLIB file"},
                           {param_str(ps, "tour"), "--tour"},
                           {tour, "the known tour"},
                           {param_flag(ps, "no-tour") ? NULL : stem_tour, "the known tour"},
                           {param_is_set(ps, "optimum") ? NULL : optima, "the optima table"},
                           {ps->param_file, "--params"}};
  ar_path_role output = {param_str(ps, "output"), "-o"};
  return ar_outputs_check(inputs, (int)(sizeof inputs / sizeof inputs[0]), &output, 1);
}

static ar_status import_on_rank0(const param_set *ps) {
  const char *input = ps->positional[0];
  const char *output = param_str(ps, "output");
  import_paths paths;
  split_input_path(input, &paths);
  ar_status st = outputs_check(ps, &paths, NULL);
  if (st != AR_OK) return st;
  tour_net t;
  st = tsplib_load_instance(input, &t);
  if (st != AR_OK) return st;
  if (param_is_set(ps, "name")) snprintf(t.name, sizeof t.name, "%s", param_str(ps, "name"));
  char optimum_source[4400];
  st = find_optimum(ps, &paths, &t, optimum_source, sizeof optimum_source);
  if (st == AR_OK) st = find_tour(ps, &paths, &t);
  if (st == AR_OK && paths.tour[0]) st = outputs_check(ps, &paths, paths.tour);
  if (!t.name[0]) snprintf(t.name, sizeof t.name, "%s", paths.stem);
  int64_t tour_len = -1;
  if (st == AR_OK && t.known_tour) {
    tour_len = tour_length(&t, t.known_tour);
    if (t.optimum >= 0 && tour_len < t.optimum)
      st = ar_fail(AR_ERR_INPUT,
                   "%s: the tour measures %lld, less than the optimum %lld (from %s): one of them "
                   "is wrong",
                   paths.tour, (long long)tour_len, (long long)t.optimum, optimum_source);
  }
  if (st == AR_OK) st = import_bound_compute(ps, &t);
  if (st == AR_OK) st = import_alpha_compute(ps, &t);
  if (st == AR_OK) st = h5net_tour_write_from(&t, output, ps, input, paths.tour);
  if (st == AR_OK) {
    char bound[128];
    import_bound_describe(&t, bound, sizeof bound);
    printf("%s: %d nodes, %s%s", t.name, t.n, tour_metric_name(t.metric),
           t.directed ? " (ATSP)" : "");
    if (t.optimum >= 0) printf(", optimum %lld", (long long)t.optimum);
    if (tour_len >= 0) printf(", known tour %lld (%s)", (long long)tour_len, paths.tour);
    printf("%s -> %s\n", bound, output);
  }
  tour_net_free(&t);
  return st;
}

static int ends_with(const char *s, const char *tail) {
  size_t ls = strlen(s), lt = strlen(tail);
  return ls >= lt && strcasecmp(s + ls - lt, tail) == 0;
}

int wing_tour_import_recognises(const char *path) {
  if (ends_with(path, ".tsp") || ends_with(path, ".atsp")) return 1;
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  char line[64] = "";
  int got = fgets(line, sizeof line, f) != NULL;
  fclose(f);
  const char *keys[] = {"NAME", "TYPE", "COMMENT", "DIMENSION"};
  for (int k = 0; got && k < 4; k++) {
    size_t len = strlen(keys[k]);
    if (strncmp(line, keys[k], len) == 0 && strchr(" \t:", line[len])) return 1;
  }
  return 0;
}

ar_status wing_tour_import_tsplib(int argc, char **argv) {
  param_set ps = {.command = "import tsplib",
                  .usage = "antroute import tsplib FILE.tsp -o OUT.h5 [--tour FILE.opt.tour] "
                           "[--optimum N] [--name NAME] [--no-tour] [--no-bound] [--alpha-steps N]",
                  .examples = "antroute import tsplib inputs/tsplib/berlin52.tsp -o berlin52.h5\n"
                              "antroute import tsplib inputs/tsplib/ft70.atsp -o ft70.h5\n"
                              "antroute import tsplib my.tsp -o my.h5 --optimum 7542 --no-bound",
                  .description =
                      "Converts a TSPLIB 95 instance (TSP or ATSP; EUC_2D, CEIL_2D, ATT, GEO or "
                      "EXPLICIT weights) into an antroute network file. A known tour and the "
                      "optimal length are stored too when given, or when NAME.opt.tour and "
                      "OPTIMA.tsv sit beside the input. The output is written to OUT.h5.tmp and "
                      "renamed when complete.",
                  CLI_OPTIONS(import_tsplib_params, 1, 1)};
  return cli_parse_run_rank0(&ps, argc, argv, CLI_RULES(import_tsplib_rules), import_on_rank0);
}
