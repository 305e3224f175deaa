/* ckpt_resume: what `solve --resume` does before the first iteration.
 *
 *   resume NULL or ""   start fresh (nothing read)
 *   resume "auto"       the newest checkpoint of dir that reads back sound; a damaged one is
 *                       reported on `report` (one line: the file and what is wrong), renamed to
 *                       NAME.damaged so that later runs skip it and rotation keeps the good ones,
 *                       and the previous one is tried; with none left, a line says so and the run
 *                       starts fresh
 *   resume FILE         exactly that file, or fail
 * A checkpoint of another input or with other search parameters is refused (AR_ERR_INPUT, exit
 * status 3) with a message naming what differs, unless force (--resume-force) is set, in which
 * case a warning names the differences and the run continues from it.
 */
#ifndef AR_CKPT_RESUME_H
#define AR_CKPT_RESUME_H

#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#include "ckpt_field.h"

/* Collective over comm. On success *resumed says whether the state was read (then path holds
 * the checkpoint used and state its contents: fields, month, iteration, scalars). Fails with
 * AR_ERR_INPUT (every rank, same message) for a refused or, with resume FILE, missing or damaged
 * checkpoint; AR_ERR_IO when dir cannot be read. */
ar_status ckpt_resume(const char *resume, const char *dir, int force, ckpt_state *state,
                      MPI_Comm comm, FILE *report, char *path, size_t cap, int *resumed);

#endif
