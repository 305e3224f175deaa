/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_write: one checkpoint file, written by all ranks together.
 *
 * Protocol (all ranks of comm call it at the same iteration boundary with the same state shape):
 *   1. rank 0 creates DIR if needed and picks the next sequence number seq;
 *   2. DIR/ckpt-<seq>.h5.tmp is created through the MPI-IO driver; root attributes are written
 *      (format, format_version, tool_version, created, parameters, input_checksum,
 *      search_parameters, epoch, iteration, the parts' scalars, sequence, written_by_ranks);
 *   3. every field becomes a contiguous dataset written with one collective transfer (each rank
 *      its hyperslab of a distributed field; rank 0 a replicated one) and gets a `crc32`
 *      attribute (CRC-32 of the whole dataset in global order, see ckpt_crc.h) and a
 *      `distributed` attribute (1 or 0);
 *   4. the root attribute `complete` = 1 is written last; the file is flushed (MPI_File_sync)
 *      and closed; every rank agrees that all went well (a barrier);
 *   5. rank 0 renames it to DIR/ckpt-<seq>.h5, fsyncs DIR, and removes all but the `keep`
 *      newest checkpoints (and stale .tmp files).
 * A failure on any rank (full disk, ...) is agreed by all ranks: the .tmp file is removed, the
 * previous checkpoints are untouched, and every rank returns the same status (AR_ERR_IO for a
 * file-system error) with the failing rank's message.
 */
#ifndef AR_CKPT_WRITE_H
#define AR_CKPT_WRITE_H

#include <mpi.h>
#include <stdint.h>

#include "ckpt_field.h"
#include "h5u.h"

typedef struct {
  char path[H5U_PATH_MAX]; /* the checkpoint written */
  int64_t seq;
  uint64_t bytes;          /* data bytes of all fields (the file is a little larger: metadata) */
  double seconds;          /* wall time of the whole call on this rank, rotation included */
  double seconds_in_place; /* ... until the checkpoint was renamed into place (the rest is the
                              removal of old checkpoints by rank 0) */
  int rotate_error;        /* 1: the checkpoint is in place but an old one could not be removed */
  char warning[512];       /* rank 0: why (empty when rotate_error is 0) */
} ckpt_write_info;

/* Collective over comm. Writes the state into a new checkpoint in dir, keeping the `keep` newest.
 * info may be NULL. On failure, nothing under a final checkpoint name has changed. */
ar_status ckpt_write(const char *dir, int keep, const ckpt_state *state, MPI_Comm comm,
                     ckpt_write_info *info);

#endif
