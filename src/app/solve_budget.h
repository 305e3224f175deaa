/* SPDX-License-Identifier: BSD-3-Clause */
/* solve_budget: the time plan of `solve --time T` (docs/cli.md, "The time budget").
 *
 * T is wall clock from the first instruction of main (ar_clock.h), everything included: reading
 * the network, the lower bound, candidate lists, the first tours, the search, writing the
 * results. After the network is read, rank 0 plans (and every rank follows its plan): the kind
 * estimates its steps around the search (wing_solve.h: solve_time_estimate); a budget below what
 * the run needs before its first iteration and to write its results is refused (AR_ERR_USAGE,
 * exit status 2, naming that minimum); optional work that does not fit (tours: the lower bound)
 * is left out; the search gets what is left once it starts, less the writing's estimate. The
 * results record the plan and what happened (/run attributes time_*), and the summary says it.
 * A budget applies with --time, and without --iterations (the default 10 s); --iterations alone
 * has none.
 */
#ifndef AR_SOLVE_BUDGET_H
#define AR_SOLVE_BUDGET_H

#include <hdf5.h>
#include <stdio.h>

#include "aco_engine.h"
#include "param.h"
#include "wing_solve.h"

/* Seconds kept free at the end of the search for what the plan does not see (the last
 * iteration's overrun, freeing memory). */
#define SOLVE_BUDGET_MARGIN 0.1

/* The steps before the search whose ends a run notes (the first phase's only): the kind's work
 * before its phases (tours: a bound not stored; the memory check; a checkpoint to resume), the
 * first phase's problem (tours: candidate lists), its first solutions (tours: the first tours). */
typedef enum {
  SOLVE_BUDGET_PREPARED,
  SOLVE_BUDGET_PROBLEM,
  SOLVE_BUDGET_FIRST,
  SOLVE_BUDGET_STEPS
} solve_budget_step;

typedef struct {
  int active;    /* a budget applies */
  double budget; /* T */
  double read;   /* measured: the start until the network was read (rank 0) */
  solve_time_estimate est;
  double minimum; /* read + the kind's steps before the search + writing: less is refused */
  int skip_optional;
  double setup;                        /* measured: the start until the (first) search began */
  double step_end[SOLVE_BUDGET_STEPS]; /* measured: the start until each step ended (0: not yet) */
  double search_planned;               /* what the plan gave the search when it began */
  double search_end;                   /* the clock when the (last) search ended */
  char plan[512];                      /* the plan in words, for /run/time_plan and the summary */
} solve_budget;

/* From the options: whether a budget applies, and T. AR_ERR_USAGE for --time 0 or less (every
 * rank alike: the options are the same). */
ar_status solve_budget_init(solve_budget *b, const param_set *ps);

/* Whether a budget applies: --time, or neither --iterations nor --cpu-time (the default 10 s). */
int solve_budget_applies(const param_set *ps);

/* After the network is read: rank 0 plans with the kind's estimate and every rank learns the
 * plan (run->skip_optional is set from it). AR_ERR_USAGE (agreed) when T is below the minimum;
 * AR_ERR_MPI. Prints, on rank 0 unless quiet, what the plan leaves out. Collective. */
ar_status solve_budget_plan(solve_budget *b, const solve_kind *kind, void *state, solve_run *run);

/* Notes the end of a step before the search (the first time only). Never fails. */
void solve_budget_step_done(solve_budget *b, solve_budget_step step);

/* Before the engine runs: lowers its time limit so that the search ends when the budget leaves
 * time to write the results (never raises it). Never fails. */
void solve_budget_search(solve_budget *b, aco_engine *e);

/* After the engine ran. Never fails. */
void solve_budget_search_done(solve_budget *b);

/* Into the results file being written: /run attributes time_budget, time_setup and its parts
 * (time_setup_mpi, _read, _prepare, _problem, _first), time_search, time_search_planned,
 * time_write, time_write_planned, time_plan (rank 0's values). Collective;
 * AR_ERR_IO, AR_ERR_MPI. Does nothing without a budget. */
ar_status solve_budget_record(const solve_budget *b, hid_t file, MPI_Comm comm);

/* Rank 0: the summary's line "time: ...". Nothing without a budget. */
void solve_budget_print(const solve_budget *b, FILE *out);

#endif
