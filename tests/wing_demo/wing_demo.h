/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_demo: a minimal kind for tests (tests/wing_demo): R rows of K options, choose one per row,
 * cost the sum (demo_problem.h). It shows that a kind is declared in one place: a test binary
 * registers it at run time (app_wing_register) and every command accepts it. */
#ifndef AR_WING_DEMO_H
#define AR_WING_DEMO_H

#include "demo_problem.h"
#include "wing.h"

extern const wing wing_demo;

#endif
