/* kind_supply_state: the state of the supply-chain kind of the solve driver, shared by its files
 * (kind_supply.c: the kind and its results; kind_supply_month.c: one month of routing;
 * kind_supply_ckpt.c: its checkpoint part). */
#ifndef AR_KIND_SUPPLY_STATE_H
#define AR_KIND_SUPPLY_STATE_H

#include "ckpt_field.h"
#include "solve_kind.h"
#include "supply_model.h"
#include "supply_month.h"
#include "supply_net.h"
#include "supply_plan.h"
#include "supply_problem.h"
#include "supply_result.h"

enum { SUPPLY_CKPT_FIELDS = 8, SUPPLY_MONTH_INT = 6, SUPPLY_MONTH_REAL = 5 };

typedef struct {
  supply_config cfg;
  supply_net net;
  supply_model m;
  supply_months mo;
  supply_result res;
  double total_seconds; /* --time, shared by the months in proportion to their orders */

  /* The month being routed. */
  int32_t month;
  double month_t0; /* MPI_Wtime() at its start */
  supply_scope sc;
  supply_problem rp;
  aco_problem problem;
  int month_made;

  /* The checkpoint part (kind_supply_ckpt.c): the plan of the finished months (per order; the
   * current month's orders keep their initial values), each finished month's figures, and the
   * index of the current month (root attribute supply_month). */
  ckpt_part part;
  ckpt_field fields[SUPPLY_CKPT_FIELDS];
  ckpt_scalar month_scalar;
  int64_t *month_int; /* [months][6]: min_unserved, iterations, epochs, best_colony,
                         best_iteration, stopped_by (0 none, 1 iterations, 2 time, 3 requested,
                         4 gap) */
  double *month_real; /* [months][5]: lower_wc, lower_cost, lower_served_cost, seconds,
                         lower_bound */
  int ranks;
} supply_state;

/* kind_supply_month.c */
ar_status supply_kind_phase_begin(void *state, const solve_run *run, int32_t phase, aco_params *par,
                                  const aco_problem **problem);
ar_status supply_kind_phase_started(void *state, const solve_run *run, int32_t phase,
                                    aco_engine *e);
void supply_kind_progress(void *state, const solve_run *run, int32_t phase, const aco_engine *e,
                          int final, char *line, size_t cap);
ar_status supply_kind_phase_end(void *state, const solve_run *run, int32_t phase, aco_engine *e);
void supply_kind_phase_free(void *state);

/* kind_supply_bound.c: the month's min-cost-flow bound (every rank computes it), --gap. */
/* --gap needs a goal order whose second key is the cost (AR_ERR_USAGE otherwise). */
ar_status supply_kind_bound_usable(const supply_config *cfg, const param_set *ps);
/* The served cost (WC + TC) behind the engine's keys (unserved, second goal), or NaN when the goal
 * order does not say it. */
double supply_kind_served_cost(const supply_config *cfg, double unserved, double second);
ar_status supply_kind_bound_month(supply_state *s, const solve_run *run, supply_month_result *mr);
void supply_kind_bound_target(const supply_state *s, const solve_run *run,
                              const supply_month_result *mr, aco_params *par);
/* The gap of a month's best to its bound in percent; NaN when the best leaves more orders
 * unserved than the max flow or the goal order hides the cost. */
double supply_kind_bound_gap(const supply_state *s, const supply_month_result *mr,
                             const aco_cost *best);

/* kind_supply_ckpt.c */
ar_status supply_kind_ckpt_init(supply_state *s);
void supply_kind_ckpt_free(supply_state *s);
/* The figures of finished month t into the part's arrays. */
void supply_kind_ckpt_stage_month(supply_state *s, int32_t t);
ckpt_part *supply_kind_ckpt_part(void *state);
ar_status supply_kind_resumed(void *state, const solve_run *run, const char *path, int32_t *phase);

#endif
