/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_month: grouping orders by month. */
#include "supply_month.h"

#include <stdlib.h>
#include <string.h>

static int32_t month_key(const supply_net *net, int32_t k) {
  int y, mo, d;
  supply_date_to_civil(net->order_date[k], &y, &mo, &d);
  return (int32_t)(y * 12 + (mo - 1));
}

ar_status supply_months_build(const supply_net *net, supply_months *mo) {
  memset(mo, 0, sizeof *mo);
  int32_t n = net->n_orders;
  int32_t *key = malloc((n ? (size_t)n : 1) * sizeof *key);
  mo->orders = malloc((n ? (size_t)n : 1) * sizeof *mo->orders);
  if (!key || !mo->orders) {
    free(key);
    supply_months_free(mo);
    return ar_fail(AR_ERR_NOMEM, "out of memory grouping %d orders by month", (int)n);
  }
  int32_t kmin = INT32_MAX, kmax = INT32_MIN;
  for (int32_t k = 0; k < n; k++) {
    key[k] = month_key(net, k);
    if (key[k] < kmin) kmin = key[k];
    if (key[k] > kmax) kmax = key[k];
  }
  int32_t span = n ? kmax - kmin + 1 : 0;
  int32_t *count = calloc((size_t)span + 1, sizeof *count);
  if (!count) {
    free(key);
    supply_months_free(mo);
    return ar_fail(AR_ERR_NOMEM, "out of memory grouping %d orders by month", (int)n);
  }
  for (int32_t k = 0; k < n; k++)
    count[key[k] - kmin + 1]++;
  for (int32_t t = 0; t < span; t++)
    mo->n += count[t + 1] > 0;
  mo->year = malloc(((size_t)mo->n + 1) * sizeof *mo->year);
  mo->month = malloc(((size_t)mo->n + 1) * sizeof *mo->month);
  mo->start = malloc(((size_t)mo->n + 1) * sizeof *mo->start);
  int32_t *pos = malloc(((size_t)span + 1) * sizeof *pos);
  if (!mo->year || !mo->month || !mo->start || !pos) {
    free(key);
    free(count);
    free(pos);
    supply_months_free(mo);
    return ar_fail(AR_ERR_NOMEM, "out of memory grouping %d orders by month", (int)n);
  }
  int32_t m = 0, at = 0;
  for (int32_t t = 0; t < span; t++) {
    pos[t] = at;
    if (count[t + 1] == 0) continue;
    mo->year[m] = (kmin + t) / 12;
    mo->month[m] = (kmin + t) % 12 + 1;
    mo->start[m++] = at;
    at += count[t + 1];
  }
  mo->start[m] = at;
  for (int32_t k = 0; k < n; k++)
    mo->orders[pos[key[k] - kmin]++] = k;
  free(key);
  free(count);
  free(pos);
  return AR_OK;
}

void supply_months_free(supply_months *mo) {
  free(mo->year);
  free(mo->month);
  free(mo->start);
  free(mo->orders);
  memset(mo, 0, sizeof *mo);
}
