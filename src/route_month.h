/* route_month: orders grouped by the calendar month of their order date (the horizon's periods:
 * each month is solved in turn, its plan fixed before the next). */
#ifndef AR_ROUTE_MONTH_H
#define AR_ROUTE_MONTH_H

#include <stdint.h>

#include "ar_error.h"
#include "sc_net.h"

typedef struct {
  int32_t n;       /* months that have orders, in calendar order */
  int32_t *year;   /* [n] */
  int32_t *month;  /* [n] 1..12 */
  int32_t *start;  /* [n + 1] CSR into orders */
  int32_t *orders; /* [net->n_orders] network indices, ascending within a month */
} route_months;

ar_status route_months_build(const sc_net *net, route_months *mo);
void route_months_free(route_months *mo);

#endif
