/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_solve: road tours (stops files) as a problem kind of `antroute solve`: the tour
 * wing's solve part on the stop-to-stop matrix, then the best tour expanded into its route over
 * the roads (/route, h5res_road.h). */
#ifndef AR_WING_ROAD_SOLVE_H
#define AR_WING_ROAD_SOLVE_H

#include "wing_solve.h"

/* The road wing's solve part (wing_solve.h); never fails. Its failures at run time: the tour
 * part's, and AR_ERR_INPUT when the road network of the stops file (or --roads) cannot be read
 * or is not the one the stops were costed on. */
const solve_kind *wing_road_solve_kind(void);

#endif
