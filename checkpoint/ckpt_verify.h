/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_verify: checks a checkpoint file without knowing what it holds (for --resume auto's
 * fallback scan, `antroute inspect` and tests).
 *
 * The file must be an antroute checkpoint of a version this antroute reads whose header digest
 * holds (ckpt_header_check), and every dataset must carry a `crc32` attribute equal to the
 * CRC-32 of its bytes. The datasets' rows are split over the ranks of comm and read in pieces of
 * bounded size, so verifying costs one parallel read of the file and little memory.
 */
#ifndef AR_CKPT_VERIFY_H
#define AR_CKPT_VERIFY_H

#include <mpi.h>

#include "ckpt_read.h"

/* Collective over comm. AR_OK when the file is sound; otherwise the same status on every rank
 * (AR_ERR_INPUT for the file's problems, AR_ERR_IO when it does not exist) with a message naming
 * the file (and dataset) and what is wrong, and *problem set (DAMAGED, MISMATCH for a newer
 * format, MISSING, OTHER). *datasets (may be NULL) receives the number of datasets checked. */
ar_status ckpt_verify(const char *path, MPI_Comm comm, ckpt_problem *problem, int *datasets);

#endif
