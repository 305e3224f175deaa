/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour_synthetic: the tour wing's part of `antroute import synthetic --kind tour` (random
 * EUC_2D instances, io/tour/tour_synth.h, with their lower bound). */
#ifndef AR_WING_TOUR_SYNTHETIC_H
#define AR_WING_TOUR_SYNTHETIC_H

#include "wing.h"

extern const wing_synthetic wing_tour_synthetic;

#endif
