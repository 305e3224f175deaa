/* SPDX-License-Identifier: BSD-3-Clause */
/* param_file: reading a parameter file strictly, whatever its keys mean (param.c judges them).
 *
 * The whole file is read first: it must be a regular file (refused before it is opened
 * otherwise, ar_path.h) of at most 1 MiB, and text: no NUL byte, no control character but tab
 * and the line ends LF and CR LF. Then it is fed line by line to libinih, counting lines, and
 * every section header is reported as it is met (libinih itself reports no section that holds
 * no key), every key with its section, each with its line number.
 */
#ifndef AR_PARAM_FILE_H
#define AR_PARAM_FILE_H

#include "ar_error.h"

typedef struct {
  /* A section header "[name]" (name as written up to the first ']') at line; returns 0 to go
   * on, else the reading stops with that status (the callback recorded its message). */
  ar_status (*section)(void *ctx, const char *name, int line);
  /* A key of `section` ("" at top level) at line. */
  ar_status (*entry)(void *ctx, const char *section, const char *key, const char *value, int line);
  void *ctx;
} param_file_reader;

/* Reads path and hands its sections and keys to r. Fails with AR_ERR_IO for a missing,
 * unreadable or not regular file, AR_ERR_USAGE "PATH:LINE: ..." for a file that is not text or
 * not INI ("not a 'key = value' line") or too large, and with a callback's status. */
ar_status param_file_read(const char *path, const param_file_reader *r);

/* Edit distance between two names ignoring case, an adjacent swap counting one (for "did you
 * mean"); names of 128 bytes or more count as far apart. */
int param_file_distance(const char *a, const char *b);

/* The name of names[0..n-1] nearest to wanted (param_file_distance) when it is within a typo's
 * reach (at most 2 edits, or a third of wanted's length), else NULL: a mistyped option or
 * command gets "did you mean", a word from elsewhere gets none. Cannot fail. */
const char *param_file_nearest(const char *wanted, const char *const *names, int n);

#endif
