/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_plan: where the next segment of iterations ends and whether the run stops before it
 * (private to src/engine).
 *
 * What depends on no clock (an epoch end, the iteration limit, a multiple of
 * hooks.boundary_every) every rank plans alike. What does (the time limit, --cpu-time,
 * want_stop, and the looks every hooks.boundary_seconds at the ranks' stop flags) the clocks and
 * the flags decide: every rank's wall clock and pace (the slowest rank's ends the segment), rank
 * 0's CPU time and want_stop. The ranks agree on it in one of two ways:
 *
 * - At once: before each segment the ranks combine their proposals (MPI_Allreduce: the
 *   earliest end, any stop), and iteration_end runs at every boundary (local_stop, without it,
 *   is agreed there). One rank, runs without a clock, and iteration_end hooks without
 *   local_stop.
 * - A segment ahead (several ranks, a clock, and no iteration_end hook or one with local_stop):
 *   at each boundary every rank posts one MPI_Iallreduce with its plan of the segment after the
 *   next (forecast at its own pace; the earliest end is taken), whether a clock or want_stop
 *   stops the run at the next boundary, and whether any rank's hooks.local_stop asks for
 *   attention, and completes it at that boundary. There local_stop stops the run, or, with an
 *   iteration_end hook, makes it run (the hook then runs only there and at the boundaries every
 *   rank plans alike: epoch ends, multiples of boundary_every, the iteration limit). A rank waits
 *   only for a rank more than a segment behind, so the colonies of different ranks, whose
 *   iterations cost differently, meet only at epoch ends (the exchange), at the hook's
 *   boundaries and when the run stops. A signal is then acted on one look later (about 0.5 s).
 *   In the last 2 s before a time limit (on any rank's forecast) the plans are agreed at once
 *   again (a lagging rank would otherwise make the run end late).
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

/* At each boundary, before the exchange and the hooks: completes the message posted a segment
 * ago (its wait is booked as wait); *attention: a rank's local_stop asked for the iteration_end
 * hook here (0 when plans are agreed at once). Collective. */
ar_status aco_plan_boundary(aco_engine *e, int *attention);

/* Whether the boundary just reached is one every rank plans alike (an epoch end, a multiple of
 * hooks.boundary_every, the iteration limit): with plans agreed a segment ahead, the
 * iteration_end hook runs there, and elsewhere only when aco_plan_boundary asks. */
int aco_plan_fixed_boundary(const aco_engine *e);

/* Before each segment: *stop (an aco_stop_reason, ACO_STOP_NONE to go on) and, when going on,
 * *end, the iteration at which the segment ends. Collective. */
ar_status aco_plan_next(aco_engine *e, int *stop, int64_t *end);

/* For a segment first .. end - 1: the iteration the other ranks must reach before this rank
 * passes the boundary at `end` (end where the ranks meet there: plans agreed at once, an epoch
 * end, a multiple of boundary_every, the iteration limit; first where they are agreed a segment
 * ahead). */
int64_t aco_plan_meet(const aco_engine *e, int64_t first, int64_t end);

/* When the run has stopped: completes a message still posted and frees the duplicate. */
ar_status aco_plan_finish(aco_engine *e);

/* hooks.local_stop on this rank (0 without the hook). */
int aco_plan_local_stop(aco_engine *e);

#endif
