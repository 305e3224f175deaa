/* aco_pace: ANTROUTE_TEST_PACE_MS, a fixed sleep per iteration for tests. */
#include "aco_pace.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>

double aco_pace_seconds(void) {
  const char *s = getenv("ANTROUTE_TEST_PACE_MS");
  if (!s || !s[0]) return 0.0;
  char *end = NULL;
  double ms = strtod(s, &end);
  return end && *end == '\0' && ms > 0.0 && ms < 1e7 ? ms / 1000.0 : 0.0;
}

void aco_pace_sleep(double seconds) {
  if (seconds <= 0.0) return;
  struct timespec left = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
  /* A signal (SIGUSR1 from Slurm) is acted on after the pause, as after any iteration. */
  while (nanosleep(&left, &left) != 0 && errno == EINTR) {
  }
}
