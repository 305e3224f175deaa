/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_start: the colonies' first solutions (private to src/engine).
 *
 * Each local colony gets its initial solution (problem.h: initial(), from its own stream) and its
 * starting trails. Where the ranks of a node pool their ants (aco_pool.h) and every colony of the
 * node's ranks has one initial key (problem.h: initial_key, the same solution whatever the
 * colony), the node's ranks would each compute that one solution on their own threads (pcb3038,
 * two ranks of one thread: the first tour's pass of long chains 0.15 s on each, against 0.12 s
 * on one rank's two threads). Instead the node's first rank makes it with an OpenMP team of its
 * own threads and one thread per thread of each other rank, bound to that rank's CPUs while the
 * team works; the other ranks wait asleep (so the lent thread has their cores) and receive the
 * solution by a broadcast on the node. The solution is the one any rank would have made: the
 * problem's initial() does not depend on the threads (problem.h). Turned off with the pool
 * (ANTROUTE_POOL=0). */
#ifndef AR_ACO_START_H
#define AR_ACO_START_H

#include "ar_error.h"

typedef struct aco_engine aco_engine;

/* Collective over the node's ranks when the engine has a pool (aco_engine_create, after
 * aco_pool_setup): every local colony started. Fails with the worst status of a colony's
 * initial() (on a rank that received its solution: of the maker's). */
ar_status aco_start_colonies(aco_engine *e);

#endif
