/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_keep: what a run keeps in its checkpoint folder besides checkpoints: values computed before
 * the search that a restart need not compute again (the tour kind's lower bound of a network
 * imported with --no-bound, minutes for millions of nodes), docs/checkpoint.md.
 *
 * A kept value is a small text file DIR/kept-NAME-XXXXXXXX.txt (XXXXXXXX: the CRC-32 of the input
 * checksum, so that the values of several inputs may share a folder): a comment, the input
 * checksum, the caller's `key = value` lines, and last a CRC-32 of everything above it. Rank 0
 * writes it atomically (NAME.tmp, fsync, rename, fsync of the folder) and reads it; every rank
 * receives the text. A file whose CRC or input checksum does not hold is ignored with a note.
 */
#ifndef AR_CKPT_KEEP_H
#define AR_CKPT_KEEP_H

#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#include "ar_error.h"

enum { CKPT_KEEP_TEXT_MAX = 2048 };

/* The kept file of NAME for this input in dir. AR_ERR_USAGE when the path is too long. */
ar_status ckpt_keep_path(char *buf, size_t cap, const char *dir, const char *name,
                         const char *input_checksum);

/* 1 when the file name (no folder) is one that ckpt_keep writes (kept-*.txt or its .tmp). */
int ckpt_keep_is_name(const char *name);

/* Collective. *found = 1 and text (the caller's lines, at most cap bytes) when dir keeps NAME for
 * this input and the file is sound; *found = 0 when it does not (a damaged or foreign file is
 * ignored with a note on `report`, rank 0, may be NULL). Fails only when MPI does. */
ar_status ckpt_keep_read(const char *dir, const char *name, const char *input_checksum, char *text,
                         size_t cap, int *found, FILE *report, MPI_Comm comm);

/* Collective: rank 0 writes text (`key = value` lines, at most CKPT_KEEP_TEXT_MAX bytes) as NAME
 * for this input. AR_ERR_IO naming the file when it cannot be written (nothing is left behind;
 * the caller may go on: only a restart pays for it). */
ar_status ckpt_keep_write(const char *dir, const char *name, const char *input_checksum,
                          const char *text, MPI_Comm comm);

#endif
