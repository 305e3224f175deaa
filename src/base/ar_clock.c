/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_clock: the command's wall clock from main's first instruction (see ar_clock.h). */
#include "ar_clock.h"

#include <time.h>

static struct timespec clock_t0;
static int clock_started;
static double clock_mpi; /* ar_clock_note_mpi: seconds from the start */

static double seconds_of(const struct timespec *t) { return (double)t->tv_sec + 1e-9 * t->tv_nsec; }

void ar_clock_start(void) {
  if (clock_started) return;
  clock_gettime(CLOCK_MONOTONIC, &clock_t0);
  clock_started = 1;
}

double ar_clock_elapsed(void) {
  ar_clock_start();
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return seconds_of(&now) - seconds_of(&clock_t0);
}

void ar_clock_note_mpi(void) {
  if (clock_mpi == 0.0) clock_mpi = ar_clock_elapsed();
}

double ar_clock_mpi(void) { return clock_mpi; }
