/* tour_problem: the tour kind (TSP and ATSP) as an ACO problem (see problem.h).
 *
 * Decisions are nodes, options a node's nearest neighbours (its candidate list), a solution the
 * visiting order (int32 [n], 0-based) with key[0] = the tour's exact TSPLIB length. Ants build
 * new tours by changing a few edges of the colony's source tour (Focused ACO's idea) or, with
 * new_edges = 0, whole tours; local search (2-opt, Or-opt, Or-3opt) then starts only from the
 * endpoints of the edges that changed. ATSP instances only get moves that keep the direction of
 * travel (Or-opt and segment exchange, never a reversal).
 */
#ifndef AR_TOUR_PROBLEM_H
#define AR_TOUR_PROBLEM_H

#include <stdint.h>

#include "problem.h"
#include "tour_net.h"

typedef enum {
  TOUR_LS_NONE = 0,
  TOUR_LS_2OPT = 1,  /* 2-opt (ATSP: Or-opt, since 2-opt reverses) */
  TOUR_LS_OROPT = 2, /* 2-opt + Or-opt */
  TOUR_LS_FULL = 3   /* 2-opt + Or-opt + Or-3opt (segment exchange) */
} tour_ls_kind;

enum { TOUR_MAX_CANDIDATES = 64, TOUR_SEGMENT_MAX = 3 };

typedef struct {
  int32_t candidates;    /* pheromone options per node */
  int32_t ls_neighbours; /* neighbours tried by local search */
  tour_ls_kind ls;
  int32_t new_edges; /* ants stop changing the source tour after this many new edges (0: build
                        whole tours) */
} tour_options;

/* Defaults (docs/performance.md says how they were measured). */
tour_options tour_options_default(void);

typedef struct {
  const tour_net *net;
  tour_options opt;
  int32_t n;
  int32_t k;     /* candidates (pheromone options) per node */
  int32_t kl;    /* neighbours used by local search */
  int32_t width; /* stride of nbr/nbr_dist: max(k, kl) */
  int symmetric; /* 0 for ATSP */
  int32_t *nbr;  /* [n][width] nearest out-neighbours, nearest first (ties: lower index) */
  int64_t *nbr_dist;
  int32_t *in_nbr; /* ATSP only: [n][width] nearest in-neighbours (w(j, i) ascending) */
  int64_t *in_dist;
  /* Coordinates: the first tour, the same for every colony, made once by the first colony that
   * asks (tour_initial) and copied by the others. */
  int32_t *start;
  aco_cost start_cost;
  int start_ready;
} tour_problem;

/* The engine's view of the problem tour_problem_create() would build (rows, options,
 * solution_len, source_index_bytes; no callbacks, no data), and the neighbour-list width: for a
 * memory estimate before anything is allocated. */
void tour_problem_shape(const tour_net *net, const tour_options *opt, aco_problem *shape,
                        int32_t *width);

/* Builds the candidate lists (a grid for coordinates: O(n) memory; the matrix for EXPLICIT)
 * and fills `out` with the callbacks. tp must outlive out. AR_ERR_USAGE for impossible options,
 * AR_ERR_NOMEM. */
ar_status tour_problem_create(const tour_net *net, const tour_options *opt, tour_problem *tp,
                              aco_problem *out);
void tour_problem_free(tour_problem *tp);

/* The index of a source tour (problem.h, source_index): the length of the edge leaving each
 * position, then each node's position. */
static inline const int64_t *tour_index_edge(const void *index) { return index; }
static inline const int32_t *tour_index_pos(const void *index, int32_t n) {
  return (const int32_t *)((const int64_t *)index + n);
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

/* Per-thread scratch of the tour callbacks. */
typedef struct {
  int32_t n;
  int32_t *pos;   /* [n] position of each node in the tour being worked on */
  int64_t *nlen;  /* [n] length of the edge from each node to its successor in that tour */
  uint32_t *mark; /* [n] visit stamps (construction) */
  uint32_t stamp;
  int32_t *queue;  /* [n] local search work list (FIFO ring) */
  uint8_t *queued; /* [n] */
  int32_t qhead, qcount;
  int32_t *unvisited; /* [n] whole-tour construction: unvisited nodes (swap-remove) */
  int32_t *where;     /* [n] index of each node in unvisited */
  int64_t moves;      /* local search moves applied (statistics) */
} tour_scratch;

/* Internals shared by the tour_*.c files. */
ar_status tour_candidates_build(const tour_net *net, int32_t width, int32_t *nbr, int64_t *dist);
ar_status tour_candidates_build_in(const tour_net *net, int32_t width, int32_t *nbr, int64_t *dist);
void tour_construct(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out);
void tour_improve(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *sol);
/* Local search on order (s->pos and s->nlen consistent with it) from the nodes in the scratch
 * queue; returns the length change (<= 0). whole: the queue holds a whole tour (the first
 * tour): Lin-Kernighan chains too, and moves only between nodes at most max(TOUR_LS_REACH_MIN,
 * TOUR_LS_REACH sqrt(n)) apart in the tour, so that array edits stay short on 10^5-10^6 nodes
 * (a curve tour's defects are local). */
enum { TOUR_LS_REACH = 50, TOUR_LS_REACH_MIN = 1000 };
int64_t tour_ls_run(const tour_problem *tp, tour_scratch *s, int32_t *order, int whole);
/* Fills s->pos and s->nlen for order (O(n) distances; constructions fill them as they go). */
void tour_ls_prepare(const tour_problem *tp, tour_scratch *s, const int32_t *order);
/* Queues a node for local search (no-op if queued). */
static inline void tour_ls_push(tour_scratch *s, int32_t node) {
  if (s->queued[node]) return;
  s->queued[node] = 1;
  int32_t at = s->qhead + s->qcount;
  if (at >= s->n) at -= s->n;
  s->queue[at] = node;
  s->qcount++;
}
ar_status tour_initial(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out);

#endif
