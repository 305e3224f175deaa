/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour_solve: tours (TSPLIB TSP and ATSP networks) as a problem kind of `antroute solve`. */
#ifndef AR_WING_TOUR_SOLVE_H
#define AR_WING_TOUR_SOLVE_H

#include "wing_solve.h"

/* The tour wing's solve part (wing_solve.h); never fails. */
const solve_kind *wing_tour_solve_kind(void);

#endif
