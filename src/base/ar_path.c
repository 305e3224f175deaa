/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_path: regular inputs, regular outputs, and outputs compared with inputs by device and
 * inode (see ar_path.h). */
#define _XOPEN_SOURCE 700 /* realpath() */
#include "ar_path.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { PATH_CAP = AR_PATH_CAP, LINK_HOPS = 40 };

const char *ar_path_tmp_dir(void) {
  const char *dir = getenv("TMPDIR");
  return dir && dir[0] ? dir : "/tmp";
}

const char *ar_path_kind(mode_t mode) {
  if (S_ISREG(mode)) return NULL;
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "not a regular file";
}

static ar_status not_regular(const char *path, const char *what, mode_t mode) {
  return ar_fail(AR_ERR_IO,
                 "%s%s%s is %s, not a regular file: antroute reads its inputs from regular files "
                 "only",
                 what ? what : "", what ? " " : "", path, ar_path_kind(mode));
}

ar_status ar_input_check(const char *path, const char *what) {
  struct stat sb;
  if (stat(path, &sb) != 0) return ar_fail(AR_ERR_IO, "cannot open %s: %s", path, strerror(errno));
  if (!S_ISREG(sb.st_mode)) return not_regular(path, what, sb.st_mode);
  return AR_OK;
}

ar_status ar_input_open(const char *path, const char *what, int *fd) {
  *fd = -1;
  ar_status st = ar_input_check(path, what);
  if (st != AR_OK) return st;
  /* Non-blocking, in case the name was replaced by a FIFO since: the open then returns at once
   * and fstat says what it is. */
  int f = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (f < 0) return ar_fail(AR_ERR_IO, "cannot open %s: %s", path, strerror(errno));
  struct stat sb;
  if (fstat(f, &sb) != 0) {
    int err = errno;
    close(f);
    return ar_fail(AR_ERR_IO, "cannot stat %s: %s", path, strerror(err));
  }
  if (!S_ISREG(sb.st_mode)) {
    close(f);
    return not_regular(path, what, sb.st_mode);
  }
  int flags = fcntl(f, F_GETFL);
  if (flags < 0 || fcntl(f, F_SETFL, flags & ~O_NONBLOCK) != 0) {
    int err = errno;
    close(f);
    return ar_fail(AR_ERR_IO, "cannot read %s: %s", path, strerror(err));
  }
  *fd = f;
  return AR_OK;
}

/* One step along a symbolic link: the link's target, read relative to the link's folder. */
static ar_status follow_link(const char *link, char *next, size_t cap) {
  char target[PATH_CAP];
  ssize_t n = readlink(link, target, sizeof target - 1);
  if (n < 0)
    return ar_fail(AR_ERR_IO, "cannot read the symbolic link %s: %s", link, strerror(errno));
  target[n] = '\0';
  char copy[PATH_CAP];
  snprintf(copy, sizeof copy, "%s", link);
  const char *dir = dirname(copy);
  int len = target[0] == '/' || strcmp(dir, ".") == 0 ? snprintf(next, cap, "%s", target)
                                                      : snprintf(next, cap, "%s/%s", dir, target);
  if (len < 0 || (size_t)len >= cap)
    return ar_fail(AR_ERR_USAGE, "the symbolic link %s leads to a path too long", link);
  return AR_OK;
}

/* AR_ERR_USAGE for an output that is there and not a regular file. */
static ar_status refuse_kind(const char *what, const char *path, const char *target, mode_t mode) {
  char via[PATH_CAP + 32] = "";
  if (strcmp(path, target) != 0) snprintf(via, sizeof via, " (through links: %s)", target);
  return ar_fail(AR_ERR_USAGE,
                 "%s%s%s%s is %s: antroute writes its outputs only as regular files, never over "
                 "anything else (name a file)",
                 what ? what : "", what ? " " : "", path, via, ar_path_kind(mode));
}

ar_status ar_output_resolve(const char *path, const char *what, char *resolved, size_t cap) {
  char cur[PATH_CAP], next[PATH_CAP];
  snprintf(cur, sizeof cur, "%s", path);
  struct stat sb;
  /* What the links end at, as the kernel sees it: also through the magic links of /proc
   * (/dev/stdout -> /proc/self/fd/1 -> a pipe or a terminal). */
  if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode))
    return refuse_kind(what, path, path, sb.st_mode);
  int hops = 0;
  while (lstat(cur, &sb) == 0 && S_ISLNK(sb.st_mode)) {
    if (++hops > LINK_HOPS)
      return ar_fail(AR_ERR_USAGE, "%s%s%s: too many symbolic links (a loop?)", what ? what : "",
                     what ? " " : "", path);
    ar_status st = follow_link(cur, next, sizeof next);
    if (st != AR_OK) return st;
    snprintf(cur, sizeof cur, "%s", next);
  }
  int exists = lstat(cur, &sb) == 0;
  if (exists && !S_ISREG(sb.st_mode)) return refuse_kind(what, path, cur, sb.st_mode);
  char tmp[PATH_CAP + 8];
  snprintf(tmp, sizeof tmp, "%s.tmp", cur);
  if (lstat(tmp, &sb) == 0 && !S_ISREG(sb.st_mode))
    return ar_fail(AR_ERR_USAGE,
                   "%s%s%s: %s, through which antroute writes it, is %s: remove it or name "
                   "another output",
                   what ? what : "", what ? " " : "", path, tmp, ar_path_kind(sb.st_mode));
  if ((size_t)snprintf(resolved, cap, "%s", cur) >= cap)
    return ar_fail(AR_ERR_USAGE, "output path too long: %s", cur);
  return AR_OK;
}

