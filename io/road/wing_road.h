/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road: the declaration of the road tour kind (io/wing/wing.h): stops snapped to a road
 * network with their road costs (kind "road"), solved as an ATSP by the tour wing's search. */
#ifndef AR_WING_ROAD_H
#define AR_WING_ROAD_H

#include "wing.h"

extern const wing wing_road;

#endif
