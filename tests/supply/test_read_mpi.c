/* SPDX-License-Identifier: BSD-3-Clause */
/* h5net_supply_read on several ranks: every rank reads the file collectively and gets the same
 * network as a serial import of the CSV tables. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "h5net_supply.h"
#include "supply_equal.h"
#include "supply_import.h"
#include "test_util.h"

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char *src = getenv("AR_SOURCE_DIR");
  const char *tmp = getenv("AR_BUILD_DIR");
  char dir[4096], path[4096], why[512] = "";
  snprintf(dir, sizeof dir, "%s/inputs/supply_chain", src ? src : ".");
  snprintf(path, sizeof path, "%s/supply_read_mpi.h5", tmp ? tmp : ".");
  supply_net ref, got;
  ar_status st = supply_import_dir(dir, 0, &ref, NULL);
  CHECK(st == AR_OK);
  if (st != AR_OK) return 0;
  if (rank == 0) CHECK(h5net_supply_write(&ref, path, NULL) == AR_OK);
  MPI_Barrier(MPI_COMM_WORLD);
  st = h5net_supply_read(path, MPI_COMM_WORLD, &got);
  CHECK(st == AR_OK);
  if (st != AR_OK) fprintf(stderr, "[rank %d] %s\n", rank, ar_error_message());
  int same = st == AR_OK && supply_net_equal(&ref, &got, why, sizeof why);
  CHECK(same);
  if (!same) fprintf(stderr, "[rank %d] %s\n", rank, why);
  int all = 0;
  MPI_Allreduce(&same, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (rank == 0)
    printf("%d ranks read %d orders collectively: %s\n", size, got.n_orders,
           all ? "identical" : "DIFFERENT");
  supply_net_free(&got);
  supply_net_free(&ref);
  return 0;
}
