/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_hilbert: positions along a Hilbert curve, the locality order that both the tour wing's first
 * tours (src/tour/tour_curve) and the road wing's compact graph (src/road/road_compact) sort by. */
#ifndef AR_HILBERT_H
#define AR_HILBERT_H

#include <stdint.h>

/* Position of the cell (x, y) along the Hilbert curve that fills a side x side grid (side a power
 * of 2, at most 2^31; x, y < side). Cannot fail. */
uint64_t ar_hilbert_index(uint32_t side, uint32_t x, uint32_t y);

#endif
