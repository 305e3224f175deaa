/* SPDX-License-Identifier: BSD-3-Clause */
/* cli_bind: thread binding and the binding report, for solve and advise. */
#include "cli_bind.h"

#include <mpi.h>
#include <stdio.h>

#include "ar_agree.h"
#include "topo_bind.h"
#include "topo_binding.h"

ar_status cli_bind(const char *bind_word, int report) {
  ar_status st = topo_bind_by_word(MPI_COMM_WORLD, bind_word);
  if (st != AR_OK || !report) return st;
  int rank = 0;
  st = ar_mpi_check(MPI_Comm_rank(MPI_COMM_WORLD, &rank), "MPI_Comm_rank");
  if (st == AR_OK) st = topo_binding_report(MPI_COMM_WORLD, rank == 0 ? stdout : NULL, NULL);
  fflush(stdout);
  return st;
}
