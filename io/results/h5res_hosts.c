/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_hosts: /layout/rank_host, gathered from every rank. */
#include "h5res_hosts.h"

#include <string.h>
#include <unistd.h>

#include "ar_agree.h"
#include "ar_alloc.h"
#include "h5field.h"
#include "h5res_fields.h"
#include "h5u.h"

enum { HOST_WIDTH = 256 }; /* POSIX HOST_NAME_MAX is 255 on Linux */

/* This rank's host name, "?" when the system cannot tell. */
static void own_host(char name[HOST_WIDTH]) {
  if (gethostname(name, HOST_WIDTH) != 0) strcpy(name, "?");
  name[HOST_WIDTH - 1] = '\0';
}

ar_status h5res_write_rank_hosts(hid_t layout, MPI_Comm comm) {
  int size = 1;
  ar_status st = ar_mpi_check(MPI_Comm_size(comm, &size),
                              "MPI_Comm_size of the communicator writing /layout/rank_host");
  if (st != AR_OK) return st;
  char mine[HOST_WIDTH];
  own_host(mine);
  /* Every rank holds every name and passes the same array: small datasets written by rank 0
   * alone come out garbled with Open MPI 4.1 and HDF5 1.10. */
  char *all = ar_alloc_array((size_t)size, HOST_WIDTH);
  const char **names = ar_alloc_array((size_t)size, sizeof *names);
  st = ar_agree(comm, !all || !names ? ar_fail(AR_ERR_NOMEM, "out of memory for /layout/rank_host")
                                     : AR_OK);
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Allgather(mine, HOST_WIDTH, MPI_CHAR, all, HOST_WIDTH, MPI_CHAR, comm),
                      "MPI_Allgather of the host names for /layout/rank_host");
  if (st == AR_OK) {
    for (int r = 0; r < size; r++)
      names[r] = all + (size_t)r * HOST_WIDTH;
    hsize_t n = (hsize_t)size;
    st = h5field_write(layout, &h5res_run_fields[H5RES_LAYOUT_RANK_HOST], &n, names);
  }
  ar_free(names);
  ar_free(all);
  return st;
}
