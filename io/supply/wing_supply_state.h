/* wing_supply_state: the state of the supply-chain kind of the solve driver, shared by its files
 * (wing_supply_solve.c: the kind and its results; wing_supply_month.c: one month of routing;
 * wing_supply_bound.c: the month's bound; wing_supply_ckpt.c: its checkpoint part). */
#ifndef AR_WING_SUPPLY_STATE_H
#define AR_WING_SUPPLY_STATE_H

#include "ckpt_field.h"
#include "supply_model.h"
#include "supply_month.h"
#include "supply_net.h"
#include "supply_plan.h"
#include "supply_problem.h"
#include "supply_result.h"
#include "wing_solve.h"

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

  /* The checkpoint part (wing_supply_ckpt.c): the plan of the finished months (per order; the
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

#endif
