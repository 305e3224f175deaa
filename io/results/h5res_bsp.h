/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_bsp: the /bsp group of a results file (docs/formats.md, "BSP cost per epoch").
 *
 *   /bsp/w_max, w_mean   float64 [E]  compute seconds per epoch: max and mean over ranks
 *   /bsp/comm            float64 [E]  communication (exchange + sharing), max over ranks
 *   /bsp/sync            float64 [E]  waiting for the other ranks, max over ranks
 *   /bsp/io              float64 [E]  boundary hooks (progress, checkpoints), max over ranks
 *   /bsp/imbalance       float64 [E]  w_max / w_mean - 1
 *   /bsp/rank_w          float64 [E][R] compute seconds of each rank in each epoch
 *   /bsp/rank_sync       float64 [E][R] seconds each rank waited for the others
 *   /bsp/rank_timers     float64 [R][T] each rank's seconds per named timer; the group
 *                        attribute timer_names lists the T columns (comma separated)
 *   attributes ranks, epochs, colonies, slowest_rank (the rank with the largest total w),
 *                        imbalance (sum of w_max / sum of w_mean - 1), block_imbalance (what the
 *                        colony blocks alone cause: largest block / mean block - 1),
 *                        team_efficiency (busy thread-seconds in ants and updates / (segment
 *                        wall x threads), over all ranks: what the team loses to waiting)
 *
 * With epoch_split (tours), also /epochs/rank_seconds float64 [E][R][4] (the rows above, with
 * the attribute columns = "compute,communication,sync,io"), which `antroute report` draws.
 *
 * Supply-chain runs append the epochs of every month in month order. Collective on the file's
 * communicator; rank 0's log is written. Nothing is written when the log is empty (timers off).
 * Failures: AR_ERR_HDF5/AR_ERR_IO naming the file and dataset, AR_ERR_NOMEM.
 */
#ifndef AR_H5RES_BSP_H
#define AR_H5RES_BSP_H

#include <hdf5.h>

#include "bsp_log.h"

/* Writes /bsp collectively (epoch_split: the per-epoch split goes to /epochs too).
 * AR_ERR_IO/AR_ERR_HDF5 naming the file and the dataset, AR_ERR_NOMEM, AR_ERR_MPI; the same status
 * on every rank. */
ar_status h5res_bsp_write(hid_t file, const bsp_log *b, MPI_Comm comm, int epoch_split);

#endif
