/* ckpt_options: solve's checkpoint options, read from its parameter set and checked. */
#include "ckpt_options.h"

#include <string.h>

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
