/* SPDX-License-Identifier: BSD-3-Clause */
/* road_search: one-to-many shortest paths on a road graph (Dijkstra's algorithm with a 4-ary
 * heap and decrease-key), with the scratch of one thread allocated once and reused.
 *
 * A search from a source settles nodes in order of distance and stops as soon as every target
 * is settled (or everything reachable is). Scratch arrays are never cleared between searches: a
 * node's distance counts only when its stamp equals the search's generation, so a search costs
 * what it settles, not O(n). Each search is sequential and deterministic: the same graph,
 * weights and source give the same distances and the same predecessor arcs on any thread, so
 * paths can be recomputed exactly later.
 * Distances are sums of float64 arc weights taken along the path from the source, the same
 * sums as any other Dijkstra (scipy's included) computes.
 * Failures: road_search_init returns AR_ERR_NOMEM; the rest cannot fail.
 */
#ifndef AR_ROAD_SEARCH_H
#define AR_ROAD_SEARCH_H

#include <stdint.h>

#include "ar_error.h"
#include "road_compact.h"
#include "road_graph.h"

typedef struct {
  double key;
  int32_t node;
} road_heap_item;

/* One node's state, together so that a relaxation touches one cache line. */
typedef struct {
  double dist;
  uint32_t stamp; /* generation in which dist and pos were last set */
  int32_t pos;    /* position in the heap, -1 once settled */
} road_node_state;

typedef struct {
  int32_t n;
  uint32_t gen;           /* the current search's generation */
  road_node_state *state; /* [n] */
  int64_t *pred;          /* [n] the arc into the node on its path (-1: the source) */
  road_heap_item *heap;   /* [n] */
  int32_t size;
  int with_pred;   /* 1: the searches record predecessors (paths); 0: distances only */
  int64_t settled; /* nodes settled by the last search */
} road_search;

/* Scratch for searches on graphs of n nodes: 32 bytes per node (24 without predecessors,
 * with_pred = 0: what the cost matrix needs; road_search_path then cannot be used). Both:
 * AR_ERR_NOMEM. */
ar_status road_search_init(road_search *s, int32_t n);
ar_status road_search_init_costs(road_search *s, int32_t n);
void road_search_free(road_search *s);

/* Dijkstra from source with arc weights w (road_graph_weights), all >= 0. target[u] != 0 marks
 * the nodes wanted; the search stops once all ntargets of them are settled (target NULL or
 * ntargets 0: settles everything reachable). */
void road_search_run(road_search *s, const road_graph *g, const double *w, int32_t source,
                     const uint8_t *target, int32_t ntargets);

/* The same on the compact copy c (road_compact.h; scratch for c->n nodes): source, target[]
 * and road_search_dist use c's node numbers (c->new_of). No predecessors are kept. The
 * distances are those road_search_run computes on the graph c was built from. */
void road_search_run_compact(road_search *s, const road_compact *c, int32_t source,
                             const uint8_t *target, int32_t ntargets);

/* The same, stopping once the one node target is settled. */
void road_search_run_to(road_search *s, const road_graph *g, const double *w, int32_t source,
                        int32_t target);

/* The distance of a node settled by the last search (every target), +inf when the search did
 * not reach it. */
double road_search_dist(const road_search *s, int32_t u);

/* The path of the last search (with predecessors) to a settled node u: the number of nodes on it
 * (source to u, both included), or -1 when u was not reached. When that number is at most cap,
 * nodes[] receives them and arcs[] (may be NULL) the cap-1 arcs between them, in order. */
int64_t road_search_path(const road_search *s, const road_graph *g, int32_t u, int32_t *nodes,
                         int64_t *arcs, int64_t cap);

#endif
