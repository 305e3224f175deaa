/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_improve: every improvement of a colony's best in this run (an iteration whose ants, or
 * their merge, beat the colony's best; not a best adopted at an epoch end), with the time it was
 * known on its rank, gathered on rank 0 at the end of the run (results: /improvements). It tells
 * when each colony first reached a quality, on any layout: the epoch records only say what the
 * ranks knew when they met. Internal to src/engine. */
#ifndef AR_ACO_IMPROVE_H
#define AR_ACO_IMPROVE_H

#include "aco_engine_state.h"

/* With the engine (the set-up): room for ACO_IMPROVE_CAP records. AR_ERR_NOMEM. */
ar_status aco_improve_alloc(aco_engine *e);
void aco_improve_free(aco_engine *e);

/* The start of a run: an empty record and the clock's origin (the search's start on this rank). */
void aco_improve_start(aco_engine *e);

/* After the update of colony c's iteration `iteration` began (aco_colony_update_begin): records
 * it when the colony's best improved there (beyond ACO_IMPROVE_CAP only counts it). Any thread:
 * each takes its slot atomically. */
void aco_improve_note(aco_engine *e, const aco_colony *c, int64_t iteration);

/* Collective, at the end of a run: rank 0 gets every rank's records in e->improvements_all,
 * ordered by (iteration, colony), times on rank 0's clock (ranks convert by the wall clock: on one
 * node exact, across nodes as close as their clocks are); every rank the totals (kept, dropped)
 * and rank 0's start. AR_ERR_MPI, AR_ERR_NOMEM. */
ar_status aco_improve_gather(aco_engine *e);

#endif
