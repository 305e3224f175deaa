/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_plan: where the next segment of iterations ends and whether the run stops before it
 * (private to src/engine).
 *
 * What depends on no clock (an epoch end, the iteration limit, a multiple of
 * hooks.boundary_every) every rank plans alike. What does (the time limit, --cpu-time,
 * want_stop, and the looks every hooks.boundary_seconds at the ranks' stop flags) rank 0 and the
 * flags decide, and the ranks agree on it in one of two ways:
 *
 * - At once: before each segment rank 0 broadcasts its decision. One rank, runs without a clock,
 *   and drivers with an iteration_end hook (whose collective work meets at every boundary
 *   anyway: checkpoints).
 * - A segment ahead (several ranks, a clock, no iteration_end hook): at each boundary every rank
 *   posts one MPI_Iallreduce with rank 0's plan of the segment after the next and whether to stop
 *   at the next boundary (the clock, want_stop, any rank's hooks.local_stop), and completes it at
 *   that boundary. A rank waits only for a rank more than a segment behind, so the colonies of
 *   different ranks, whose iterations cost differently, meet only at epoch ends (the exchange)
 *   and when the run stops. A signal is then acted on one look later (about 0.5 s). In the last
 *   2 s before a time limit the plans are agreed at once again (a lagging rank would otherwise
 *   make the run end late), with local_stop agreed at every boundary.
 *
 * Segments never change an answer (docs/engine.md), only where a time-limited run stops.
 */
#ifndef AR_ACO_PLAN_H
#define AR_ACO_PLAN_H

#include <stdint.h>

#include "ar_error.h"

typedef struct aco_engine aco_engine; /* its plan state: aco_plan in aco_engine_state.h */

/* At the start of aco_engine_run: chooses how the ranks agree (collective). */
ar_status aco_plan_start(aco_engine *e);

/* Before each segment: *stop (an aco_stop_reason, ACO_STOP_NONE to go on) and, when going on,
 * *end, the iteration at which the segment ends. Collective. */
ar_status aco_plan_next(aco_engine *e, int *stop, int64_t *end);

/* When the run has stopped: completes a message still posted and frees the duplicate. */
ar_status aco_plan_finish(aco_engine *e);

/* hooks.local_stop on this rank (0 without the hook). */
int aco_plan_local_stop(aco_engine *e);

#endif
