/* SPDX-License-Identifier: BSD-3-Clause */
/* road_synth: seeded road-like networks for scale tests (`import synthetic --kind road`).
 *
 * A perturbed grid of about 100 m blocks: N nodes in rows of W = round(sqrt(N)) (the last row
 * partial), placed near 45 N 5 E and moved by up to 25 m in each direction; every 8th row and
 * column is an arterial at 60 km/h and every 32nd a fast arterial at 80 km/h (both always
 * two-way and complete); on the other streets (30 km/h) one line in five is one-way (either
 * direction) and one block in ten is missing. Arc lengths are great-circle distances. Every
 * random choice is a hash of the seed and what it decides (a node, a block, a line), so the
 * same N and seed give the same graph, whatever the order of generation. Only the largest
 * strongly connected component is kept; node ids are the grid positions + 1.
 * Failures: AR_ERR_USAGE for N outside 4..ROAD_SYNTH_MAX_NODES; AR_ERR_NOMEM.
 */
#ifndef AR_ROAD_SYNTH_H
#define AR_ROAD_SYNTH_H

#include <stdint.h>

#include "ar_error.h"
#include "road_graph.h"

#define ROAD_SYNTH_MAX_NODES 20000000

/* g = the network; *dropped = nodes outside the largest component. AR_ERR_USAGE when nodes is not
 * in 4..ROAD_SYNTH_MAX_NODES, AR_ERR_NOMEM. */
ar_status road_synth_generate(int64_t nodes, uint64_t seed, road_graph *g, int64_t *dropped);

#endif
