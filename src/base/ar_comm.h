/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_comm: the communicators antroute creates, each with MPI_ERRORS_RETURN.
 *
 * MPI says a new communicator inherits its parent's error handler; these set it again anyway, so
 * that a communicator made from one a library handed us (or a test's) still returns its errors
 * instead of aborting. Each fails with AR_ERR_MPI naming `what` and MPI's own error string, and
 * leaves *out as MPI_COMM_NULL; all are collective over comm, like the MPI calls they wrap.
 */
#ifndef AR_COMM_H
#define AR_COMM_H

#include <mpi.h>

#include "ar_error.h"

/* MPI_Comm_dup. AR_ERR_MPI naming what and MPI's own error string (as the others here). */
ar_status ar_comm_dup(MPI_Comm comm, MPI_Comm *out, const char *what);

/* MPI_Comm_split; a rank passing MPI_UNDEFINED as color gets MPI_COMM_NULL and AR_OK. */
ar_status ar_comm_split(MPI_Comm comm, int color, int key, MPI_Comm *out, const char *what);

/* The ranks of comm that share this node's memory (MPI_Comm_split_type, MPI_COMM_TYPE_SHARED),
 * in comm's rank order. */
ar_status ar_comm_split_node(MPI_Comm comm, MPI_Comm *out, const char *what);

/* This process's rank in comm and comm's size (either pointer may be NULL): MPI_Comm_rank and
 * MPI_Comm_size, checked. */
ar_status ar_comm_rank_size(MPI_Comm comm, int *rank, int *size);
/* MPI_Comm_free unless *comm is MPI_COMM_NULL; *comm becomes MPI_COMM_NULL in every case.
 * AR_ERR_MPI when MPI refuses (the communicator leaks; a caller that already failed keeps its
 * own status). */
ar_status ar_comm_free(MPI_Comm *comm);

#endif
