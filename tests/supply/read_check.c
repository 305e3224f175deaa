/* SPDX-License-Identifier: BSD-3-Clause */
/* supply_read_check FILE.h5: reads a supply-chain network with h5net_supply_read() on every rank
 * and exits with antroute's exit code, printing the error message (for the bad-HDF5 tests). */
#include <mpi.h>
#include <stdio.h>

#include "h5net_supply.h"
#include "h5u.h"

int main(int argc, char **argv) {
  if (MPI_Init(&argc, &argv) != MPI_SUCCESS) return 1;
  h5u_init();
  ar_status st = AR_ERR_USAGE;
  if (argc != 2) {
    fprintf(stderr, "usage: supply_read_check FILE.h5\n");
  } else {
    supply_net net;
    st = h5net_supply_read(argv[1], MPI_COMM_WORLD, &net);
    if (st == AR_OK) {
      printf("ok: %d orders\n", net.n_orders);
      supply_net_free(&net);
    } else {
      fprintf(stderr, "error: %s\n", ar_error_message());
    }
  }
  MPI_Finalize();
  return ar_exit_code(st);
}
