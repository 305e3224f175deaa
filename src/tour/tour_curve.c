/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_curve: nodes in the order of a Hilbert curve over their bounding box (see tour_curve.h). */
#include "tour_curve.h"

#include <math.h>
#include <stdlib.h>

#include "ar_hilbert.h"

typedef struct {
  uint64_t d;
  int32_t node;
} curve_key;

static int curve_key_cmp(const void *pa, const void *pb) {
  const curve_key *a = pa, *b = pb;
  if (a->d != b->d) return a->d < b->d ? -1 : 1;
  return (a->node > b->node) - (a->node < b->node);
}

ar_status tour_hilbert_order(const tour_net *net, int32_t *order) {
  int32_t n = net->n;
  curve_key *keys = malloc((size_t)n * sizeof *keys);
  if (!keys) return ar_fail(AR_ERR_NOMEM, "out of memory for the initial tour (%d nodes)", n);
  double minx, maxx, miny, maxy;
  tour_net_bbox(net, &minx, &maxx, &miny, &maxy);
  double span = fmax(maxx - minx, maxy - miny);
  if (span <= 0) span = 1;
  const uint32_t side = 1u << 16;
  for (int32_t i = 0; i < n; i++) {
    uint32_t gx = (uint32_t)fmin((net->x[i] - minx) / span * (side - 1), side - 1);
    uint32_t gy = (uint32_t)fmin((net->y[i] - miny) / span * (side - 1), side - 1);
    keys[i].d = ar_hilbert_index(side, gx, gy);
    keys[i].node = i;
  }
  qsort(keys, (size_t)n, sizeof *keys, curve_key_cmp);
  for (int32_t i = 0; i < n; i++)
    order[i] = keys[i].node;
  free(keys);
  return AR_OK;
}
