/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_backup: GROMACS-style backups of outputs about to be replaced (see ar_backup.h). */
#include "ar_backup.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ar_path.h"

/* DIR/#BASE.N# for path DIR/BASE (BASE alone when path has no folder). */
static int backup_name(const char *path, long n, char *buf, size_t cap) {
  const char *slash = strrchr(path, '/');
  int dir_len = slash ? (int)(slash - path + 1) : 0;
  int len = snprintf(buf, cap, "%.*s#%s.%ld#", dir_len, path, path + dir_len, n);
  return len > 0 && (size_t)len < cap;
}

ar_status ar_backup_existing(const char *path, FILE *note) {
  struct stat sb;
  if (lstat(path, &sb) != 0) {
    if (errno == ENOENT) return AR_OK;
    return ar_fail(AR_ERR_IO, "%s: cannot look at the file to back it up: %s", path,
                   strerror(errno));
  }
  char name[AR_PATH_CAP + 16];
  for (long n = 1; n <= AR_BACKUP_MAX; n++) {
    if (!backup_name(path, n, name, sizeof name))
      return ar_fail(AR_ERR_IO, "%s: the backup name is too long", path);
    /* link() never replaces an existing name: a backup made meanwhile by another run is kept. */
    int done = link(path, name) == 0;
    int why = errno;
    if (!done && why == EEXIST) continue;
    /* A file system without hard links: the old file moves (the name is free a moment). */
    if (!done && (why == EPERM || why == ENOTSUP || why == EXDEV || why == EMLINK)) {
      done = rename(path, name) == 0;
      why = errno;
    }
    if (!done) return ar_fail(AR_ERR_IO, "cannot back up %s to %s: %s", path, name, strerror(why));
    if (note) {
      fprintf(note, "backed up %s to %s\n", path, name);
      fflush(note);
    }
    return AR_OK;
  }
  return ar_fail(AR_ERR_IO, "cannot back up %s: the backup names up to %s are all taken", path,
                 name);
}
