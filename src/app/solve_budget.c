/* SPDX-License-Identifier: BSD-3-Clause */
/* solve_budget: the time plan of solve --time (see solve_budget.h). */
#include "solve_budget.h"

#include <string.h>

#include "ar_agree.h"
#include "ar_clock.h"
#include "h5res_fields.h"
#include "h5u.h"
#include "solve_options.h"

/* Optional work is done only when it takes at most this share of what the budget leaves beyond
 * the steps the run needs (the search should get most of the budget). */
#define SOLVE_BUDGET_OPTIONAL_SHARE 0.5

int solve_budget_applies(const param_set *ps) {
  return param_is_set(ps, "time") ||
         (param_int(ps, "iterations") == 0 && !param_is_set(ps, "cpu-time"));
}

ar_status solve_budget_init(solve_budget *b, const param_set *ps) {
  memset(b, 0, sizeof *b);
  int given = param_is_set(ps, "time");
  if (given && !(param_real(ps, "time") > 0.0))
    return ar_fail(AR_ERR_USAGE,
                   "--time %g: the budget must be more than 0 seconds (without --time a run "
                   "has %d s, or no time limit with --iterations)",
                   param_real(ps, "time"), (int)SOLVE_DEFAULT_SECONDS);
  b->active = solve_budget_applies(ps);
  b->budget = given ? param_real(ps, "time") : SOLVE_DEFAULT_SECONDS;
  return AR_OK;
}

/* "reading 0.30 s, candidate lists ~1.2 s, the first tour ~0.3 s, writing ~0.1 s" */
static void steps_text(const solve_budget *b, char *buf, size_t cap) {
  size_t len = (size_t)snprintf(buf, cap, "reading %.2f s", b->read);
  for (int i = 0; i < b->est.nsteps && len < cap; i++)
    len +=
        (size_t)snprintf(buf + len, cap - len, ", %s ~%.2g s", b->est.step_what[i], b->est.step[i]);
  if (len < cap) snprintf(buf + len, cap - len, ", writing ~%.2g s", b->est.write);
}

static ar_status refuse(const solve_budget *b, const param_set *ps) {
  char steps[384], name[64];
  steps_text(b, steps, sizeof steps);
  if (param_is_set(ps, "time"))
    snprintf(name, sizeof name, "--time %g", b->budget);
  else
    snprintf(name, sizeof name, "the default budget of %g s (--time)", b->budget);
  return ar_fail(AR_ERR_USAGE,
                 "%s is below the %.2f s this run needs before its first iteration and to write "
                 "its results (%s): give at least --time %.2g, or --iterations alone for no time "
                 "limit",
                 name, b->minimum, steps, b->minimum * 1.2 + 0.1);
}

ar_status solve_budget_plan(solve_budget *b, const solve_kind *kind, void *state, solve_run *run) {
  if (!b->active) return AR_OK;
  memset(&b->est, 0, sizeof b->est);
  if (kind->time_estimate) kind->time_estimate(state, run, &b->est);
  /* Rank 0's clock decides, so that every rank takes the same path. */
  double read = ar_clock_elapsed();
  ar_status st =
      ar_mpi_check(MPI_Bcast(&read, 1, MPI_DOUBLE, 0, run->comm), "MPI_Bcast of the time plan");
  if (st != AR_OK) return ar_agree(run->comm, st);
  b->read = read;
  b->minimum = read + b->est.write;
  for (int i = 0; i < b->est.nsteps; i++)
    b->minimum += b->est.step[i];
  if (b->budget < b->minimum) return ar_agree(run->comm, refuse(b, run->ps));
  b->skip_optional = b->est.optional > 0.0 &&
                     b->est.optional > SOLVE_BUDGET_OPTIONAL_SHARE * (b->budget - b->minimum);
  run->skip_optional = b->skip_optional;
  char steps[384];
  steps_text(b, steps, sizeof steps);
  size_t len = (size_t)snprintf(b->plan, sizeof b->plan, "budget %g s: %s", b->budget, steps);
  if (b->skip_optional && len < sizeof b->plan) {
    snprintf(b->plan + len, sizeof b->plan - len, "; %s (~%.2g s) left out", b->est.optional_what,
             b->est.optional);
    if (run->rank == 0 && !run->quiet) {
      printf("time plan: %s (estimated %.2g s) is left out: it does not fit in --time %g beside "
             "the search (%s)\n",
             b->est.optional_what, b->est.optional, b->budget, steps);
      fflush(stdout);
    }
  }
  return ar_agree(run->comm, st);
}

