/* ckpt_options: the checkpoint options of `antroute solve`.
 *
 * solve's parameter table includes them with CKPT_PARAM_DEFS (none is PARAM_SEARCH: they may
 * change between a run and its restart), and reads them with ckpt_options_get().
 */
#ifndef AR_CKPT_OPTIONS_H
#define AR_CKPT_OPTIONS_H

#include <stdint.h>

#include "ar_error.h"
#include "param.h"

/* Entries for a param_def table (append to solve's table). */
/* clang-format off */
#define CKPT_PARAM_DEFS                                                                            \
  {"checkpoint-dir", 0, PARAM_STRING, NULL, NULL, 1, 0, "DIR",                                     \
   "write checkpoints into DIR (at every epoch end; none when not given)", 0},                     \
  {"checkpoint-every", 0, PARAM_INT, "0", NULL, 0, 1e12, "N",                                      \
   "also checkpoint every N iterations (0: off)", 0},                                              \
  {"checkpoint-seconds", 0, PARAM_REAL, "0", NULL, 0, 1e9, "S",                                    \
   "also checkpoint when S seconds have passed since the last one (0: off)", 0},                   \
  {"keep", 0, PARAM_INT, "2", NULL, 1, 1000000, "N", "keep the N newest checkpoints", 0},          \
  {"resume", 0, PARAM_STRING, NULL, NULL, 1, 0, "auto|FILE",                                       \
   "continue from the newest sound checkpoint of --checkpoint-dir (auto: start fresh if there "    \
   "is none) or from FILE", 0},                                                                    \
  {"resume-force", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,                                          \
   "resume even if the input file or the search parameters differ from the checkpoint's", 0},     \
  {"max-hours", 0, PARAM_REAL, "0", NULL, 0, 1e6, "H",                                             \
   "checkpoint and exit with status 75 before H hours have passed (and before "                    \
   "SLURM_JOB_END_TIME under Slurm; 0: no limit)", 0}
/* clang-format on */

typedef struct {
  const char *dir;          /* NULL: no checkpoints */
  int64_t every_iterations; /* 0: off */
  double every_seconds;     /* 0: off */
  int keep;
  const char *resume; /* NULL, "auto" or a file */
  int force;
  double max_hours; /* 0: none */
} ckpt_options;

/* Reads the options from a parsed parameter set whose table includes CKPT_PARAM_DEFS.
 * AR_ERR_USAGE for contradictions (--resume auto, --checkpoint-every, --checkpoint-seconds or
 * --max-hours without --checkpoint-dir). --resume FILE alone reads FILE and writes no
 * checkpoint (so that resuming from an old checkpoint never rotates newer ones away). */
ar_status ckpt_options_get(const param_set *ps, ckpt_options *opt);

#endif
