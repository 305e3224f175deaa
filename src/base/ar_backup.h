/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_backup: an output about to be replaced is kept, renamed as GROMACS does (docs/cli.md).
 *
 * `solve -o r.h5` over an existing r.h5 keeps the old file as `#r.h5.1#` beside it (the next
 * free number: `#r.h5.2#`, ...), so that a replay or a repeated command never loses a result.
 * The old file is hard-linked to its backup name first, so the final name never goes missing:
 * the new file is then renamed over it (where hard links are refused, the old file is renamed).
 */
#ifndef AR_BACKUP_H
#define AR_BACKUP_H

#include <stdio.h>

#include "ar_error.h"

enum { AR_BACKUP_MAX = 99999 }; /* #name.1# ... #name.99999# */

/* When `path` exists, gives it a backup name `DIR/#BASE.N#` (N the lowest free number) and, when
 * `note` is not NULL, prints "backed up PATH to DIR/#BASE.N#" there; path itself is left in place
 * when the file system allows hard links. Nothing when path does not exist. AR_ERR_IO naming the
 * path and why when it cannot be kept (no free number, a read-only folder): the caller must then
 * not replace it. */
ar_status ar_backup_existing(const char *path, FILE *note);

#endif
