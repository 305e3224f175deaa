/* SPDX-License-Identifier: BSD-3-Clause */
/* selftest: the steps of `antroute selftest` (cmd_selftest.c), each a command of this program run
 * inside this process on the installed examples.
 *
 * Failures: a step that fails is counted and printed ("FAILED: why"), never returned; only
 * selftest_verdict() turns failed steps into a status (AR_ERR_INTERNAL).
 */
#ifndef AR_SELFTEST_H
#define AR_SELFTEST_H

#include <stdio.h>

#include "ar_error.h"
#include "h5u.h"

typedef struct {
  char examples[H5U_PATH_MAX]; /* the examples folder */
  char dir[H5U_PATH_MAX];      /* the temporary folder the steps work in */
  int keep;                    /* keep dir even when every step passed */
  int steps, failed;
  char why[1024]; /* the last failed command's message */
  FILE *out;      /* the step lines */
} selftest;

/* "X.Y.Z" of this program. */
const char *selftest_version(void);

/* Runs every step in t->dir (linked to the examples as `examples`) and prints a line per step;
 * the commands' own output goes to t->dir/selftest.log. Returns to the current folder after. */
void selftest_run(selftest *t);

/* The summary line; removes t->dir when every step passed (unless t->keep). AR_OK when every
 * step passed, else AR_ERR_INTERNAL naming how many failed and where the log is. */
ar_status selftest_verdict(selftest *t);

#endif
