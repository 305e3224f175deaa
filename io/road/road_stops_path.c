/* SPDX-License-Identifier: BSD-3-Clause */
/* road_stops_path: the road file's name as a stops file keeps it (see road_stops_path.h). */
#define _XOPEN_SOURCE 700 /* realpath() */
#include "road_stops_path.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* dir = the folder part of path ("." when it has none). */
static void folder_of(const char *path, char *dir, size_t cap) {
  const char *slash = strrchr(path, '/');
  if (!slash)
    snprintf(dir, cap, ".");
  else if (slash == path)
    snprintf(dir, cap, "/");
  else
    snprintf(dir, cap, "%.*s", (int)(slash - path), path);
}

/* out = target (absolute, resolved) relative to the folder from (absolute, resolved, no
 * trailing '/'; "" for the root). */
static void relative(const char *target, const char *from, char *out, size_t cap) {
  size_t common = 0; /* the longest shared run of whole folders ends here, at a '/' of target */
  for (size_t i = 0;; i++) {
    if ((from[i] == '/' || from[i] == '\0') && target[i] == '/') common = i;
    if (from[i] == '\0' || from[i] != target[i]) break;
  }
  size_t at = 0;
  out[0] = '\0';
  for (const char *p = from + common; *p; p++)
    if (*p == '/' && at + 4 < cap) at += (size_t)snprintf(out + at, cap - at, "../");
  snprintf(out + at, cap - at, "%s", target + common + 1);
}

void road_stops_path_store(const char *roads, const char *output, char *out, size_t cap) {
  char dir[PATH_MAX], real_roads[PATH_MAX], real_dir[PATH_MAX];
  folder_of(output, dir, sizeof dir);
  if (!realpath(roads, real_roads)) {
    snprintf(out, cap, "%s", roads);
    return;
  }
  if (!realpath(dir, real_dir)) {
    snprintf(out, cap, "%s", real_roads);
    return;
  }
  if (strcmp(real_dir, "/") == 0) real_dir[0] = '\0'; /* the root: no trailing '/' to share */
  relative(real_roads, real_dir, out, cap);
}

void road_stops_path_resolve(const char *stored, const char *stops, char *out, size_t cap) {
  char dir[PATH_MAX], beside[PATH_MAX + 1100], real[PATH_MAX];
  const char *name = stored;
  if (stored[0] != '/') {
    folder_of(stops, dir, sizeof dir);
    snprintf(beside, sizeof beside, "%s/%s", dir, stored);
    if (access(beside, F_OK) == 0) name = beside;
  }
  snprintf(out, cap, "%s", realpath(name, real) ? real : name);
}
