/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_supply_state: the state of the supply-chain kind of the solve driver, shared by its files
 * (wing_supply_solve.c: the kind and its results; wing_supply_month.c: one month of routing;
 * wing_supply_bound.c: the month's bound; wing_supply_ckpt.c: its checkpoint part). */
#ifndef AR_WING_SUPPLY_STATE_H
#define AR_WING_SUPPLY_STATE_H

#include "ckpt_field.h"
#include "ckpt_members.h"
#include "supply_model.h"
#include "supply_month.h"
#include "supply_net.h"
#include "supply_plan.h"
#include "supply_problem.h"
#include "supply_result.h"
#include "wing_solve.h"

/* The plan's six per-order fields, then one field per member of supply_month_figures. */
enum { SUPPLY_PLAN_FIELDS = 6, SUPPLY_MONTH_MEMBERS = 11 };
enum { SUPPLY_CKPT_FIELDS = SUPPLY_PLAN_FIELDS + SUPPLY_MONTH_MEMBERS };

/* What a checkpoint keeps of a finished month (supply_month_result without its traces and
 * timings per rank), written member by member under /supply/months (wing_supply_ckpt.c). */
typedef struct {
  int64_t min_unserved, iterations, epochs;
  int32_t best_colony;
  int64_t best_iteration;
  int8_t stopped_by; /* aco_stop_reason: the names are aco_stop_reason_name()'s */
  double lower_wc, lower_cost, lower_served_cost, seconds, lower_bound;
} supply_month_figures;

typedef struct {
  supply_config cfg;
  supply_net net;
  supply_model m;
  supply_months mo;
  supply_result res;
  double total_seconds;   /* --time (wall clock from the command's start): what is left of it is
                             shared by the months left in proportion to their orders */
  double write_seconds;   /* the time plan's estimate of checking and writing the results */
  int32_t bound_given_up; /* 1 + the first month whose min-cost-flow bound did not fit in its
                             share of --time (the months after it leave theirs out); 0: none */

  /* The month being routed. */
  int32_t month;
  double month_t0;      /* MPI_Wtime() at its start */
  double month_clock;   /* ar_clock_elapsed() at its start (rank 0's) */
  double month_seconds; /* its share of --time (0: no budget) */
  supply_scope sc;
  supply_problem rp;
  aco_problem problem;
  int month_made;

  /* The checkpoint part (wing_supply_ckpt.c): the plan of the finished months (per order; the
   * current month's orders keep their initial values), each finished month's figures, and the
   * index of the current month (root attribute supply_month). */
  ckpt_part part;
  ckpt_field fields[SUPPLY_CKPT_FIELDS];
  ckpt_scalar month_scalar;
  ckpt_members months;           /* of figures, replicated */
  supply_month_figures *figures; /* [months]: set as each month finishes, or read */
  char stop_meaning[128];        /* the description of /supply/months/stopped_by */
  int ranks;
} supply_state;

#endif
