/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_pool: the ranks of one node build each other's ants (private to src/engine).
 *
 * With one colony per rank, colonies whose iterations cost differently leave the faster rank
 * waiting at the boundaries where the ranks meet (pcb3038, two ranks, seed 3: 2.2 s of 5.4).
 * The pool lets such a rank build the slower ranks' ants instead: each local colony's pheromone
 * choice, source, source index and ant solutions live in an MPI shared-memory window of the node
 * (MPI_Win_allocate_shared), and each colony's current iteration is open there as a ticket
 * (iteration, next ant) that any rank of the node claims ants from with one compare-and-swap. A
 * rank through its segment builds the open ants of the node's colonies until they reach the
 * iteration its boundary would wait for; the thread that closes a colony's ants waits for the
 * ants other ranks took (building other ranks' ants meanwhile) before the colony's update.
 *
 * An ant's solution depends only on its stream, its colony's choice, source and source index
 * (problem.h), so the answer does not depend on which rank built which ant. Ranks on other nodes
 * do not pool. The window holds only shared-memory atomics and plain values (no pointers: each
 * process maps it at its own address). */
#ifndef AR_ACO_POOL_H
#define AR_ACO_POOL_H

#include <mpi.h>
#include <stdint.h>

#include "ar_error.h"
#include "problem.h"

typedef struct aco_engine aco_engine;
typedef struct aco_pool aco_pool;

/* An ant and what building it needs (aco_segment.c builds its own colonies' ants from the same):
 * claimed by aco_pool_take from another rank's colony, whose data is in the window. */
typedef struct {
  int32_t lane; /* the pool's */
  int64_t iteration;
  int32_t ant;
  int64_t colony, best_iteration;
  aco_solution source; /* the colony's, in the window */
  const float *choice;
  const void *source_index;
  aco_solution out; /* the ant's slot in the window */
} aco_pool_ant;

/* After the colonies are allocated and before they start (collective over the engine's
 * communicator): when several ranks of the engine share a node, moves each local colony's
 * choice, source, source index and ant solutions into the node's window; e->pool stays NULL
 * otherwise. AR_ERR_NOMEM, AR_ERR_MPI. */
ar_status aco_pool_setup(aco_engine *e);
/* The communicator of the node's ranks (MPI_COMM_NULL without a pool). */
MPI_Comm aco_pool_node(const aco_pool *P);

/* Collective, as setup (MPI_Win_free); nothing without a pool. */
void aco_pool_free(aco_engine *e);

/* The owner opens its local colony `lane` at iteration `it` (before the queue opens the ants of
 * that iteration). */
void aco_pool_open(aco_pool *P, int32_t lane, const aco_engine *e, int64_t it);

/* The owner's lane has ended its segment at iteration `end` (its ants closed there). */
void aco_pool_reach(aco_pool *P, int32_t lane, int64_t end);

/* Whether a colony of another rank of the node is still before iteration `until` (one that has
 * not opened an iteration yet is not counted). */
int aco_pool_behind(const aco_pool *P, int64_t until);

/* A local item of lane's ants stage: the ant it builds (the item itself without a pool), or -1
 * when other ranks took the rest. */
int32_t aco_pool_claim_own(aco_pool *P, int32_t lane, int32_t item);

/* Claims an ant of another rank's colony whose open iteration is before `before`, the earliest
 * first; 0 when there is none. */
int aco_pool_take(aco_pool *P, int64_t before, aco_pool_ant *a);
/* Hands a built ant back to its colony's rank. */
void aco_pool_give(aco_pool *P, const aco_pool_ant *a);

/* By the thread that finished lane's last local item: whether every ant other ranks took is
 * back; aco_pool_collect then moves their costs into the colony's ants. */
int aco_pool_back(aco_pool *P, int32_t lane);
void aco_pool_collect(aco_pool *P, int32_t lane, aco_solution *ants);

/* So far: ants this rank built for other ranks' colonies, and its colonies' ants other ranks
 * built (0, 0 without a pool). */
void aco_pool_counts(const aco_pool *P, int64_t counts[2]);

#endif
