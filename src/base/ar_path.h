/* ar_path: does a command's output name one of its inputs? No command writes over its own
 * inputs: each compares its outputs with its inputs before any work (docs/cli.md).
 *
 * Files are compared by device and inode, so symbolic links, hard links and spellings such as
 * ./a or d/../a are seen through. An output that does not exist yet cannot be an input, but its
 * folder entry can still collide: every output is also compared as the temporary PATH.tmp it is
 * written through (and renamed from), and two outputs may not share a folder entry.
 */
#ifndef AR_PATH_H
#define AR_PATH_H

#include <stddef.h>

#include "ar_error.h"

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

/* AR_ERR_USAGE naming both paths when an output (or its PATH.tmp) is the same file as an input,
 * or two outputs share a folder entry; AR_OK otherwise. Looks at the file system only. */
ar_status ar_outputs_check(const ar_path_role *inputs, int ninputs, const ar_path_role *outputs,
                           int noutputs);

#endif
