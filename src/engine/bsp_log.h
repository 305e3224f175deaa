/* SPDX-License-Identifier: BSD-3-Clause */
/* bsp_log: the BSP cost of a run per epoch and rank, gathered on rank 0.
 *
 * Each epoch of the engine leaves, on every rank, a row (w, comm, sync, io) in seconds (see
 * aco_engine.h, ACO_BSP_*): compute w = construction + local search + trail update,
 * communication h*g = best exchange + pheromone sharing, synchronisation l = waiting for the other
 * ranks at the epoch's boundaries and its end, I/O = the boundary hooks (progress, checkpoints).
 * bsp_log_append() gathers them from every rank after a run (supply-chain runs append one engine
 * per month), together with each rank's phase totals. io/results/h5res_bsp.c writes the /bsp group;
 * bsp_log_print() prints the short table naming the slowest rank.
 *
 * Imbalance: a rank that finishes its segments early waits for the others (its sync l);
 * per epoch w_max / w_mean - 1 says how much longer the slowest rank worked than the average.
 * When the colonies do not divide evenly over the ranks, part of it is certain beforehand
 * (bsp_log_block_imbalance): the remedy is a multiple of the ranks (antroute advise --colonies).
 */
#ifndef AR_BSP_LOG_H
#define AR_BSP_LOG_H

#include <stdio.h>

#include "aco_engine.h"

typedef struct {
  int ranks;
  int32_t colonies; /* of the engines appended: with `ranks`, the colony blocks */
  int64_t epochs, cap;
  double *rows;   /* rank 0: [epochs][ranks][ACO_BSP_FIELDS] */
  double *timers; /* rank 0: [ranks][TIMER_COUNT], summed over the appended engines */
  double ant_busy, ant_capacity; /* all ranks: thread-seconds in ants, wall x threads of the loop */
  int64_t *pool_ants;            /* rank 0: [ranks][2] aco_engine_info.pool_ants, summed likewise */
} bsp_log;

/* Empty log for `ranks` ranks (the size of the engine's communicator). */
void bsp_log_init(bsp_log *b, int ranks);

/* Collective over e->comm: appends e's epochs (every rank's rows) to the log on rank 0. Does
 * nothing (AR_OK) when the timers are off. AR_ERR_NOMEM, AR_ERR_MPI; the same status on every
 * rank. */
ar_status bsp_log_append(bsp_log *b, const aco_engine *e);

/* Rank 0: a table per phase (mean and max over ranks), the BSP totals and the slowest rank, the
 * rank that waited longest at epoch ends, and what uneven colony blocks cost. */
void bsp_log_print(const bsp_log *b, FILE *out);

/* The imbalance that the colony blocks alone cause: the largest block over the mean block,
 * minus 1 (0 when the ranks divide the colonies evenly). */
double bsp_log_block_imbalance(int32_t colonies, int ranks);

void bsp_log_free(bsp_log *b);

#endif
