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
