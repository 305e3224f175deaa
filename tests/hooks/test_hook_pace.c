/* SPDX-License-Identifier: BSD-3-Clause */
/* test_hook_pace: ANTROUTE_TEST_PACE_MS and ANTROUTE_TEST_HOLD, brakes on the engine's loop (see
 * test_hooks.h). */
#include "test_hooks.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "ar_signal.h"

/* The pause per iteration in seconds (0 when unset), read from the environment. */
static double pace_seconds(void) {
  const char *s = getenv("ANTROUTE_TEST_PACE_MS");
  if (!s || !s[0]) return 0.0;
  char *end = NULL;
  double ms = strtod(s, &end);
  return end && *end == '\0' && ms > 0.0 && ms < 1e7 ? ms / 1000.0 : 0.0;
}

void test_hook_pace(int64_t iterations) {
  const double seconds = pace_seconds() * (double)iterations;
  if (seconds <= 0.0) return;
  struct timespec left = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
  /* A signal (SIGUSR1 from Slurm) is acted on after the pause, as after any iteration. */
  while (nanosleep(&left, &left) != 0 && errno == EINTR) {
  }
}

static double monotonic_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Waits until `file` exists or a stop signal came, at most TEST_HOLD_SECONDS. The main
 * thread waits here, so a signal sent to the process is handled before it looks again. */
static int pace_hold(const char *file) {
  if (access(file, F_OK) == 0) return 0;
  char held[4096];
  if (snprintf(held, sizeof held, "%s.held", file) >= (int)sizeof held) return 0;
  int fd = open(held, O_WRONLY | O_CREAT, 0644);
  if (fd >= 0) close(fd);
  const double until = monotonic_seconds() + TEST_HOLD_SECONDS;
  const struct timespec nap = {0, 5000000};
  while (access(file, F_OK) != 0 && !ar_signal_received()) {
    if (monotonic_seconds() > until) {
      fprintf(stderr, "antroute: ANTROUTE_TEST_HOLD: %s did not appear in %d s; going on\n", file,
              (int)TEST_HOLD_SECONDS);
      return 1;
    }
    nanosleep(&nap, NULL);
  }
  return 1;
}

/* ANTROUTE_TEST_HOLD, read once: hold after `at` iterations of this process (-1: no hold) until
 * `file` exists. */
static struct {
  int read;
  int64_t at, done; /* done: iterations of this process, over all phases */
  const char *file;
} hold = {0, -1, 0, NULL};

static void hold_read(void) {
  if (hold.read) return;
  hold.read = 1;
  const char *s = getenv("ANTROUTE_TEST_HOLD");
  char *end = NULL;
  long long n = s ? strtoll(s, &end, 10) : -1;
  if (!s || end == s || *end != ':' || !end[1] || n < 0) return;
  hold.at = n;
  hold.file = end + 1;
}

int64_t test_hook_until_hold(void) {
  hold_read();
  return hold.at >= 0 && hold.at > hold.done ? hold.at - hold.done : 0;
}

int test_hook_boundary(int64_t iterations) {
  hold_read();
  hold.done += iterations;
  if (hold.at < 0 || hold.done < hold.at) return 0;
  hold.at = -1; /* once */
  return pace_hold(hold.file);
}
