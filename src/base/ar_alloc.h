/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_alloc: cache-line aligned memory for colonies and per-thread scratch.
 *
 * Everything the iteration loop touches is allocated once, before the loop, through these
 * functions: oneTBB's scalable allocator (per-thread heaps, no shared lock) when antroute is built
 * with ANTROUTE_HAVE_TBB, posix_memalign otherwise. The loop itself never allocates (a test
 * proves it).
 */
#ifndef AR_ALLOC_H
#define AR_ALLOC_H

#include <stddef.h>

enum { AR_CACHE_LINE = 64 };

/* size bytes aligned to a cache line, zero-filled; NULL when out of memory (or size overflowed).
 * A size of 0 returns a valid minimal block. */
void *ar_alloc(size_t size);
/* count * size bytes, checked for overflow. */
void *ar_alloc_array(size_t count, size_t size);
/* Releases a block from ar_alloc (NULL is fine). */
void ar_free(void *p);

/* The memory ar_alloc(size) takes from the system: the size rounded to whole cache lines, then
 * to the allocator's size class (oneTBB's bins below 8 KB; a header above), for estimates made
 * before allocating (aco_estimate.h). Saturates at SIZE_MAX. */
size_t ar_alloc_footprint(size_t size);

/* Lays arrays out one after another in one block: the next `bytes` at *offset from base (NULL:
 * offsets only, to size the block), *offset moved past them. Callers place the widest types
 * first, so that every array stays aligned. */
static inline void *ar_place(char *base, size_t *offset, size_t bytes) {
  void *at = base ? base + *offset : NULL;
  *offset += bytes;
  return at;
}

#endif
