/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_cost: lexicographic comparison of solution costs. */
#include <math.h>

#include "problem.h"

int aco_cost_compare(const aco_cost *a, const aco_cost *b) {
  for (int k = 0; k < ACO_COST_KEYS; k++) {
    if (a->key[k] < b->key[k]) return -1;
    if (a->key[k] > b->key[k]) return 1;
  }
  return 0;
}

aco_cost aco_cost_worst(void) {
  aco_cost c;
  for (int k = 0; k < ACO_COST_KEYS; k++)
    c.key[k] = HUGE_VAL;
  c.value = HUGE_VAL;
  return c;
}
