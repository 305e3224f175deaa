/* SPDX-License-Identifier: BSD-3-Clause */
/* road_snap: an implicit k-d tree on unit vectors (see road_snap.h). */
#include "road_snap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "road_geo.h"

static double key(const double *xyz, int32_t p, int axis) { return xyz[3 * (size_t)p + axis]; }

static void swap32(int32_t *a, int32_t i, int32_t j) {
  int32_t t = a[i];
  a[i] = a[j];
  a[j] = t;
}

/* Rearranges perm[lo, hi) so that perm[k] holds the point of rank k on the axis (smaller ones
 * before, larger ones after): quickselect with a three-way partition (equal keys in the middle,
 * so many equal coordinates cost nothing). */
static void select_kth(int32_t *perm, const double *xyz, int axis, int32_t lo, int32_t hi,
                       int32_t k) {
  while (hi - lo > 1) {
    double pivot = key(xyz, perm[lo + (hi - lo) / 2], axis);
    int32_t lt = lo, i = lo, gt = hi;
    while (i < gt) {
      double v = key(xyz, perm[i], axis);
      if (v < pivot)
        swap32(perm, lt++, i++);
      else if (v > pivot)
        swap32(perm, i, --gt);
      else
        i++;
    }
    if (k < lt)
      hi = lt;
    else if (k >= gt)
      lo = gt;
    else
      return;
  }
}

static int widest_axis(const int32_t *perm, const double *xyz, int32_t lo, int32_t hi) {
  double mn[3] = {INFINITY, INFINITY, INFINITY}, mx[3] = {-INFINITY, -INFINITY, -INFINITY};
  for (int32_t i = lo; i < hi; i++)
    for (int a = 0; a < 3; a++) {
      double v = key(xyz, perm[i], a);
      if (v < mn[a]) mn[a] = v;
      if (v > mx[a]) mx[a] = v;
    }
  int best = 0;
  for (int a = 1; a < 3; a++)
    if (mx[a] - mn[a] > mx[best] - mn[best]) best = a;
  return best;
}

/* Recursion depth is log2(count) <= 31: the tree is balanced by construction. */
static void build_range(int32_t *perm, const double *xyz, uint8_t *axis, int32_t lo, int32_t hi) {
  if (hi - lo < 2) {
    if (hi > lo) axis[lo] = 0;
    return;
  }
  int32_t mid = lo + (hi - lo) / 2;
  int a = widest_axis(perm, xyz, lo, hi);
  select_kth(perm, xyz, a, lo, hi, mid);
  axis[mid] = (uint8_t)a;
  build_range(perm, xyz, axis, lo, mid);
  build_range(perm, xyz, axis, mid + 1, hi);
}

ar_status road_snap_build(road_snap *s, const road_graph *g, const uint8_t *eligible) {
  memset(s, 0, sizeof *s);
  s->g = g;
  if (!g->lat || !g->lon)
    return ar_fail(AR_ERR_INPUT, "the road network has no node coordinates to snap stops to");
  int32_t count = 0;
  for (int32_t u = 0; u < g->n; u++)
    count += !eligible || eligible[u];
  size_t c = count ? (size_t)count : 1;
  double *points = malloc(c * 3 * sizeof *points);
  int32_t *perm = malloc(c * sizeof *perm);
  s->node = malloc(c * sizeof *s->node);
  s->xyz = malloc(c * 3 * sizeof *s->xyz);
  s->axis = malloc(c);
  if (!points || !perm || !s->node || !s->xyz || !s->axis) {
    free(points);
    free(perm);
    road_snap_free(s);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the snapping tree of %d nodes", count);
  }
  int32_t k = 0;
  for (int32_t u = 0; u < g->n; u++)
    if (!eligible || eligible[u]) {
      road_geo_unit(g->lat[u], g->lon[u], points + 3 * (size_t)k);
      s->node[k] = u;
      perm[k] = k;
      k++;
    }
  build_range(perm, points, s->axis, 0, count);
  /* Lay the slots out in tree order: the query then walks one array. */
  int32_t *node = malloc(c * sizeof *node);
  if (!node) {
    free(points);
    free(perm);
    road_snap_free(s);
    return ar_fail(AR_ERR_NOMEM, "out of memory for the snapping tree of %d nodes", count);
  }
  for (int32_t i = 0; i < count; i++) {
    node[i] = s->node[perm[i]];
    memcpy(s->xyz + 3 * (size_t)i, points + 3 * (size_t)perm[i], 3 * sizeof *points);
  }
  free(s->node);
  s->node = node;
  s->count = count;
  free(points);
  free(perm);
  return AR_OK;
}

void road_snap_free(road_snap *s) {
  free(s->node);
  free(s->xyz);
  free(s->axis);
  memset(s, 0, sizeof *s);
}

typedef struct {
  const road_snap *s;
  double q[3];
  double best;
  int32_t best_slot;
} snap_query;

static void nearest_range(snap_query *x, int32_t lo, int32_t hi) {
  if (lo >= hi) return;
  int32_t mid = lo + (hi - lo) / 2;
  const double *p = x->s->xyz + 3 * (size_t)mid;
  double d0 = x->q[0] - p[0], d1 = x->q[1] - p[1], d2 = x->q[2] - p[2];
  double d = d0 * d0 + d1 * d1 + d2 * d2;
  if (d < x->best ||
      (d == x->best && x->best_slot >= 0 && x->s->node[mid] < x->s->node[x->best_slot])) {
    x->best = d;
    x->best_slot = mid;
  }
  if (hi - lo == 1) return;
  int a = x->s->axis[mid];
  double diff = x->q[a] - p[a];
  int32_t nlo = diff < 0 ? lo : mid + 1, nhi = diff < 0 ? mid : hi;
  int32_t flo = diff < 0 ? mid + 1 : lo, fhi = diff < 0 ? hi : mid;
  nearest_range(x, nlo, nhi);
  if (diff * diff <= x->best) nearest_range(x, flo, fhi);
}

int32_t road_snap_nearest(const road_snap *s, double lat, double lon, double *metres) {
  *metres = INFINITY;
  if (s->count == 0) return -1;
  snap_query x = {.s = s, .best = INFINITY, .best_slot = -1};
  road_geo_unit(lat, lon, x.q);
  nearest_range(&x, 0, s->count);
  int32_t u = s->node[x.best_slot];
  *metres = road_geo_metres(lat, lon, s->g->lat[u], s->g->lon[u]);
  return u;
}
