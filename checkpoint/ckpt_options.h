/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_options: the checkpoint options of `antroute solve`.
 *
 * solve's parameter table appends ckpt_param_defs (none is PARAM_SEARCH: they may
 * change between a run and its restart), and reads them with ckpt_options_get().
 */
#ifndef AR_CKPT_OPTIONS_H
#define AR_CKPT_OPTIONS_H

#include <stdint.h>

#include "ar_error.h"
#include "param.h"

/* The checkpoint options, declared once here (solve's table appends them). */
extern const param_def ckpt_param_defs[];
extern const int ckpt_param_ndefs;

typedef struct {
  const char *dir;          /* NULL: no checkpoints */
  int64_t every_iterations; /* 0: off */
  double every_seconds;     /* 0: off */
  int keep;
  const char *resume; /* NULL, "auto" or a file */
  int force;
  double max_hours; /* 0: none */
} ckpt_options;

/* Reads the options from a parsed parameter set whose table includes ckpt_param_defs.
 * AR_ERR_USAGE for contradictions (--resume auto, --checkpoint-every, --checkpoint-seconds or
 * --max-hours without --checkpoint-dir). --resume FILE alone reads FILE and writes no
 * checkpoint (so that resuming from an old checkpoint never rotates newer ones away). */
ar_status ckpt_options_get(const param_set *ps, ckpt_options *opt);

#endif
