/* ckpt_options: solve's checkpoint options, read from its parameter set and checked. */
#include "ckpt_options.h"

#include <libgen.h>
#include <stdio.h>
#include <string.h>

ar_status ckpt_options_get(const param_set *ps, ckpt_options *opt, char *dir_buf, size_t cap) {
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
  if (!opt->dir && opt->resume) {
    char copy[4096];
    snprintf(copy, sizeof copy, "%s", opt->resume);
    snprintf(dir_buf, cap, "%s", dirname(copy));
    opt->dir = dir_buf;
  }
  if (!opt->dir && (opt->every_iterations > 0 || opt->every_seconds > 0))
    return ar_fail(AR_ERR_USAGE, "--checkpoint-every and --checkpoint-seconds need "
                                 "--checkpoint-dir DIR");
  return AR_OK;
}
