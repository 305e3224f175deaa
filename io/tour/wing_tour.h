/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour: the declaration of the tour kind (TSPLIB TSP and ATSP networks), io/wing/wing.h. */
#ifndef AR_WING_TOUR_H
#define AR_WING_TOUR_H

#include "wing.h"

extern const wing wing_tour;

#endif
