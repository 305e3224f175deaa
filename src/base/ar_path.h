/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_path: what a command may read and write (docs/cli.md, "Every command").
 *
 * Inputs are regular files: a directory, FIFO, device or socket named as an input is refused
 * before it is opened (opening a FIFO without a writer would wait forever), status AR_ERR_IO.
 *
 * An output is a regular file or nothing: a path that does not exist, or a regular file, is
 * written through PATH.tmp and renamed; a symbolic link is followed and its final target written
 * that way (in the target's folder, the link kept); a directory, FIFO, device or socket (and a
 * PATH.tmp that is not a regular file) is refused with AR_ERR_USAGE naming it. Nothing is ever
 * renamed over anything but a regular file.
 *
 * No command writes over its own inputs: each compares its outputs with its inputs before any
 * work.
 *
 * Files are compared by device and inode, so symbolic links, hard links and spellings such as
 * ./a or d/../a are seen through. An output that does not exist yet cannot be an input, but its
 * folder entry can still collide: every output is also compared as the temporary PATH.tmp it is
 * written through (and renamed from), and two outputs may not share a folder entry.
 */
#ifndef AR_PATH_H
#define AR_PATH_H

#include <stddef.h>
#include <sys/types.h>

#include "ar_error.h"

enum { AR_PATH_CAP = 4096 };

/* The folder for temporary files: $TMPDIR when it is set and not empty, else /tmp. */
const char *ar_path_tmp_dir(void);

/* What a file of this mode is, for messages: "a directory", "a FIFO (named pipe)", "a character
 * device", "a block device", "a socket", "a symbolic link"; NULL for a regular file. */
const char *ar_path_kind(mode_t mode);

/* Opens the input `path` for reading, proving first that it is a regular file (symbolic links
 * followed): its type is looked at before it is opened (O_NONBLOCK too, and again on the open
 * descriptor), so a FIFO or a device is never waited on. *fd: an open blocking descriptor for
 * the caller to close. AR_ERR_IO: "cannot open PATH: why" (missing, no permission), or "PATH is
 * a FIFO (named pipe), not a regular file: antroute reads its inputs from regular files only";
 * `what` ("the plan", may be NULL) is put before PATH. */
ar_status ar_input_open(const char *path, const char *what, int *fd);

/* The same judgement without opening, for readers that open by name (HDF5). Fails as
 * ar_input_open(), without AR_ERR_IO for an open that would fail later. */
ar_status ar_input_check(const char *path, const char *what);

/* Where the output `path` is written, by the rule above: resolved receives path itself (missing
 * or a regular file) or the final target of its symbolic links (a relative link is read from the
 * link's folder). AR_ERR_USAGE naming `what` and path for a directory, FIFO, device or socket (at
 * the path or at the end of its links), for a PATH.tmp of the target that is not a regular file,
 * and for a loop of links; AR_ERR_IO when a link cannot be read. Looks, never writes. */
ar_status ar_output_resolve(const char *path, const char *what, char *resolved, size_t cap);

/* Just before PATH.tmp is renamed onto `path`: AR_OK when path is missing or a regular file (the
 * run replaces it), else AR_ERR_IO naming what it has become. */
ar_status ar_output_replaceable(const char *path);

/* A path and how the user gave it, for messages ("the network file", "-o", "--csv"). A NULL path
 * is skipped. */
typedef struct {
  const char *path;
  const char *what;
} ar_path_role;

/* 1 when a and b name the same existing file (same device and inode), else 0. */
int ar_path_same_file(const char *a, const char *b);

/* 1 when a and b are the same folder entry: the same existing file, or the same name in the
 * same existing folder (compared by device and inode) for names that do not exist yet. */
int ar_path_same_entry(const char *a, const char *b);

/* 1 when path is an entry of folder dir (compared by device and inode): as written when
 * resolve is 0, where it really is after resolving symbolic links when resolve is 1 (0 for a
 * path that does not exist). name (cap bytes) receives its file name. A folder that does not
 * exist contains nothing. */
int ar_path_in_dir(const char *path, const char *dir, int resolve, char *name, size_t cap);

/* AR_ERR_USAGE naming the output when it breaks the output rule (ar_output_resolve), or both
 * paths when an output (or the PATH.tmp it is written through, also at the target of a link) is
 * the same file as an input, or two outputs share a folder entry; AR_OK otherwise. Looks at the
 * file system only. */
ar_status ar_outputs_check(const ar_path_role *inputs, int ninputs, const ar_path_role *outputs,
                           int noutputs);

#endif