void solve_budget_step_done(solve_budget *b, solve_budget_step step) {
  if (b->active && b->step_end[step] == 0.0) b->step_end[step] = ar_clock_elapsed();
}

/* The parts of the time before the search, in order: MPI's start, reading the network, the
 * kind's work before its phases, the first phase's problem, its first solutions (each from the
 * end of the one before; a step not noted counts as ending with the one before). */
enum { SETUP_PARTS = 2 + SOLVE_BUDGET_STEPS };
_Static_assert((int)SETUP_PARTS == (int)H5RES_SETUP_PARTS, "the parts the results name");
static void setup_parts(const solve_budget *b, double part[SETUP_PARTS]) {
  double end[SETUP_PARTS] = {ar_clock_mpi(), b->read};
  for (int i = 0; i < SOLVE_BUDGET_STEPS; i++)
    end[2 + i] = b->step_end[i];
  double before = 0.0;
  for (int i = 0; i < SETUP_PARTS; i++) {
    if (end[i] < before) end[i] = before;
    part[i] = end[i] - before;
    before = end[i];
  }
}

void solve_budget_search(solve_budget *b, aco_engine *e) {
  if (!b->active) return;
  double left = b->budget - ar_clock_elapsed() - b->est.write - SOLVE_BUDGET_MARGIN;
  if (b->setup == 0.0) {
    b->setup = ar_clock_elapsed();
    b->search_planned = left > 0.0 ? left : 0.0;
  }
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  /* The engine's limit counts its searches of earlier runs too (resume). */
  double limit = in.time_before + (left > 1e-6 ? left : 1e-6);
  if (in.par->time_limit <= 0.0 || limit < in.par->time_limit) aco_engine_set_time_limit(e, limit);
}

void solve_budget_search_done(solve_budget *b) {
  if (b->active) b->search_end = ar_clock_elapsed();
}

ar_status solve_budget_record(const solve_budget *b, hid_t file, MPI_Comm comm) {
  if (!b->active) return AR_OK;
  double v[3 + SETUP_PARTS] = {b->setup, b->search_end - b->setup,
                               ar_clock_elapsed() - b->search_end};
  setup_parts(b, v + 3);
  ar_status st =
      ar_mpi_check(MPI_Bcast(v, 3 + SETUP_PARTS, MPI_DOUBLE, 0, comm), "MPI_Bcast of the times");
  hid_t run;
  if (st == AR_OK) st = h5u_group_open(file, "/run", &run);
  if (st != AR_OK) return st;
  st = h5u_attr_write_f64(run, "time_budget", b->budget);
  if (st == AR_OK) st = h5u_attr_write_f64(run, "time_setup", v[0]);
  for (int i = 0; i < SETUP_PARTS && st == AR_OK; i++)
    st = h5u_attr_write_f64(run, h5res_setup_parts[i].attr, v[3 + i]);
  if (st == AR_OK) st = h5u_attr_write_f64(run, "time_search_planned", b->search_planned);
  if (st == AR_OK) st = h5u_attr_write_f64(run, "time_search", v[1]);
  if (st == AR_OK) st = h5u_attr_write_f64(run, "time_write_planned", b->est.write);
  if (st == AR_OK) st = h5u_attr_write_f64(run, "time_write", v[2]);
  if (st == AR_OK) st = h5u_attr_write_str(run, "time_plan", b->plan);
  H5Gclose(run);
  return st;
}

void solve_budget_print(const solve_budget *b, FILE *out) {
  if (!b->active) return;
  double now = ar_clock_elapsed(), part[SETUP_PARTS];
  setup_parts(b, part);
  fprintf(out, "time: %.2f s of the %g s budget: before the search %.2f s", now, b->budget,
          b->setup);
  for (int i = 0; i < SETUP_PARTS; i++)
    fprintf(out, "%s%s %.2f", i ? ", " : " (", h5res_setup_parts[i].label, part[i]);
  fprintf(out, "), search %.2f s (planned %.2f s), writing %.2f s (planned ~%.2g s); %s\n",
          b->search_end - b->setup, b->search_planned, now - b->search_end, b->est.write, b->plan);
}
