/* solve_parallel: binding, binding report, timers and sharing options of solve. */
#include "solve_parallel.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "aco_engine.h"
#include "ar_agree.h"
#include "timer.h"
#include "topo_bind.h"
#include "topo_binding.h"

ar_status solve_parallel_setup(const param_set *ps) {
  timer_enable(strcmp(param_str(ps, "timers"), "yes") == 0);
  const char *bind = param_str(ps, "bind");
  ar_status st = AR_OK;
  if (strcmp(bind, "none") != 0) {
    topo_bind_unit unit = strcmp(bind, "core") == 0 ? TOPO_BIND_CORE
                          : strcmp(bind, "pu") == 0 ? TOPO_BIND_PU
                                                    : TOPO_BIND_AUTO;
    st = ar_agree(MPI_COMM_WORLD, topo_bind_threads(MPI_COMM_WORLD, NULL, unit));
    if (st != AR_OK) return st;
  }
  if (param_flag(ps, "report-binding")) {
    int rank = 0, nwarnings = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    st = topo_binding_report(MPI_COMM_WORLD, rank == 0 ? stdout : NULL, &nwarnings);
    fflush(stdout);
  }
  return st;
}

void solve_parallel_params(const param_set *ps, aco_params *par) {
  par->share_every = param_int(ps, "share-every");
  par->share_endpoints = param_flag(ps, "share-endpoints");
}
