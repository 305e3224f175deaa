/* h5res_hosts: /layout/rank_host, gathered from every rank. */
#include "h5res_hosts.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ar_agree.h"
#include "ar_alloc.h"
#include "h5u.h"

enum { HOST_WIDTH = 256 }; /* POSIX HOST_NAME_MAX is 255 on Linux */

/* This rank's host name, "?" when the system cannot tell. */
static void own_host(char name[HOST_WIDTH]) {
  if (gethostname(name, HOST_WIDTH) != 0) strcpy(name, "?");
  name[HOST_WIDTH - 1] = '\0';
}

ar_status h5res_write_rank_hosts(hid_t layout, MPI_Comm comm) {
  int rank = 0, size = 1;
  if (MPI_Comm_rank(comm, &rank) != MPI_SUCCESS || MPI_Comm_size(comm, &size) != MPI_SUCCESS)
    return ar_fail(AR_ERR_MPI, "cannot query the communicator writing /layout/rank_host");
  char mine[HOST_WIDTH];
  own_host(mine);
  char *all = NULL;
  const char **names = NULL;
  if (rank == 0) {
    all = ar_alloc_array((size_t)size, HOST_WIDTH);
    names = ar_alloc_array((size_t)size, sizeof *names);
  }
  ar_status st = ar_agree(comm, rank == 0 && (!all || !names)
                                    ? ar_fail(AR_ERR_NOMEM, "out of memory for /layout/rank_host")
                                    : AR_OK);
  if (st == AR_OK &&
      MPI_Gather(mine, HOST_WIDTH, MPI_CHAR, all, HOST_WIDTH, MPI_CHAR, 0, comm) != MPI_SUCCESS)
    st = ar_fail(AR_ERR_MPI, "MPI_Gather of the host names for /layout/rank_host failed");
  if (st == AR_OK && rank == 0)
    for (int r = 0; r < size; r++)
      names[r] = all + (size_t)r * HOST_WIDTH;
  if (st == AR_OK)
    st = h5u_write_strings(layout, "rank_host", rank == 0 ? names : NULL, (hsize_t)size,
                           "the host (gethostname) each MPI rank ran on");
  ar_free(names);
  ar_free(all);
  return st;
}
