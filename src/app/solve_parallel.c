/* solve_parallel: binding, binding report, timers and sharing options of solve. */
#include "solve_parallel.h"

#include <string.h>

#include "aco_engine.h"
#include "cli_bind.h"
#include "timer.h"

ar_status solve_parallel_setup(const param_set *ps) {
  timer_enable(strcmp(param_str(ps, "timers"), "yes") == 0);
  return cli_bind(param_str(ps, "bind"), param_flag(ps, "report-binding"));
}

void solve_parallel_params(const param_set *ps, aco_params *par) {
  par->share_every = param_int(ps, "share-every");
  par->share_endpoints = param_flag(ps, "share-endpoints");
}
