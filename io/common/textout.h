/* SPDX-License-Identifier: BSD-3-Clause */
/* textout: a text output file written by the output rule of ar_path.h (a regular file or
 * nothing: written as PATH.tmp, renamed onto PATH when complete, a link's target written, a
 * directory, FIFO or device refused). A stop signal removes the temporary file meanwhile
 * (ar_signal_tmp_add). For the exports (`antroute export`): .tour, .csv, .json. */
#ifndef AR_TEXTOUT_H
#define AR_TEXTOUT_H

#include <stdio.h>

#include "ar_error.h"
#include "ar_path.h"

typedef struct {
  FILE *f; /* write here between open and close */
  char target[AR_PATH_CAP], tmp[AR_PATH_CAP + 8];
  int slot; /* ar_signal_tmp_add's slot of tmp */
} textout;

/* Opens PATH.tmp of path's target for writing. AR_ERR_USAGE when path breaks the output rule,
 * AR_ERR_IO when the temporary file cannot be created (nothing is left behind). */
ar_status textout_open(textout *t, const char *path);

/* Closes t->f and, when st is AR_OK and every write succeeded, renames the temporary file onto
 * the target; otherwise removes it. Returns st, or AR_ERR_IO (a write, close or rename failed),
 * or AR_ERR_USAGE (the target became something other than a regular file meanwhile). */
ar_status textout_close(textout *t, ar_status st);

#endif
