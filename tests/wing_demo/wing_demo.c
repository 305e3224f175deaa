/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_demo: the demo kind as every command finds it (io/wing/wing.h), declared in this folder
 * alone: its network file (/demo/cost), its part of `import synthetic`, its solve part, its
 * inspect and report parts and a JSON export. A test binary registers it (demo_main.c); nothing
 * outside tests/wing_demo knows it. */
#include "wing_demo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "h5meta.h"
#include "h5net.h"
#include "h5res.h"
#include "h5u.h"
#include "report_read.h"

#define DEMO_KIND "demo"
enum { DEMO_VERSION = 1, DEMO_MAX = 1 << 20 };

/* --- The network file ------------------------------------------------------------------------- */

static ar_status demo_write(const demo_net *d, const char *path, const param_set *ps) {
  h5u_output out;
  ar_status st = h5u_output_create(&out, path, MPI_COMM_SELF);
  if (st != AR_OK) return st;
  hid_t g = -1;
  hsize_t dims[2] = {(hsize_t)d->rows, (hsize_t)d->options};
  st = h5meta_write(out.file, H5META_NETWORK, DEMO_VERSION, ps);
  if (st == AR_OK) st = h5u_attr_write_str(out.file, "kind", DEMO_KIND);
  if (st == AR_OK) st = h5u_group_create(out.file, "demo", &g);
  if (st == AR_OK)
    st = h5u_write(g, "cost", H5T_NATIVE_INT64, 2, dims, d->cost, NULL,
                   "cost[r][k]: the cost of option k of row r");
  if (g >= 0) st = h5u_group_close(g, st);
  if (st != AR_OK) {
    h5u_output_abort(&out);
    return st;
  }
  return h5u_output_commit(&out);
}

/* Collective on the file's communicator. AR_ERR_INPUT naming the file for a missing or bad
 * /demo/cost. */
static ar_status demo_read(hid_t file, demo_net *d) {
  hsize_t dims[2];
  void *cost = NULL;
  memset(d, 0, sizeof *d);
  ar_status st = h5u_read(file, "demo/cost", H5T_NATIVE_INT64, 2, dims, DEMO_MAX, &cost);
  if (st != AR_OK) return st;
  d->rows = (int32_t)dims[0];
  d->options = (int32_t)dims[1];
  d->cost = cost;
  for (int64_t i = 0; i < (int64_t)d->rows * d->options; i++)
    if (d->cost[i] < 1)
      st = ar_fail(AR_ERR_INPUT, "%s: /demo/cost has a cost below 1", h5u_file_name(file));
  if (st == AR_OK && (d->rows < 1 || d->options < 1))
    st = ar_fail(AR_ERR_INPUT, "%s: /demo/cost is empty", h5u_file_name(file));
  if (st != AR_OK) demo_net_free(d);
  return st;
}

static ar_status demo_inspect_network(hid_t file, FILE *out) {
  demo_net d;
  ar_status st = demo_read(file, &d);
  if (st != AR_OK) return st;
  fprintf(out, "kind: %s\nrows: %d, options per row: %d\n", DEMO_KIND, d.rows, d.options);
  demo_net_free(&d);
  return AR_OK;
}

/* --- import synthetic --kind demo ------------------------------------------------------------- */

static const param_def synthetic_params[] = {
    {"rows", 0, PARAM_INT, "12", NULL, 1, 100000, "R", "rows (one choice each)", 0},
    {"options", 0, PARAM_INT, "4", NULL, 1, 64, "K", "options per row", 0},
};

static ar_status demo_generate(const param_set *ps) {
  demo_net d;
  ar_status st =
      demo_net_generate((int32_t)param_int(ps, "rows"), (int32_t)param_int(ps, "options"),
                        (uint64_t)param_int(ps, "seed"), &d);
  if (st == AR_OK) st = demo_write(&d, param_str(ps, "output"), ps);
  if (st == AR_OK)
    printf("%s: %d rows of %d options (demo)\n", param_str(ps, "output"), d.rows, d.options);
  demo_net_free(&d);
  return st;
}

static const wing_synthetic demo_synthetic = {
    .params = synthetic_params,
    .nparams = (int)(sizeof synthetic_params / sizeof synthetic_params[0]),
    .usage = "[--rows R --options K]",
    .description = "Demo: R rows of K options with costs 1..99.",
    .generate = demo_generate,
};

/* --- solve ------------------------------------------------------------------------------------ */

typedef struct {
  demo_net net;
  aco_problem problem;
} demo_state;

static ar_status demo_open(const solve_run *run, hid_t file, void **out) {
  demo_state *s = calloc(1, sizeof *s);
  ar_status st = s ? demo_read(file, &s->net) : ar_fail(AR_ERR_NOMEM, "out of memory");
  st = ar_agree(run->comm, st);
  if (st != AR_OK) {
    if (s) demo_net_free(&s->net);
    free(s);
    return st;
  }
  *out = s;
  return AR_OK;
}

static int32_t demo_phases(void *state) {
  (void)state;
  return 1;
}

static ar_status demo_phase_begin(void *state, const solve_run *run, int32_t phase, aco_params *par,
                                  const aco_problem **problem) {
  (void)run;
  (void)phase;
  (void)par;
  demo_state *s = state;
  demo_problem_make(&s->net, &s->problem);
  *problem = &s->problem;
  return AR_OK;
}

