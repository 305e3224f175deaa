/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_find: the candidate checkpoints of a directory, all ranks agreeing.
 *
 * Rank 0 scans the directory and broadcasts the candidates (final names, newest first); the
 * ranks then check them together. Leftover .tmp files (interrupted writes) are never candidates;
 * they are reported on `report` (rank 0, one line each; report may be NULL).
 */
#ifndef AR_CKPT_FIND_H
#define AR_CKPT_FIND_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ar_error.h"

/* Collective. The sequence numbers of the final checkpoints of dir, newest first, the same on
 * every rank (*seqs malloc'ed, free it; *n may be 0, also for a missing directory). Reports the
 * .tmp files on `report` (rank 0; the next checkpoint write removes them). Fails (the same status
 * on every rank): AR_ERR_NOMEM, AR_ERR_IO when dir cannot be read, AR_ERR_MPI. */
ar_status ckpt_find_candidates(const char *dir, MPI_Comm comm, FILE *report, int64_t **seqs,
                               int *n);

#endif
