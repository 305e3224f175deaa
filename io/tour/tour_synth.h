/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_synth: seeded random tour instances (EUC_2D) for scale tests and benchmarks, in the style
 * of the DIMACS TSP Challenge generators: integer coordinates in a 1,000,000 x 1,000,000 square,
 * either uniform or clustered (n/10 centres, points normally spread around a random centre with
 * deviation 1,000,000 / sqrt(n)). Same (n, seed, distribution), same instance on every machine.
 */
#ifndef AR_TOUR_SYNTH_H
#define AR_TOUR_SYNTH_H

#include <stdint.h>

#include "ar_error.h"
#include "tour_net.h"

typedef enum { TOUR_SYNTH_UNIFORM = 0, TOUR_SYNTH_CLUSTERED = 1 } tour_synth_distribution;

/* Fills t (zeroed by the call) with n nodes. Fails with AR_ERR_USAGE when n < 3 or n >
 * TOUR_MAX_N, AR_ERR_NOMEM when memory runs out. Free with tour_net_free(). */
ar_status tour_synth_generate(int32_t n, uint64_t seed, tour_synth_distribution distribution,
                              tour_net *t);

#endif
