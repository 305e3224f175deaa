/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_input: a checksum of the input network file, recorded in every checkpoint and compared
 * on resume (a checkpoint made from another input is refused).
 *
 * The checksum covers the file's bytes as they are on disk: "crc32:1a2b3c4d size:123456". Rank 0
 * reads the file in 1 MiB pieces (CRC-32 runs at several GB/s, so tens of MB cost a few tens of
 * milliseconds) and broadcasts the text. The same network imported twice gives two files that
 * differ (their `created` attribute), hence two checksums: resume from the file you started with.
 */
#ifndef AR_CKPT_INPUT_H
#define AR_CKPT_INPUT_H

#include <mpi.h>
#include <stddef.h>

#include "ar_error.h"

enum { CKPT_INPUT_CHECKSUM_MAX = 64 };

/* Collective over comm. Writes the checksum text into out (cap >= CKPT_INPUT_CHECKSUM_MAX) on
 * every rank. AR_ERR_IO naming the file when it cannot be read (every rank). */
ar_status ckpt_input_checksum(const char *path, MPI_Comm comm, char *out, size_t cap);

#endif
