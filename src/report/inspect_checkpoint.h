/* SPDX-License-Identifier: BSD-3-Clause */
/* inspect_checkpoint: `antroute inspect CHECKPOINT.h5`: where the run was, what the file holds, and
 * whether every dataset still matches its CRC-32 (docs/checkpoint.md). */
#ifndef AR_INSPECT_CHECKPOINT_H
#define AR_INSPECT_CHECKPOINT_H

#include <hdf5.h>
#include <stdio.h>

#include "ar_error.h"

/* AR_ERR_INPUT naming the file and the dataset when the header or a CRC does not match,
 * AR_ERR_HDF5, AR_ERR_NOMEM. */
ar_status inspect_checkpoint(hid_t file, FILE *out);

#endif
