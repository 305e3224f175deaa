/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_road_synthetic: the road network wing's part of `antroute import synthetic`. */
#ifndef AR_WING_ROAD_SYNTHETIC_H
#define AR_WING_ROAD_SYNTHETIC_H

#include "wing.h"

/* Its options and generator (wing.h); the generator fails as road_synth_generate and
 * h5net_road_write do (AR_ERR_USAGE for too few nodes, AR_ERR_IO, AR_ERR_NOMEM). */
extern const wing_synthetic wing_road_synthetic;

#endif
