/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_acs: the Ant Colony System's part of a colony's trail update (aco_colony.h): the local and
 * global updates of the solutions' components in the begin step. Never fails. */
#ifndef AR_ACO_ACS_H
#define AR_ACO_ACS_H

#include "aco_colony_state.h"
#include "aco_params.h"
#include "problem.h"

void aco_acs_begin(aco_colony *c, const aco_problem *p, const aco_params *par);

#endif