ar_status ar_output_replaceable(const char *path) {
  struct stat sb;
  if (lstat(path, &sb) != 0 || S_ISREG(sb.st_mode)) return AR_OK;
  return ar_fail(AR_ERR_IO, "%s has become %s while antroute ran: not replaced", path,
                 ar_path_kind(sb.st_mode));
}

static int same_inode(const struct stat *a, const struct stat *b) {
  return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

int ar_path_same_file(const char *a, const char *b) {
  struct stat sa, sb;
  return a && b && stat(a, &sa) == 0 && stat(b, &sb) == 0 && same_inode(&sa, &sb);
}

/* The folder part and the file name of path (copies; dirname/basename may modify). */
static void split(const char *path, char *dir, char *base) {
  char copy[PATH_CAP];
  snprintf(copy, sizeof copy, "%s", path);
  snprintf(dir, PATH_CAP, "%s", dirname(copy));
  snprintf(copy, sizeof copy, "%s", path);
  snprintf(base, PATH_CAP, "%s", basename(copy));
}

int ar_path_same_entry(const char *a, const char *b) {
  if (!a || !b) return 0;
  if (ar_path_same_file(a, b)) return 1;
  struct stat sa, sb;
  if (stat(a, &sa) == 0 || stat(b, &sb) == 0) return 0; /* one exists, the other is not it */
  char da[PATH_CAP], ba[PATH_CAP], db[PATH_CAP], bb[PATH_CAP];
  split(a, da, ba);
  split(b, db, bb);
  return strcmp(ba, bb) == 0 && ar_path_same_file(da, db);
}

int ar_path_in_dir(const char *path, const char *dir, int resolve, char *name, size_t cap) {
  struct stat sd, sf;
  if (!path || !dir || stat(dir, &sd) != 0 || !S_ISDIR(sd.st_mode)) return 0;
  char real[PATH_MAX], folder[PATH_CAP], base[PATH_CAP];
  if (resolve && !realpath(path, real)) return 0;
  split(resolve ? real : path, folder, base);
  if (stat(folder, &sf) != 0 || !same_inode(&sf, &sd)) return 0;
  snprintf(name, cap, "%s", base);
  return 1;
}

static ar_status refuse(const ar_path_role *out, const char *via, const ar_path_role *in) {
  char written[PATH_CAP + 64] = "";
  if (via) snprintf(written, sizeof written, " (written through %s)", via);
  return ar_fail(AR_ERR_USAGE,
                 "%s %s%s and %s %s are the same file: antroute never writes over its own "
                 "inputs (name another output)",
                 out->what, out->path, written, in->what, in->path);
}

ar_status ar_outputs_check(const ar_path_role *inputs, int ninputs, const ar_path_role *outputs,
                           int noutputs) {
  for (int o = 0; o < noutputs; o++) {
    const ar_path_role *out = &outputs[o];
    if (!out->path) continue;
    char target[PATH_CAP], tmp[PATH_CAP + 8], target_tmp[PATH_CAP + 8];
    ar_status st = ar_output_resolve(out->path, out->what, target, sizeof target);
    if (st != AR_OK) return st;
    snprintf(tmp, sizeof tmp, "%s.tmp", out->path);
    snprintf(target_tmp, sizeof target_tmp, "%s.tmp", target);
    for (int i = 0; i < ninputs; i++) {
      if (!inputs[i].path) continue;
      if (ar_path_same_file(out->path, inputs[i].path)) return refuse(out, NULL, &inputs[i]);
      if (ar_path_same_file(tmp, inputs[i].path)) return refuse(out, tmp, &inputs[i]);
      if (ar_path_same_file(target_tmp, inputs[i].path)) return refuse(out, target_tmp, &inputs[i]);
    }
    for (int p = o + 1; p < noutputs; p++) {
      const ar_path_role *other = &outputs[p];
      if (!other->path) continue;
      char other_tmp[PATH_CAP + 8];
      snprintf(other_tmp, sizeof other_tmp, "%s.tmp", other->path);
      if (ar_path_same_entry(out->path, other->path) || ar_path_same_entry(tmp, other->path) ||
          ar_path_same_entry(out->path, other_tmp))
        return ar_fail(AR_ERR_USAGE, "%s %s and %s %s name the same file: give them other names",
                       out->what, out->path, other->what, other->path);
    }
  }
  return AR_OK;
}
