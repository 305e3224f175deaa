/* SPDX-License-Identifier: BSD-3-Clause */
/* timer: names and the run-time switch of the phase timers. */
#include "timer.h"

int timer_on_ = 1;

const char *timer_name(timer_id id) {
  static const char *names[TIMER_COUNT] = {"construct", "local_search", "update", "exchange",
                                           "share",     "checkpoint",   "wait"};
  return (int)id >= 0 && id < TIMER_COUNT ? names[id] : "?";
}

void timer_enable(int on) {
#if ANTROUTE_TIMERS
  timer_on_ = on != 0;
#else
  (void)on;
#endif
}

int timer_enabled(void) {
#if ANTROUTE_TIMERS
  return timer_on_;
#else
  return 0;
#endif
}
