/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_affinity: the calling thread's CPUs (ar_affinity.h). */
#define _GNU_SOURCE /* cpu_set_t, sched_getaffinity */
#include "ar_affinity.h"

#include <sched.h>
#include <string.h>

_Static_assert(sizeof(cpu_set_t) <= sizeof(ar_affinity), "ar_affinity holds a cpu_set_t");

int ar_affinity_get(ar_affinity *out) {
  memset(out, 0, sizeof *out);
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
    if (CPU_ISSET(cpu, &set)) out->bits[cpu / 64] |= UINT64_C(1) << (cpu % 64);
  return 0;
}

int ar_affinity_set(const ar_affinity *mask) {
  if (ar_affinity_empty(mask)) return -1;
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
    if (ar_affinity_has(mask, cpu)) CPU_SET(cpu, &set);
  return sched_setaffinity(0, sizeof set, &set) == 0 ? 0 : -1;
}

int ar_affinity_empty(const ar_affinity *mask) {
  for (int w = 0; w < AR_AFFINITY_WORDS; w++)
    if (mask->bits[w]) return 0;
  return 1;
}
