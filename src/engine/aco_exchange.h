/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_exchange: what the ranks of a run do together at epoch ends (the meeting of the colonies:
 * global best by an allreduce on (cost, colony), one broadcast from the winner, migration,
 * sharing) and at the end of a run (the records gathered on rank 0). Internal to src/engine. */
#ifndef AR_ACO_EXCHANGE_H
#define AR_ACO_EXCHANGE_H

#include "aco_engine_state.h"

/* Collective. The epoch-end exchange and its record. AR_ERR_MPI, AR_ERR_NOMEM. */
ar_status aco_exchange_epoch(aco_engine *e);
/* Collective. Every colony's best per epoch into e->colony_best on rank 0. AR_ERR_MPI,
 * AR_ERR_NOMEM. */
ar_status aco_exchange_gather_records(aco_engine *e);

/* Makes room for records of at least epochs + 1 epoch ends (keeping those recorded), growing by
 * doubling: for the exchange and for a restore from a checkpoint. AR_ERR_NOMEM. */
ar_status aco_exchange_reserve_records(aco_engine *e, int64_t epochs);

#endif
