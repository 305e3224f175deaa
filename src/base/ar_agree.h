/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_agree: the one way all ranks learn the outcome of a step that may have failed on some ranks.
 *
 * Before the next collective step every rank must know whether any rank failed, so that all take
 * the same path (stop together, or try something else together) and nobody waits forever in a
 * collective the others never reach. Lower layers call ar_agree() where a failure can differ
 * between ranks; the driver prints the agreed message once (rank 0).
 *
 * It also installs MPI_ERRORS_RETURN (ar_mpi_errors_return), so that an MPI failure comes back as
 * a return code that the caller turns into AR_ERR_MPI with a message, never an abort.
 */
#ifndef AR_AGREE_H
#define AR_AGREE_H

#include <mpi.h>

#include "ar_error.h"

/* Collective over comm. Returns AR_OK on every rank when st is AR_OK on every rank; otherwise
 * the status of the lowest failing rank, whose message every rank then holds, prefixed with
 * "rank N: " when N is not 0, and marked shared (so the driver prints it once). Returns AR_ERR_MPI
 * with a message if the agreement itself fails (the ranks may then disagree: MPI is broken). */
ar_status ar_agree(MPI_Comm comm, ar_status st);

/* As ar_agree(), and *tag (a caller-defined detail of the failure, such as the kind of problem
 * a checkpoint has) becomes the lowest failing rank's on every rank. tag is untouched when no
 * rank failed. */
ar_status ar_agree_tagged(MPI_Comm comm, ar_status st, int *tag);

/* Sets MPI_ERRORS_RETURN on comm (MPI_COMM_WORLD at start-up; communicators duplicated from it
 * inherit it). AR_ERR_MPI if MPI refuses. */
ar_status ar_mpi_errors_return(MPI_Comm comm);

/* AR_ERR_MPI with "what failed: MPI's own error string" when rc is not MPI_SUCCESS, else AR_OK:
 * `if ((st = ar_mpi_check(MPI_Bcast(...), "MPI_Bcast of the best tour")) != AR_OK) ...`. */
ar_status ar_mpi_check(int rc, const char *what);

#endif
