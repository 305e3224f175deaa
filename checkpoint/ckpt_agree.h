/* ckpt_agree: every rank learns the outcome of a step that may have failed on some ranks only.
 *
 * Collective steps of a checkpoint (HDF5 writes through MPI-IO, reads, renames) can fail on one
 * rank (a full disk seen by an aggregator, a damaged block read by one rank) while the others
 * succeed. Before the next collective step every rank must know, so that all take the same path
 * (abort together, or try the previous checkpoint together) and nobody waits forever.
 */
#ifndef AR_CKPT_AGREE_H
#define AR_CKPT_AGREE_H

#include <mpi.h>

#include "ar_error.h"

/* Collective over comm. Returns AR_OK on every rank when st is AR_OK on every rank; otherwise
 * the status of the lowest failing rank, whose message every rank then holds (marked shared, so
 * the driver prints it once). Returns AR_ERR_MPI if the agreement itself fails. */
ar_status ckpt_agree(ar_status st, MPI_Comm comm);

#endif
