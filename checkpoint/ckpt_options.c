/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_options: solve's checkpoint options, read from its parameter set and checked. */
#include "ckpt_options.h"

#include <string.h>

const param_def ckpt_param_defs[] = {
    {.name = "checkpoint-dir",
     .type = PARAM_STRING,
     .min = PARAM_UNBOUNDED_MIN,
     .max = PARAM_UNBOUNDED_MAX,
     .arg_name = "DIR",
     .help = "write checkpoints into DIR (at every epoch end; none when not given)",
     .flags = PARAM_OUTPUT},
    {.name = "checkpoint-every",
     .type = PARAM_INT,
     .default_value = "0",
     .min = 0,
     .max = 1e12,
     .arg_name = "N",
     .help = "also checkpoint every N iterations (0: off)"},
    {.name = "checkpoint-seconds",
     .type = PARAM_REAL,
     .default_value = "0",
     .min = 0,
     .max = 1e9,
     .arg_name = "S",
     .help = "also checkpoint when S seconds have passed since the last one (0: off)"},
    {.name = "keep",
     .type = PARAM_INT,
     .default_value = "2",
     .min = 1,
     .max = 1000000,
     .arg_name = "N",
     .help = "keep the N newest checkpoints"},
    {.name = "resume",
     .type = PARAM_STRING,
     .min = PARAM_UNBOUNDED_MIN,
     .max = PARAM_UNBOUNDED_MAX,
     .arg_name = "auto|FILE",
     .help = "continue from the newest sound checkpoint of --checkpoint-dir (auto: start fresh if "
             "there is none) or from FILE",
     .flags = PARAM_OUTPUT},
    {.name = "resume-force",
     .type = PARAM_FLAG,
     .min = PARAM_UNBOUNDED_MIN,
     .max = PARAM_UNBOUNDED_MAX,
     .help = "resume even if the input file or the search parameters differ from the checkpoint's",
     .flags = PARAM_OUTPUT},
    {.name = "max-hours",
     .type = PARAM_REAL,
     .default_value = "0",
     .min = 0,
     .max = 1e6,
     .arg_name = "H",
     .help = "checkpoint and exit with status 75 before H hours have passed (and before "
             "SLURM_JOB_END_TIME under Slurm; 0: no limit)",
     .flags = PARAM_SEGMENT}, /* the Slurm helper computes it at each start */
};
const int ckpt_param_ndefs = (int)(sizeof ckpt_param_defs / sizeof ckpt_param_defs[0]);

ar_status ckpt_options_get(const param_set *ps, ckpt_options *opt) {
  opt->dir = param_str(ps, "checkpoint-dir");
  opt->every_iterations = param_int(ps, "checkpoint-every");
  opt->every_seconds = param_real(ps, "checkpoint-seconds");
  opt->keep = (int)param_int(ps, "keep");
  opt->resume = param_str(ps, "resume");
  opt->force = param_flag(ps, "resume-force");
  opt->max_hours = param_real(ps, "max-hours");
  if (opt->dir && !opt->dir[0]) opt->dir = NULL;
  if (opt->resume && !opt->resume[0]) opt->resume = NULL;
  if (opt->resume && strcmp(opt->resume, "auto") == 0 && !opt->dir)
    return ar_fail(AR_ERR_USAGE, "--resume auto needs --checkpoint-dir DIR (where to look)");
  if (!opt->dir && (opt->every_iterations > 0 || opt->every_seconds > 0))
    return ar_fail(AR_ERR_USAGE, "--checkpoint-every and --checkpoint-seconds need "
                                 "--checkpoint-dir DIR");
  if (!opt->dir && opt->max_hours > 0)
    return ar_fail(AR_ERR_USAGE, "--max-hours needs --checkpoint-dir DIR (where to checkpoint "
                                 "before stopping)");
  return AR_OK;
}
