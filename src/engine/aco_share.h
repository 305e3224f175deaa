/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_share: pheromone sharing between colonies (solve --share-every K [--share-endpoints]).
 *
 * Every K-th regular epoch end, every colony's trails become the average over all colonies,
 * element by element (clamped to the colony's own MMAS bounds). Average, not maximum: the
 * maximum only ever raises trails and would undo evaporation in every colony at once.
 *
 * Layout independence: each trail value is converted to int64 fixed point with a scale that
 * all ranks agree on (from the global maximum trail, an exact MPI_MAX), so the sums are
 * integer additions, associative, and the same bits for any ranks x threads and any reduction
 * order of MPI.
 *
 * Two implementations of the allreduce, identical results: one thread calls MPI_Allreduce on
 * the whole matrix, or (share_endpoints, "multiple endpoints") the OpenMP threads of a rank each
 * reduce one slice on their own duplicated communicator, which needs MPI_THREAD_MULTIPLE.
 */
#ifndef AR_ACO_SHARE_H
#define AR_ACO_SHARE_H

#include "aco_engine_state.h"
#include "ar_error.h"

/* AR_OK when `provided` (from MPI_Query_thread) allows the endpoint sharing, else AR_ERR_MPI
 * with a message naming the level provided and what to do. */
ar_status aco_share_check_thread_level(int provided);

/* Collective. Prepares sharing for engine e (the fixed-point sums; with share_endpoints one
 * duplicated communicator per slice). AR_ERR_NOMEM, AR_ERR_MPI. */
ar_status aco_share_setup(aco_engine *e);
void aco_share_free(aco_engine *e);
/* Collective. Every colony's trails become the average over all colonies. AR_ERR_MPI. */
ar_status aco_share_pheromone(aco_engine *e);

#endif
