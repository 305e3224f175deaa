/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_hk: internals of the Held-Karp bound (tour_hk_graph.c, tour_hk_onetree.c,
 * tour_hk_exact.c, tour_hk_ascent.c).
 *
 * The bound's graph is the instance itself (symmetric) or, for ATSP, the symmetric 2n-node
 * graph of Jonker and Volgenant: node c < n0 is city c "entered", node n0 + c is city c "left";
 * the edge (c, n0 + c) costs -fixed (forced into every good 1-tree), the edge (a, n0 + b) costs
 * the arc b -> a, and edges between two entered or two left copies are forbidden (HK_FORBIDDEN).
 * An ATSP tour of length L is a tour of this graph of length L - n0 x fixed, so a bound on the
 * latter plus n0 x fixed bounds the former.
 *
 * Keys are integers: scale x cost(u, v) + pi_u + pi_v, so every 1-tree value is exact.
 */
#ifndef AR_TOUR_HK_H
#define AR_TOUR_HK_H

#include <stdint.h>

#include "ar_error.h"
#include "tour_candidates.h"
#include "tour_net.h"

#define HK_FORBIDDEN ((int64_t)1 << 40)
#define HK_KEY_MAX   INT64_MAX

typedef struct {
  const tour_net *net;
  int32_t n;     /* nodes of the bound's graph */
  int32_t n0;    /* cities */
  int atsp;      /* 1: the 2n-node transformation */
  int planar;    /* 1: 2-D coordinates with a Euclidean-based metric (EUC_2D, CEIL_2D, ATT) */
  int64_t fixed; /* ATSP: each (c, n0 + c) edge costs -fixed */
  int64_t scale; /* precision of the penalties (LKH's 100, less for huge coordinates) */
} hk_graph;

/* The cost of edge (u, v) of the bound's graph (u != v). */
static inline int64_t hk_cost(const hk_graph *g, int32_t u, int32_t v) {
  if (!g->atsp) return tour_d(g->net, u, v);
  if ((u < g->n0) == (v < g->n0)) return HK_FORBIDDEN;
  int32_t entered = u < g->n0 ? u : v, left = (u < g->n0 ? v : u) - g->n0;
  if (entered == left) return -g->fixed;
  return g->net->weights[(int64_t)left * g->n0 + entered];
}

static inline int64_t hk_key(const hk_graph *g, const int64_t *pi, int32_t u, int32_t v) {
  return g->scale * hk_cost(g, u, v) + pi[u] + pi[v];
}

/* Sets up the bound's graph of net (scale chosen so that no sum overflows). */
void hk_graph_init(hk_graph *g, const tour_net *net);

/* The sparse graph: undirected edges as adjacency lists (CSR, both directions), with costs. */
typedef struct {
  int32_t n;
  int64_t m;      /* undirected edges */
  int64_t *start; /* [n + 1] */
  int32_t *to;    /* [2m] */
  int64_t *cost;  /* [2m] scale x hk_cost of the edge (its key without the penalties) */
} hk_sparse;

/* Each node's `candidates` nearest neighbours (ATSP: out- and in-neighbours, and the fixed
 * edges), and for planar graphs its `quadrant` nearest in each quadrant. AR_ERR_NOMEM. */
/* On 100,000+ nodes its lists report their progress to work(work_arg, ...) ("bound: nearest
 * neighbours", "bound: quadrant neighbours"; tour_work.h; work NULL: none; the same graph). */
ar_status hk_sparse_build(const hk_graph *g, int32_t candidates, int32_t quadrant,
                          tour_work_fn work, void *work_arg, hk_sparse *s);
/* Adds the edges (eu[k], ev[k]) that are not in s yet; *added counts them. AR_ERR_NOMEM (s is
 * then unchanged). */
ar_status hk_sparse_add(const hk_graph *g, hk_sparse *s, const int32_t *eu, const int32_t *ev,
                        int64_t count, int64_t *added);
void hk_sparse_free(hk_sparse *s);

/* A minimum 1-tree on the sparse graph: its value (sum of keys minus 2 sum pi) and each node's
 * degree minus 2 (the subgradient). The workspace is allocated once per ascent. */
typedef struct {
  int32_t n;
  int64_t *key;
  int32_t *parent, *heap, *where;
  int64_t *second; /* per node: second smallest key of an incident sparse edge */
} hk_prim;

/* Scratch for Prim on n nodes. AR_ERR_NOMEM. */
ar_status hk_prim_init(hk_prim *w, int32_t n);
void hk_prim_free(hk_prim *w);
/* Fails only when the sparse graph is not connected (AR_ERR_INTERNAL: never after the exact
 * tree at pi = 0 was added). *norm = sum of v^2. */
ar_status hk_onetree_sparse(const hk_graph *g, const hk_sparse *s, const int64_t *pi, hk_prim *w,
                            int32_t *v, int64_t *value, int64_t *norm);

/* The minimum 1-tree of the complete graph under pi: its value and its edges (n of them: the
 * spanning tree and the special node's second edge), for adding to the sparse graph. */
typedef struct {
  int64_t value;
  int64_t edges;
  int32_t *eu, *ev; /* [n] */
} hk_exact;

/* Scratch for exact 1-trees on n nodes. AR_ERR_NOMEM. */
ar_status hk_exact_init(hk_exact *x, int32_t n);
void hk_exact_free(hk_exact *x);
/* s is used only to find good starting candidates; the result does not depend on it.
 * AR_ERR_INTERNAL when the tree comes out with the wrong number of edges (a bug). */
ar_status hk_onetree_exact(const hk_graph *g, const hk_sparse *s, const int64_t *pi, hk_exact *x);

/* The exact minimum spanning tree by Boruvka on a k-d tree (planar graphs only): tree edges
 * into x->eu/ev (n - 1 of them), their key sum into *sum. AR_ERR_NOMEM; AR_ERR_INTERNAL when the
 * tree cannot be completed (a bug). */
ar_status hk_mst_planar(const hk_graph *g, const hk_sparse *s, const int64_t *pi, hk_exact *x,
                        int64_t *sum);
/* The second smallest key at each node in nodes[0..count) over the complete planar graph, and
 * the far end of that edge. AR_ERR_NOMEM. */
ar_status hk_second_planar(const hk_graph *g, const int64_t *pi, const int32_t *nodes,
                           int32_t count, int64_t *second, int32_t *other);

/* The per_quadrant nearest nodes of every node in each of its four quadrants (planar graphs
 * only): nbr[n][4 x per_quadrant], -1 where a quadrant has fewer. AR_ERR_NOMEM. */
/* On 100,000+ nodes the queries report their progress as the step `step` to work(work_arg, ...)
 * (tour_work.h; work NULL: none; the same lists). */
ar_status hk_quadrant_planar(const hk_graph *g, int32_t per_quadrant, int32_t *nbr,
                             const char *step, tour_work_fn work, void *work_arg);

/* Ceil of a / b for b > 0. */
static inline int64_t hk_ceil_div(int64_t a, int64_t b) {
  return a >= 0 ? (a + b - 1) / b : -((-a) / b);
}

#endif
