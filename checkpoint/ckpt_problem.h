/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_problem: why a checkpoint cannot be used, as every reader of checkpoints classifies it
 * (a damaged file is moved aside and an older one tried; a sound one of another run is refused). */
#ifndef AR_CKPT_PROBLEM_H
#define AR_CKPT_PROBLEM_H

/* Why a checkpoint could not be used. */
typedef enum {
  CKPT_PROBLEM_NONE = 0,
  CKPT_PROBLEM_MISSING,   /* no such file */
  CKPT_PROBLEM_DAMAGED,   /* not HDF5, truncated, no `complete` mark, unreadable, CRC mismatch */
  CKPT_PROBLEM_MISMATCH,  /* other shapes or another format: a sound file this run must not
                             continue from */
  CKPT_PROBLEM_OTHER_RUN, /* another input or other search parameters: a sound checkpoint of
                             another run (--resume auto passes over it, --resume FILE refuses) */
  CKPT_PROBLEM_OTHER      /* MPI failure, out of memory, ... (not the file's fault) */
} ckpt_problem;

#endif
