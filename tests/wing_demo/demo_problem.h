/* SPDX-License-Identifier: BSD-3-Clause */
/* demo_problem: the model of the demo kind (tests/wing_demo): R rows of K options, each option
 * with a cost; a solution chooses one option per row and costs the sum. Trivial on purpose: the
 * demo shows what a kind declares, not a search (docs/architecture.md, "tests/wing_demo"). */
#ifndef AR_DEMO_PROBLEM_H
#define AR_DEMO_PROBLEM_H

#include <stdint.h>

#include "ar_error.h"
#include "problem.h"

typedef struct {
  int32_t rows, options;
  int64_t *cost; /* [rows][options], each >= 1 */
} demo_net;

void demo_net_free(demo_net *d);

/* Costs 1..99 from a seeded stream. AR_ERR_NOMEM. */
ar_status demo_net_generate(int32_t rows, int32_t options, uint64_t seed, demo_net *d);

/* The cost of choice[rows]; -1 when a choice is out of range. */
int64_t demo_net_cost(const demo_net *d, const int32_t *choice);

/* The engine's problem on d (d must outlive it). Never fails. */
void demo_problem_make(const demo_net *d, aco_problem *p);

#endif
