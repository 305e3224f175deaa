/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_month: orders grouped by the calendar month of their order date (the horizon's periods:
 * each month is solved in turn, its plan fixed before the next). */
#ifndef AR_SUPPLY_MONTH_H
#define AR_SUPPLY_MONTH_H

#include <stdint.h>

#include "ar_error.h"
#include "supply_net.h"

typedef struct {
  int32_t n;       /* months that have orders, in calendar order */
  int32_t *year;   /* [n] */
  int32_t *month;  /* [n] 1..12 */
  int32_t *start;  /* [n + 1] CSR into orders */
  int32_t *orders; /* [net->n_orders] network indices, ascending within a month */
} supply_months;

/* The orders grouped by month. AR_ERR_NOMEM. */
ar_status supply_months_build(const supply_net *net, supply_months *mo);
void supply_months_free(supply_months *mo);

#endif
