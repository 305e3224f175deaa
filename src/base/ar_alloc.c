/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_alloc: aligned allocation through tbbmalloc when available. */
#include "ar_alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef ANTROUTE_HAVE_TBB
#include <oneapi/tbb/scalable_allocator.h>
#endif

void *ar_alloc(size_t size) {
  /* Round up to whole cache lines so that two threads' blocks never share one. */
  if (size > SIZE_MAX - AR_CACHE_LINE) return NULL;
  size_t rounded = (size + AR_CACHE_LINE - 1) / AR_CACHE_LINE * AR_CACHE_LINE;
  if (rounded == 0) rounded = AR_CACHE_LINE;
  void *p = NULL;
#ifdef ANTROUTE_HAVE_TBB
  p = scalable_aligned_malloc(rounded, AR_CACHE_LINE);
#else
  if (posix_memalign(&p, AR_CACHE_LINE, rounded) != 0) p = NULL;
#endif
  if (p) memset(p, 0, rounded);
  return p;
}

void *ar_alloc_array(size_t count, size_t size) {
  if (size != 0 && count > SIZE_MAX / size) return NULL;
  return ar_alloc(count * size);
}

void ar_free(void *p) {
  if (!p) return;
#ifdef ANTROUTE_HAVE_TBB
  scalable_aligned_free(p);
#else
  free(p);
#endif
}

size_t ar_alloc_footprint(size_t size) {
  if (size > SIZE_MAX - 2 * AR_CACHE_LINE) return SIZE_MAX;
  size_t rounded = (size + AR_CACHE_LINE - 1) / AR_CACHE_LINE * AR_CACHE_LINE;
  if (rounded == 0) rounded = AR_CACHE_LINE;
#ifdef ANTROUTE_HAVE_TBB
  /* oneTBB's small-object bins that hold cache-aligned blocks: four per power of two up to
   * 1 KB, then the "fitting" sizes of a 16 KB slab; larger blocks carry a header. */
  static const size_t bins[] = {64,  128, 192,  256,  320,  384,  448,  512, 640,
                                768, 896, 1024, 1792, 2688, 3968, 5376, 8128};
  for (size_t i = 0; i < sizeof bins / sizeof bins[0]; i++)
    if (rounded <= bins[i]) return bins[i];
#endif
  return rounded + AR_CACHE_LINE; /* the allocator's header */
}
