/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_header: is the root of a checkpoint to be trusted? Every reader of checkpoints
 * (ckpt_verify for the pick, ckpt_read, inspect) judges it here, in one order. */
#ifndef AR_CKPT_HEADER_H
#define AR_CKPT_HEADER_H

#include <hdf5.h>

#include "ar_error.h"
#include "ckpt_problem.h"

/* Collective on the file's communicator: the root of an open checkpoint, judged in an order
 * that trusts nothing unchecked: first the header digest (header_crc32 against ckpt_digest(): a
 * changed attribute, type, shape or recorded CRC is damage), then the format and its version
 * (an older or newer version is a MISMATCH only once the digest holds; a file without a digest
 * that claims the current version is damaged), then the `complete` mark. AR_ERR_INPUT naming
 * path and *problem set on failure. */
ar_status ckpt_header_check(hid_t file, const char *path, ckpt_problem *problem);

#endif
