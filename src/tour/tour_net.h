/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_net: a tour instance (TSP or ATSP) in memory, and its TSPLIB distance functions.
 *
 * Coordinate instances keep only coordinates; distances are computed on the fly with TSPLIB's
 * exact rounding (TSPLIB 95 documentation, section 2), so large instances need O(n) memory.
 * Explicit instances (EXPLICIT edge weights, symmetric or not) keep the full n x n matrix and are
 * limited to TOUR_EXPLICIT_MAX_N nodes.
 */
#ifndef AR_TOUR_NET_H
#define AR_TOUR_NET_H

#include <math.h>
#include <stdint.h>

#include "ar_error.h"

typedef enum {
  TOUR_METRIC_EUC_2D = 0,
  TOUR_METRIC_CEIL_2D = 1,
  TOUR_METRIC_ATT = 2,
  TOUR_METRIC_GEO = 3,
  TOUR_METRIC_EXPLICIT = 4
} tour_metric;

enum {
  TOUR_MAX_N = 20000000,      /* nodes accepted from any file */
  TOUR_EXPLICIT_MAX_N = 20000 /* an n x n int32 matrix of this size is 1.6 GB */
};

/* A proven lower bound on every tour's length, stored with the network (tour_bound.h). All zero
 * (computed = 0) when there is none. */
typedef struct {
  int computed;         /* 1: the fields below hold a bound */
  int64_t value;        /* every tour is at least this long */
  char method[32];      /* TOUR_BOUND_METHOD_* */
  int64_t ascent_steps; /* 1-trees computed on the sparse graph */
  int64_t exact_checks; /* minimum 1-trees computed on the complete graph */
  int64_t sparse_edges; /* edges of the sparse graph at the end */
  double seconds;       /* wall time of the computation (informative) */
} tour_lower_bound;

/* The penalties of the short Held-Karp ascent that alpha-nearness candidate lists start from, and
 * the minimum spanning tree under them, as the import stored them with the network: a solve
 * whose ascent would run the same steps on the same scale takes them instead of running it
 * (tour_alpha.h). All zero (steps = 0) when there are none. */
typedef struct {
  int32_t steps; /* the ascent's steps (tour_alpha_steps) */
  int64_t scale; /* the ascent's cost scale (hk_graph): pi is in units of 1 / scale */
  int64_t *pi;   /* [n] node penalties */
  int32_t *tree; /* [n - 1][2] the tree's edges, 0-based nodes */
} tour_alpha_penalties;

typedef struct {
  char name[128];
  char comment[512];
  int32_t n;
  tour_metric metric;
  int directed;        /* 1 when weights may be asymmetric (ATSP) */
  double *x, *y;       /* n coordinates (NULL for EXPLICIT) */
  int32_t *weights;    /* n*n row-major (EXPLICIT only), weights[i*n+j] = cost of i -> j */
  int32_t *known_tour; /* optional stored tour, 0-based, n entries (NULL if none) */
  int64_t optimum;     /* known optimal length, -1 if unknown */
  tour_lower_bound lower;
  tour_alpha_penalties alpha; /* optional, stored by the import */
  char distance_units[96]; /* the unit of the weights as the network file names it ("" unknown) */
} tour_net;

/* Name of a metric as TSPLIB spells it ("EUC_2D", ...). */
const char *tour_metric_name(tour_metric metric);
/* Parses a TSPLIB metric name; returns 0 and sets *metric, or -1 if unknown. */
int tour_metric_parse(const char *name, tour_metric *metric);

/* TSPLIB "nint": round half up, as in the reference code ((int)(x + 0.5)). */
static inline int64_t tour_nint(double x) { return (int64_t)(x + 0.5); }

static inline double tour_geo_radians(double x) {
  const double pi = 3.141592; /* the value TSPLIB prescribes */
  double deg = (double)(int64_t)x;
  double min = x - deg;
  return pi * (deg + 5.0 * min / 3.0) / 180.0;
}

/* Distance from i to j, exactly as TSPLIB defines it for the instance's metric. */
static inline int64_t tour_dist(const tour_net *t, int32_t i, int32_t j) {
  switch (t->metric) {
  case TOUR_METRIC_EUC_2D: {
    double dx = t->x[i] - t->x[j], dy = t->y[i] - t->y[j];
    return tour_nint(sqrt(dx * dx + dy * dy));
  }
  case TOUR_METRIC_CEIL_2D: {
    double dx = t->x[i] - t->x[j], dy = t->y[i] - t->y[j];
    return (int64_t)ceil(sqrt(dx * dx + dy * dy));
  }
  case TOUR_METRIC_ATT: {
    double dx = t->x[i] - t->x[j], dy = t->y[i] - t->y[j];
    double r = sqrt((dx * dx + dy * dy) / 10.0);
    int64_t tr = tour_nint(r);
    return (double)tr < r ? tr + 1 : tr;
  }
  case TOUR_METRIC_GEO: {
    const double rrr = 6378.388;
    if (i == j) return 0;
    double lat_i = tour_geo_radians(t->x[i]), lon_i = tour_geo_radians(t->y[i]);
    double lat_j = tour_geo_radians(t->x[j]), lon_j = tour_geo_radians(t->y[j]);
    double q1 = cos(lon_i - lon_j), q2 = cos(lat_i - lat_j), q3 = cos(lat_i + lat_j);
    return (int64_t)(rrr * acos(0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)) + 1.0);
  }
  case TOUR_METRIC_EXPLICIT: return t->weights[(int64_t)i * t->n + j];
  }
  return 0;
}

/* Distance with the common metrics inline (tour_dist's GEO branch keeps it from inlining). */
static inline int64_t tour_d(const tour_net *t, int32_t i, int32_t j) {
  if (t->metric == TOUR_METRIC_EUC_2D) {
    double dx = t->x[i] - t->x[j], dy = t->y[i] - t->y[j];
    return (int64_t)(sqrt(dx * dx + dy * dy) + 0.5);
  }
  if (t->metric == TOUR_METRIC_EXPLICIT) return t->weights[(int64_t)i * t->n + j];
  return tour_dist(t, i, j);
}

/* Length of a closed tour (order[0..n-1], returning to order[0]). */
int64_t tour_length(const tour_net *t, const int32_t *order);

/* 1 if order is a permutation of 0..n-1, else 0 (uses a scratch array of n bytes it allocates;
 * returns -1 if that allocation fails). */
int tour_is_permutation(const int32_t *order, int32_t n);

/* The bounding box of a coordinate instance's nodes. */
void tour_net_bbox(const tour_net *t, double *minx, double *maxx, double *miny, double *maxy);

/* The length of the tour that visits the nodes in file order (0, 1, ..., n-1): no optimum can
 * be longer. */
int64_t tour_length_file_order(const tour_net *t);

/* AR_ERR_INPUT, naming `where` (the file), when the stored optimum contradicts the data: it is
 * longer than the tour in file order, or the known tour (if any) is shorter than it. AR_OK when
 * the optimum is unknown (< 0). */
ar_status tour_net_check_optimum(const tour_net *t, const char *where);

void tour_net_free(tour_net *t);

/* Checks of stored penalties (t->alpha, tour_alpha.h): the first node whose penalty is beyond the
 * room the ascent's sums have (-1: none); the first of the n - 1 tree edges that names a node
 * outside 0..n-1 or closes a cycle, so that the edges are no spanning tree (-1: none, -2: out of
 * memory; *why says which). */
int64_t tour_net_alpha_pi_fault(int32_t n, const int64_t *pi);
int64_t tour_net_alpha_tree_fault(int32_t n, const int32_t *tree, const char **why);

#endif
