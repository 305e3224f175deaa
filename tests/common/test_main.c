/* SPDX-License-Identifier: BSD-3-Clause */
/* test_main: runs the unit test's test_run() between MPI_Init and MPI_Finalize and turns its
 * failure count into the exit status. Tests use the CHECK macros of test_util.h. A test that ran
 * no check on any rank fails: it would pass whatever the code does (return 77 to skip). */
#include <mpi.h>
#include <stdio.h>

#include "h5u.h"
#include "test_util.h"

int test_failures = 0;
int test_checks = 0;

int main(int argc, char **argv) {
  int provided = 0;
  if (MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS) return 1;
  h5u_init();
  int rc = test_run(argc, argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int local[2] = {test_failures, test_checks}, total[2] = {0, 0};
  if (MPI_Allreduce(local, total, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD) != MPI_SUCCESS) return 1;
  if (rank == 0) printf("%d checks, %d failed\n", test_checks, total[0]);
  if (rank == 0 && rc != 77 && total[1] == 0)
    fprintf(stderr,
            "FAILED: this test ran no check (a test that checks nothing passes anything)\n");
  MPI_Finalize();
  if (rc == 77) return 77;
  return total[0] == 0 && total[1] > 0 && rc == 0 ? 0 : 1;
}
