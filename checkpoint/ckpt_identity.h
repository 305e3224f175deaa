/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_identity: which run a checkpoint file belongs to, for the files a run may remove.
 *
 * A run's identity is what ckpt_match compares on resume: the input checksum and the search
 * parameters. Its short form (an id) is the CRC-32 of both. Rotation (--keep), the clean-up of
 * interrupted writes and making room on a full disk touch only files of the run's own id
 * (docs/checkpoint.md): a final checkpoint's id is read from its root attributes, a temporary
 * file's from its name (ckpt-N.h5.XXXXXXXX.tmp, ckpt_dir.h), else from its attributes if they can
 * be read.
 */
#ifndef AR_CKPT_IDENTITY_H
#define AR_CKPT_IDENTITY_H

#include <stdint.h>

/* The id of a run (or of a checkpoint) with this input checksum and these search parameters
 * (NULL counts as ""). */
uint32_t ckpt_identity(const char *input_checksum, const char *search_parameters);

/* Rank 0 (serial HDF5): 1 and *id when path is a regular file whose root attributes
 * input_checksum and search_parameters can be read (whatever else is wrong with it), else 0.
 * Never fails. */
int ckpt_identity_read(const char *path, uint32_t *id);

#endif