static void demo_progress(void *state, const solve_run *run, int32_t phase, const aco_engine *e,
                          int final, char *line, size_t cap) {
  (void)state;
  (void)run;
  (void)phase;
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  snprintf(line, cap, "iteration %lld  best %.0f%s", (long long)in.iteration, in.best_cost.key[0],
           final ? "  (final)" : "");
}

static ar_status demo_phase_end(void *state, const solve_run *run, int32_t phase, aco_engine *e) {
  (void)state;
  (void)run;
  (void)phase;
  (void)e;
  return AR_OK;
}

static void demo_phase_free(void *state) { (void)state; }

static ar_status demo_write_results(void *state, const solve_run *run, hid_t file,
                                    const aco_engine *last) {
  demo_state *s = state;
  h5res_info info = {run->input, DEMO_KIND, "demo", -1, "1"};
  aco_engine_info in;
  aco_engine_get_info(last, &in);
  int64_t cost = (int64_t)in.best_cost.key[0];
  hsize_t dims[1] = {(hsize_t)s->net.rows};
  hid_t g = -1;
  ar_status st = h5res_write_run(file, last, run->ps, &info);
  if (st == AR_OK) st = h5u_group_create(file, "best", &g);
  if (st == AR_OK)
    st = h5u_write(g, "choice", H5T_NATIVE_INT32, 1, dims, in.rank == 0 ? in.best : NULL, NULL,
                   "the option chosen in each row");
  if (st == AR_OK)
    st = h5u_write(g, "cost", H5T_NATIVE_INT64, 0, NULL, in.rank == 0 ? &cost : NULL, NULL,
                   "the sum of the chosen options' costs");
  if (g >= 0) st = h5u_group_close(g, st);
  return st;
}

static void demo_summary(void *state, const solve_run *run, const aco_engine *last, FILE *out) {
  (void)state;
  aco_engine_info in;
  aco_engine_get_info(last, &in);
  fprintf(out, "best %.0f after %lld iterations -> %s\n", in.best_cost.key[0],
          (long long)in.iteration, run->output);
}

static void demo_close(void *state) {
  demo_state *s = state;
  if (!s) return;
  demo_net_free(&s->net);
  free(s);
}

static const solve_default demo_defaults[] = {{"ants", "4"}, {"epoch-iterations", "10"}};

static const solve_kind demo_solve_kind = {
    .defaults = demo_defaults,
    .ndefaults = (int)(sizeof demo_defaults / sizeof demo_defaults[0]),
    .description = "Demo networks: the cheapest option per row.",
    .epochs_in_results = 1,
    .open = demo_open,
    .phases = demo_phases,
    .phase_begin = demo_phase_begin,
    .progress = demo_progress,
    .phase_end = demo_phase_end,
    .phase_free = demo_phase_free,
    .write = demo_write_results,
    .summary = demo_summary,
    .close = demo_close,
};

static const solve_kind *demo_solve(void) { return &demo_solve_kind; }

/* --- report and export ------------------------------------------------------------------------ */

static ar_status demo_report_summary(hid_t file, FILE *out, wing_report_facts *facts) {
  double cost;
  facts->nodes = rread_count(file, "best/choice");
  if (rread_find_number(file, "best", "cost", &cost))
    fprintf(out, "best choice: cost %.0f over %lld rows\n", cost, (long long)facts->nodes);
  else
    fprintf(out, "best choice: no /best/cost in this file\n");
  return AR_OK;
}

static ar_status demo_export_json(const char *results, const char *path) {
  hid_t file;
  ar_status st = h5u_open_read(results, MPI_COMM_SELF, &file);
  if (st != AR_OK) return st;
  hsize_t dims[1];
  void *choice = NULL;
  double cost = 0;
  st = h5u_read(file, "best/choice", H5T_NATIVE_INT32, 1, dims, DEMO_MAX, &choice);
  if (st == AR_OK && !rread_find_number(file, "best", "cost", &cost))
    st = ar_fail(AR_ERR_INPUT, "%s: no /best/cost", results);
  h5u_close(file);
  FILE *f = st == AR_OK ? fopen(path, "w") : NULL;
  if (st == AR_OK && !f) st = ar_fail(AR_ERR_IO, "cannot write %s", path);
  if (f) {
    fprintf(f, "{\"kind\": \"%s\", \"cost\": %.0f, \"choice\": [", DEMO_KIND, cost);
    for (hsize_t i = 0; i < dims[0]; i++)
      fprintf(f, "%s%d", i ? ", " : "", ((const int32_t *)choice)[i]);
    fprintf(f, "]}\n");
    if (fclose(f) != 0) st = ar_fail(AR_ERR_IO, "cannot write %s", path);
  }
  if (st == AR_OK) printf("%s: %llu choices -> %s\n", results, (unsigned long long)dims[0], path);
  free(choice);
  return st;
}

static const wing_export demo_exports[] = {
    {{"json", 0, PARAM_STRING, NULL, NULL, 1, 0, "OUT.json",
      "write the best choice as JSON (kind, cost, choice)", 0},
     demo_export_json},
    {{NULL, 0, PARAM_STRING, NULL, NULL, 0, 0, NULL, NULL, 0}, NULL},
};

const wing wing_demo = {
    .name = DEMO_KIND,
    .title = "demo networks (tests/wing_demo)",
    .problem = "one option per row",
    .network_version = DEMO_VERSION,
    .synthetic = &demo_synthetic,
    .solve = demo_solve,
    .inspect_network = demo_inspect_network,
    .results_marker = "best/choice",
    .report_summary = demo_report_summary,
    .exports = demo_exports,
};
