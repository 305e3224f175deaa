/* SPDX-License-Identifier: BSD-3-Clause */
/* h5res_hosts: where each rank ran, in the layout record of every results file.
 *
 *   /layout/rank_host  fixed-length strings [R]: the host name (gethostname) of each rank
 *
 * Collective over comm, which must be the file's communicator: the names are shared with every
 * rank, and all write the same array. Failures: AR_ERR_MPI (the gather), AR_ERR_NOMEM,
 * AR_ERR_HDF5 naming the file and dataset.
 */
#ifndef AR_H5RES_HOSTS_H
#define AR_H5RES_HOSTS_H

#include <hdf5.h>
#include <mpi.h>

#include "ar_error.h"

/* Writes dataset rank_host into the open group `layout`. AR_ERR_NOMEM, AR_ERR_MPI, or as
 * h5field_write; the same status on every rank. */
ar_status h5res_write_rank_hosts(hid_t layout, MPI_Comm comm);

#endif
