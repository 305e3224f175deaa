/* SPDX-License-Identifier: BSD-3-Clause */
/* test_hook_pause: ANTROUTE_TEST_PAUSE and ANTROUTE_TEST_NO_FLOCK (see test_hooks.h). */
#include "test_hooks.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ar_path.h"
#include "ar_signal.h"

enum { PAUSE_MAX_SECONDS = 600 };

/* Appends the line "PREFIXVALUE" to file; returns 1. */
static int say(const char *file, const char *prefix, long value) {
  int fd = open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return 1;
  char line[64];
  int n = snprintf(line, sizeof line, "%s%ld\n", prefix, value);
  if (write(fd, line, (size_t)n) != n) { /* a test waiting for it times out and says so */
  }
  close(fd);
  return 1;
}

void test_hook_pause(ar_pause_point at) {
  static const char *const names[] = {"bound", "prepared", "output"};
  const char *point = names[at];
  static int paused = 0;
  const char *spec = getenv("ANTROUTE_TEST_PAUSE");
  size_t n = strlen(point);
  if (paused || !spec || strncmp(spec, point, n) != 0 || spec[n] != ':' || !spec[n + 1]) return;
  paused = 1;
  char file[AR_PATH_CAP], go[AR_PATH_CAP + 8];
  snprintf(file, sizeof file, "%s", spec + n + 1);
  size_t len = strlen(file);
  int hold = len > 5 && strcmp(file + len - 5, ":hold") == 0;
  if (hold) file[len - 5] = '\0';
  snprintf(go, sizeof go, "%s.go", file);
  /* One line per process that reached the point: a test of several ranks waits for all. */
  say(file, "", (long)getpid());
  struct timespec tick = {0, 10 * 1000 * 1000};
  int told = 0;
  for (int i = 0; i < PAUSE_MAX_SECONDS * 100 && (hold || !ar_signal_received()); i++) {
    if (access(go, F_OK) == 0) break;
    /* Held: say that a signal was noted, so that a test sends the next one only then (two
     * signals sent at once may reach the process as one). */
    if (hold && !told && ar_signal_received())
      told = say(file, "signal ", (long)ar_signal_received());
    nanosleep(&tick, NULL);
  }
}

int test_hook_no_flock(void) {
  const char *v = getenv("ANTROUTE_TEST_NO_FLOCK");
  return v && strcmp(v, "1") == 0;
}
