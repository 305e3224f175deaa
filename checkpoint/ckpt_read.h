/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_read: restores a state from one checkpoint file, on any number of ranks.
 *
 * Every rank reads its own block of colonies (the state's colony_first/colony_count) of every
 * distributed field and the whole of every replicated field, so a checkpoint written by 4 ranks
 * restores on 1, 2 or 3. Each dataset's CRC-32 is recomputed from the blocks read (combined in
 * global order) and compared with the stored one.
 */
#ifndef AR_CKPT_READ_H
#define AR_CKPT_READ_H

#include <mpi.h>
#include <stdio.h>

#include "ckpt_field.h"
#include "ckpt_problem.h"

/* Collective over comm. Reads checkpoint `path` into state: the fields' data of the state's parts
 * (only those: a checkpoint may hold more; shapes and types must be those of the file), epoch,
 * iteration and the parts' scalars (by name). Each part's shape() is called before its fields are
 * read and restore() after all are; a restore() failing with AR_ERR_INPUT marks the file damaged
 * (its checksums hold but its contents contradict each other). Before any data is
 * read the file's input checksum and search parameters are compared with the state's (when
 * those are not NULL): a difference fails with CKPT_PROBLEM_OTHER_RUN, unless force, in which
 * case rank 0 prints a warning on `report` (if not NULL) and the read goes on.
 * On failure every rank returns the same status (AR_ERR_INPUT for the file's problems,
 * AR_ERR_IO for a missing file) and *problem says which kind; the message names the file and
 * what is wrong. The state's data may have been partly overwritten. */
ar_status ckpt_read(const char *path, ckpt_state *state, int force, FILE *report, MPI_Comm comm,
                    ckpt_problem *problem);

/* Collective over comm. Only the header: the file is an antroute checkpoint of this format with
 * its `complete` mark, and (strings not NULL) of this input and these search parameters; a
 * difference fails with CKPT_PROBLEM_OTHER_RUN unless force (then a warning on `report`). The
 * datasets are not read (ckpt_verify checks them). */
ar_status ckpt_match(const char *path, const char *input_checksum, const char *search_parameters,
                     int force, FILE *report, MPI_Comm comm, ckpt_problem *problem);

#endif
