/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_digest: one CRC-32 over everything a checkpoint says besides its datasets' contents.
 *
 * Covered, in a fixed order (names sorted): every root attribute (its name, type and value; the
 * root attribute header_crc32 that stores the digest excepted), and for every group and dataset
 * its path, for a dataset its type and shape, and every attribute of it (crc32: the checksum of
 * its contents, distributed, description). A checkpoint's datasets are covered by their crc32
 * attributes, and everything else by this digest (stored in header_crc32, docs/checkpoint.md):
 * no byte that decides how a run continues can change unnoticed.
 *
 * The writer computes the digest by reading back the file it is writing, the reader by reading
 * the file it checks, with this one function, so the two cannot disagree on the encoding.
 */
#ifndef AR_CKPT_DIGEST_H
#define AR_CKPT_DIGEST_H

#include <hdf5.h>
#include <stdint.h>

#include "ar_error.h"

#define CKPT_DIGEST_ATTRIBUTE "header_crc32"

/* Collective on the file's communicator (metadata reads only). AR_ERR_INPUT naming path when an
 * attribute cannot be read or is of a kind antroute never writes (not a scalar integer, float
 * or fixed-length string): a damaged file. */
ar_status ckpt_digest(hid_t file, const char *path, uint32_t *crc);

#endif
