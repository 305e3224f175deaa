/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_share_check_thread_level: endpoint sharing refuses any level below MPI_THREAD_MULTIPLE
 * with a message naming the level, and this MPI provides MULTIPLE to antroute's start-up. */
#include <mpi.h>
#include <string.h>

#include "aco_share.h"
#include "test_util.h"

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  CHECK(aco_share_check_thread_level(MPI_THREAD_MULTIPLE) == AR_OK);
  const int low[] = {MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED};
  const char *name[] = {"MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED", "MPI_THREAD_SERIALIZED"};
  for (int i = 0; i < 3; i++) {
    CHECK(aco_share_check_thread_level(low[i]) == AR_ERR_MPI);
    CHECK(strstr(ar_error_message(), name[i]) != NULL);
    CHECK(strstr(ar_error_message(), "--share-endpoints needs MPI_THREAD_MULTIPLE") != NULL);
  }
  int provided = MPI_THREAD_SINGLE;
  CHECK(MPI_Query_thread(&provided) == MPI_SUCCESS);
  CHECK(provided == MPI_THREAD_MULTIPLE);
  return 0;
}
