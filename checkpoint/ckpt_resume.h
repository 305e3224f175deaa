/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_resume: which checkpoint a run continues from, and reading it (`solve --resume`).
 *
 *   resume NULL or ""   start fresh (nothing read)
 *   resume "auto"       the newest checkpoint of dir that is sound: complete, every dataset's
 *                       CRC-32 right (ckpt_verify), of this input and these search parameters; a
 *                       damaged one is reported on `report` (one line: the file and what is
 *                       wrong), renamed to NAME.damaged (when move_aside) so that later runs skip
 *                       it and rotation keeps the good ones, and the previous one is tried; with
 *                       none left, a line says so and the run starts fresh
 *   resume FILE         exactly that file, or fail
 * A sound checkpoint of another input or with other search parameters is refused (AR_ERR_INPUT,
 * exit status 3) with a message naming what differs, unless force (--resume-force), in which case
 * a warning names the differences and the run continues from it.
 *
 * ckpt_pick() is the one place that decides; everything that looks for a checkpoint to use calls
 * it (ckpt_resume(), ckpt_find(), the solve driver, which reads the parts of a picked checkpoint
 * in two steps).
 */
#ifndef AR_CKPT_RESUME_H
#define AR_CKPT_RESUME_H

#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#include "ckpt_field.h"

typedef struct {
  const char *resume; /* NULL, "", "auto" or a file */
  const char *dir;    /* for auto */
  int force;          /* --resume-force */
  int move_aside;     /* auto: rename damaged candidates to NAME.damaged */
  /* Compared with the candidates' (NULL: not compared). */
  const char *input_checksum;
  const char *search_parameters;
} ckpt_pick_request;

/* Collective over comm. On success *found says whether a checkpoint is to be used (its path in
 * path). Fails with AR_ERR_INPUT (every rank, same message) for a refused checkpoint, and with
 * resume FILE for a missing or damaged one; AR_ERR_USAGE for auto without dir; AR_ERR_IO when dir
 * cannot be read. */
ar_status ckpt_pick(const ckpt_pick_request *req, MPI_Comm comm, FILE *report, char *path,
                    size_t cap, int *found);

/* Collective over comm. ckpt_pick() with the state's match strings (damaged files moved aside),
 * then ckpt_read() of the state from the checkpoint picked: on success *resumed says whether the
 * state was read (then path holds the checkpoint used). Failures as ckpt_pick(), and those of
 * ckpt_read() (AR_ERR_INPUT for a checkpoint whose shapes do not fit this run). */
ar_status ckpt_resume(const char *resume, const char *dir, int force, ckpt_state *state,
                      MPI_Comm comm, FILE *report, char *path, size_t cap, int *resumed);

/* Collective. The newest sound checkpoint of dir in path (*found = 1), or *found = 0 when there
 * is none: ckpt_pick() of "auto" without a match and without moving anything aside (for tests and
 * tools). A damaged candidate is reported on `report` (rank 0: one line naming the file and what
 * is wrong) and skipped. Fails only when the directory cannot be read or MPI fails. */
ar_status ckpt_find(const char *dir, MPI_Comm comm, FILE *report, char *path, size_t cap,
                    int *found);

/* Rank 0 (others return at once): reports a damaged checkpoint on `report` (may be NULL) with
 * the calling thread's message and, when move_aside, renames it to NAME.damaged: "antroute:
 * damaged checkpoint: MESSAGE; moved to NAME.damaged; trying the previous one". */
void ckpt_report_damaged(const char *path, int move_aside, FILE *report, int rank);

#endif
