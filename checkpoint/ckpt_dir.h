/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_dir: the checkpoint files of a directory: names, scan, rotation, moving damaged ones aside.
 *
 * Names: DIR/ckpt-<seq>.h5 with seq zero-padded to CKPT_SEQ_DIGITS digits (more digits when it
 * grows), increasing by one per checkpoint. DIR/ckpt-<seq>.h5.<id>.tmp is a checkpoint being
 * written (or whose write was interrupted) by the run of that id (8 hex digits, ckpt_identity.h;
 * DIR/ckpt-<seq>.h5.tmp, without one, was written by an antroute before 0.3),
 * DIR/ckpt-<seq>.h5.damaged one that failed validation on resume and was moved aside for
 * inspection. Rotation and clean-up remove only files of the run's own id. DIR/antroute.lock
 * (ckpt_lock.h) and DIR/kept-*.txt (ckpt_keep.h) belong to the folder too; other files in DIR
 * are ignored.
 *
 * Only ckpt_dir_prepare() is collective; the others are called by rank 0 alone.
 */
#ifndef AR_CKPT_DIR_H
#define AR_CKPT_DIR_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "ar_error.h"

enum { CKPT_SEQ_DIGITS = 6 };

typedef enum { CKPT_FILE_FINAL, CKPT_FILE_TMP, CKPT_FILE_DAMAGED } ckpt_file_kind;

typedef struct {
  int64_t seq;
  ckpt_file_kind kind;
  int tagged;   /* a .tmp whose name says which run wrote it */
  uint32_t tag; /* that run's id (ckpt_identity) */
} ckpt_dir_entry;

typedef struct {
  ckpt_dir_entry *entries; /* sorted by seq, then kind */
  int n;
} ckpt_dir_list;

/* DIR/ckpt-<seq>.h5 (plus ".tmp" or ".damaged" for those kinds). AR_ERR_USAGE if too long. */
ar_status ckpt_dir_path(char *buf, size_t cap, const char *dir, int64_t seq, ckpt_file_kind kind);

/* DIR/ckpt-<seq>.h5.<id>.tmp: the temporary file of a checkpoint written by the run of that id.
 * AR_ERR_USAGE if too long. */
ar_status ckpt_dir_tmp_path(char *buf, size_t cap, const char *dir, int64_t seq, uint32_t id);

/* The path of a listed entry (its tag included). AR_ERR_USAGE if too long. */
ar_status ckpt_dir_entry_path(char *buf, size_t cap, const char *dir, const ckpt_dir_entry *e);

/* Parses a file name (no directory): 1 and *seq, *kind for a checkpoint name, else 0. */
int ckpt_dir_parse_name(const char *name, int64_t *seq, ckpt_file_kind *kind);

/* The same, with the tag of a temporary file (*tagged = 0 when it has none). */
int ckpt_dir_parse_entry(const char *name, ckpt_dir_entry *e);

/* 1 when path is an entry of dir (lexically or after resolving symbolic links) under a
 * checkpoint's name, or the folder's lock file or a kept value: a file the checkpoints of dir may
 * overwrite, rotate away or move aside. */
int ckpt_dir_owns(const char *dir, const char *path);

/* Lists the checkpoint files of dir. A missing directory is an empty list; an unreadable one is
 * AR_ERR_IO. Free with ckpt_dir_list_free(). */
ar_status ckpt_dir_scan(const char *dir, ckpt_dir_list *list);
void ckpt_dir_list_free(ckpt_dir_list *list);

/* The sequence number for the next checkpoint: one more than any name in the list (final,
 * temporary or damaged), 1 for an empty list. */
int64_t ckpt_dir_next_seq(const ckpt_dir_list *list);

/* Collective: rank 0 creates dir (and missing parents) if it does not exist; every rank learns
 * the outcome. AR_ERR_IO naming the directory on failure. */
ar_status ckpt_dir_prepare(const char *dir, MPI_Comm comm);

/* Collective: rank 0 creates dir (as ckpt_dir_prepare) and proves that a file can be created in
 * it (a probe file, removed at once: permissions, a read-only or full file system, a path through
 * a regular file); every rank learns the outcome. AR_ERR_IO "checkpoint folder DIR cannot be
 * written: why" (before the search, so that no run goes on without the checkpoints it asked
 * for). */
ar_status ckpt_dir_probe(const char *dir, MPI_Comm comm);

/* Rank 0. The bytes free for an unprivileged writer on dir's file system (UINT64_MAX when it
 * cannot be asked). */
uint64_t ckpt_dir_free_bytes(const char *dir);

/* Rank 0. Makes room for a checkpoint of `need` bytes when the file system has less free: removes
 * leftover .tmp files of the run `own` (ckpt_identity), then its oldest final checkpoints as long
 * as more than max(keep - 1, 1) of them remain; those are the ones the write would remove after
 * succeeding anyway, and its newest one is always kept. Other runs' files are never touched.
 * *free_after receives the bytes free afterwards. AR_ERR_IO naming a file that could not be
 * removed. */
ar_status ckpt_dir_make_room(const char *dir, int keep, uint64_t need, uint32_t own,
                             uint64_t *free_after);

/* Rank 0. Keeps the `keep` newest final checkpoints of the run `own` in dir and removes its older
 * ones, and removes its leftover temporary files older than its newest final one. Damaged files
 * and other runs' files are kept. AR_ERR_IO naming the first file that could not be removed (the
 * others are still tried). */
ar_status ckpt_dir_rotate(const char *dir, int keep, uint32_t own);

/* Renames path to path.damaged (so that later scans skip it and rotation keeps the good ones);
 * the new name goes to moved. AR_ERR_IO naming the file when the rename or the directory fsync
 * fails; AR_ERR_USAGE when the new name is too long. */
ar_status ckpt_dir_move_aside(const char *path, char *moved, size_t cap);

#endif
