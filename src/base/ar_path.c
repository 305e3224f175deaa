/* ar_path: outputs compared with inputs by device and inode (see ar_path.h). */
#define _XOPEN_SOURCE 700 /* realpath() */
#include "ar_path.h"

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { PATH_CAP = 4096 };

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
    char tmp[PATH_CAP + 8];
    snprintf(tmp, sizeof tmp, "%s.tmp", out->path);
    for (int i = 0; i < ninputs; i++) {
      if (!inputs[i].path) continue;
      if (ar_path_same_file(out->path, inputs[i].path)) return refuse(out, NULL, &inputs[i]);
      if (ar_path_same_file(tmp, inputs[i].path)) return refuse(out, tmp, &inputs[i]);
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
