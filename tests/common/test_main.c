/* test_main: runs the unit test's test_run() between MPI_Init and MPI_Finalize and turns its
 * failure count into the exit status. Tests use the CHECK macros of test_util.h. */
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
  int local = test_failures, total = 0;
  MPI_Allreduce(&local, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("%d checks, %d failed\n", test_checks, total);
  MPI_Finalize();
  if (rc == 77) return 77;
  return total == 0 && rc == 0 ? 0 : 1;
}
