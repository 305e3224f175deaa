/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_affinity: the CPUs the calling thread may run on, as a plain mask other ranks can receive.
 *
 * The ranks of a node lend their cores to one rank while it makes the colonies' first solution
 * (src/engine/aco_start.h): a thread of that rank's OpenMP team runs on a lender's CPUs for the
 * while. Under `mpirun --bind-to core` a rank's new threads inherit its own core, so without this
 * the lent thread would share the maker's core instead of using the idle one. Linux only
 * (sched_getaffinity and sched_setaffinity act on the calling thread). */
#ifndef AR_AFFINITY_H
#define AR_AFFINITY_H

#include <stdint.h>

/* Up to 1024 CPUs, the size of glibc's cpu_set_t. */
enum { AR_AFFINITY_WORDS = 16 };
typedef struct {
  uint64_t bits[AR_AFFINITY_WORDS];
} ar_affinity;

/* The calling thread's CPUs into *out; 0, or -1 when the system does not say (then *out is
 * empty). */
int ar_affinity_get(ar_affinity *out);

/* Restricts the calling thread to the CPUs of *mask; 0, or -1 when refused (an empty mask, CPUs
 * this process may not use): the thread keeps its CPUs then. */
int ar_affinity_set(const ar_affinity *mask);

/* Whether the mask names no CPU. */
int ar_affinity_empty(const ar_affinity *mask);

/* Whether the mask names CPU cpu (0 <= cpu < 64 AR_AFFINITY_WORDS). */
static inline int ar_affinity_has(const ar_affinity *mask, int cpu) {
  return (int)(mask->bits[cpu / 64] >> (cpu % 64) & 1);
}

/* The mask of CPU cpu alone. */
static inline ar_affinity ar_affinity_one(int cpu) {
  ar_affinity m = {{0}};
  m.bits[cpu / 64] = UINT64_C(1) << (cpu % 64);
  return m;
}

#endif
