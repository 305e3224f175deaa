/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_result: allocation of the solve results. */
#include "supply_result.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

ar_status supply_result_init(supply_result *r, int32_t n_orders, const supply_months *mo) {
  memset(r, 0, sizeof *r);
  ar_status st = supply_assign_alloc(&r->plan, n_orders);
  if (st != AR_OK) return st;
  size_t n = n_orders > 0 ? (size_t)n_orders : 1;
  r->reason = calloc(n, sizeof *r->reason);
  r->month_of = calloc(n, sizeof *r->month_of);
  r->n_months = mo->n;
  r->months = calloc(mo->n > 0 ? (size_t)mo->n : 1, sizeof *r->months);
  if (!r->reason || !r->month_of || !r->months) {
    supply_result_free(r);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the results of %d orders", (int)n_orders);
  }
  for (int32_t t = 0; t < mo->n; t++) {
    r->months[t].year = mo->year[t];
    r->months[t].month = mo->month[t];
    r->months[t].orders = mo->start[t + 1] - mo->start[t];
    r->months[t].best_iteration = -1;
    r->months[t].lower_served_cost = -HUGE_VAL;
    r->months[t].lower_bound = -HUGE_VAL;
    for (int32_t j = mo->start[t]; j < mo->start[t + 1]; j++)
      r->month_of[mo->orders[j]] = t;
  }
  return AR_OK;
}

void supply_result_free(supply_result *r) {
  supply_assign_free(&r->plan);
  free(r->reason);
  free(r->month_of);
  if (r->months)
    for (int32_t t = 0; t < r->n_months; t++) {
      free(r->months[t].trace_time);
      free(r->months[t].trace_iteration);
      free(r->months[t].trace_key[0]);
      free(r->months[t].trace_key[1]);
      free(r->months[t].rank_seconds);
    }
  free(r->months);
  supply_check_free(&r->check);
  memset(r, 0, sizeof *r);
}
