/* SPDX-License-Identifier: BSD-3-Clause */
/* inspect: the summary of any antroute file for `antroute inspect`, by its format (network,
 * results, checkpoint); the kinds' parts come from the file's wing, which src/app finds. */
#ifndef AR_INSPECT_H
#define AR_INSPECT_H

#include <hdf5.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ar_error.h"
#include "wing.h"

/* Reads the root `format` and `format_version`; results and checkpoints must have a version >= 1
 * (their readers say more), a network's header is judged with its wing (app_wing_network).
 * AR_ERR_INPUT naming the file. */
ar_status inspect_header(hid_t file, char *format, size_t cap, int64_t *version);

/* Dispatches on the root `format` attribute; w is the file's wing (NULL for a checkpoint).
 * AR_ERR_INPUT for an unknown format, else as the summaries say. */
ar_status inspect_summary(hid_t file, const char *format, const wing *w, FILE *out);

#endif
