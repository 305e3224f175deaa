/* SPDX-License-Identifier: BSD-3-Clause */
/* tour_problem_types: the data the tour problem's modules share: its options, the problem (built
 * by tour_problem.h), the index of a source tour and the per-thread scratch that the construction,
 * the local search and the first tour (tour_construct.h, tour_ls.h, tour_initial.h) work on.
 * Types and inline accessors only.
 */
#ifndef AR_TOUR_PROBLEM_TYPES_H
#define AR_TOUR_PROBLEM_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include "problem.h"
#include "tour_bound_options.h"
#include "tour_net.h"
#include "tour_pieces.h"

typedef enum {
  TOUR_LS_NONE = 0,
  TOUR_LS_2OPT = 1,  /* 2-opt (ATSP: Or-opt, since 2-opt reverses) */
  TOUR_LS_OROPT = 2, /* 2-opt + Or-opt */
  TOUR_LS_FULL = 3,  /* 2-opt + Or-opt + Or-3opt (segment exchange) + sequential 3-opt */
  TOUR_LS_LK = 4     /* full + Lin-Kernighan chains in every ant (tour_ls.c: sym_lkv) */
} tour_ls_kind;

enum { TOUR_MAX_CANDIDATES = 64, TOUR_SEGMENT_MAX = 3, TOUR_KICK_MAX = 3 };

typedef enum {
  TOUR_FIRST_AUTO = 0,   /* greedy on symmetric instances of TOUR_GREEDY_FROM nodes on, else curve;
                            odd colonies of TOUR_COLONIES_FROM to TOUR_ANTS_WHOLE_BELOW - 1 nodes:
                            pi-greedy (tour_greedy.h: tour_first_kind) */
  TOUR_FIRST_CURVE = 1,  /* the Hilbert curve order (tour_curve.h) */
  TOUR_FIRST_GREEDY = 2, /* greedy edge matching (tour_greedy.h; symmetric only) */
  TOUR_FIRST_PI_GREEDY = 3 /* the same on the alpha ascent's penalised costs (ls_dist) */
} tour_first;

/* The first tours' kinds, as slots of tour_problem.start: the plain one (curve or greedy) and
 * the greedy matching on the penalised costs. */
enum { TOUR_START_PLAIN = 0, TOUR_START_PI_GREEDY = 1, TOUR_STARTS = 2 };

/* A first tour of the rank, made once by the first colony that asks for its kind. */
typedef struct {
  int32_t *order; /* [n], allocated by its maker */
  aco_cost cost;
  int claimed; /* a thread is making it (under the critical tour_initial_start) */
  int done;    /* it was made (ready) or failed: OpenMP atomics */
  int ready;
  int status;         /* the maker's status when it failed, and its message */
  char message[1024]; /* (the other colonies' threads of its kind report the same) */
} tour_start;

typedef struct {
  int32_t candidates;    /* pheromone options per node */
  int32_t ls_neighbours; /* neighbours tried by local search (0: automatic, see
                            tour_options_resolve) */
  tour_ls_kind ls;
  int32_t new_edges;    /* ants stop changing the source tour after this many new edges (0: build
                           whole tours; -1: automatic, see tour_options_resolve) */
  int32_t stall_kick;   /* after each stall_kick iterations without a better colony best, ants
                           change the source in new_edges more edges, up to TOUR_KICK_MAX times
                           new_edges (0: never; tour_kick_edges) */
  int ls_penalties;     /* 1: the ants' local search measures gains on the costs the alpha ascent's
                           penalties transform, d(u, v) + pi(u) + pi(v) (LKH's; tour_ls.c) */
  int32_t ls_5opt;      /* the ants' local search: chains of at most this many sequential 5-opt
                           steps where its other moves find nothing (0: none; tour_ls.c) */
  int32_t trial_every;  /* ants of whole tours: every trial_every-th ant of an iteration re-draws
                           a window of its source as LKH draws a trial (tour_construct.c; 0: none,
                           the library's default; the solve's automatic value: tour_auto_trials) */
  int32_t trial_window; /* the nodes a trial re-draws (0: the whole tour; -1: automatic, see
                           tour_options_resolve) */
  int32_t trial_stall;  /* trials only in colonies whose best has not improved for this many
                           iterations (0, the default: from the first) */
  tour_first first;     /* how coordinate instances' first tour starts (tour_initial.c) */
  int32_t pieces_from;  /* ants of instances of at least this many nodes keep their tours as
                           pieces of the source (tour_pieces.h): same tours, O(change) per ant */
  int combine;          /* symmetric instances (MMAS): the iteration's improving ants combined,
                           whole or in pieces (tour_combine.h) */
  int merge;            /* symmetric instances (MMAS) below TOUR_MERGE_BELOW nodes with whole ants:
                           every ant merged into the colony's best by partition crossover
                           (tour_merge.h) */
  int32_t rows_from;    /* instances of at least this many nodes offer the engine index parts
                           and row components (problem.h): MMAS deposits by rows, same bits */
  int32_t quadrant;     /* 2-D coordinates: each node's nearest `quadrant` neighbours in each of
                           the four quadrants around it join its candidate and local-search lists
                           (they connect clusters; 0: none; -1: automatic) */
  int32_t alpha_steps;  /* symmetric instances: > 0 orders candidates by alpha-nearness from an
                           ascent of at most this many steps (tour_alpha.c); 0: by distance */
  tour_bound_progress_fn progress; /* each step of that ascent (progress lines); NULL: none */
  void *progress_arg;
  tour_work_fn work; /* the other long steps on 100,000+ nodes (tour_work.h); NULL: none */
  void *work_arg;
} tour_options;

/* The automatic values of tour_options_resolve (docs/performance.md, issue #23). */
enum { TOUR_KL_ALPHA = 6, TOUR_KL_NEAREST = 10, TOUR_QUADRANT_ALPHA = 2 };
/* ... and of new_edges: larger changes of whole-tour ants (below pieces_from) gave their strong
 * search (the 5-opt chains) more to repair and shorter tours at 10 s; ants in pieces, without
 * the chains, did half the iterations with them and ended longer at 60 s. */
enum { TOUR_NEW_EDGES_WHOLE = 32, TOUR_NEW_EDGES_PIECES = 16 };

/* Instances from this size on keep ants' tours as pieces (docs/performance.md). */
enum { TOUR_PIECES_FROM = 20000 };

/* Whether the ants of an n-node instance keep their tours as pieces under these options: the one
 * rule that the scratch, the memory estimate, the automatic ants and new edges and the 5-opt
 * chains (whole tours only) follow. */
static inline int tour_ants_in_pieces(const tour_options *o, int32_t n) {
  return n >= o->pieces_from;
}
/* Chains of 5-opt steps (--ls-5opt): at most TOUR_LS_5OPT_MAX steps; chains of at most
 * TOUR_LS_5OPT_SHORT never take back an edge they added and stop at a step's first candidate
 * whose partial gain fails, longer ones follow LKH's rules (tour_ls.c: only the edge a step leaves
 * open must be one the chain did not add, every candidate of the breadth is tried, and a step
 * that gains nothing keeps more partial gain than its free end's nearest candidate costs).
 * Automatic (-1): long chains on symmetric instances of TOUR_LONG_CHAINS_FROM to
 * TOUR_LONG_CHAINS_BELOW nodes whose shortest candidate edges vary by less than
 * TOUR_LONG_CHAINS_CV (coefficient of variation: not clustered), else the short default
 * (tour_auto_chain_steps, docs/performance.md). */
enum {
  TOUR_LS_5OPT_MAX = 100,
  TOUR_LS_5OPT_SHORT = 16,
  TOUR_LS_5OPT_DEFAULT = 10,
  TOUR_LS_5OPT_LONG = 50,
  TOUR_LONG_CHAINS_FROM = 3000,
  TOUR_LONG_CHAINS_BELOW = 10000
};
#define TOUR_LONG_CHAINS_CV 1.0
/* Trial ants (--trial-ants, tour_construct.c): the nodes of the walk that re-draws the source
 * (automatic --trial-window: the whole tour below TOUR_TRIALS_WHOLE_BELOW nodes, else
 * TOUR_TRIAL_WINDOW), and the candidates of a node whose edges it keeps (the alpha-nearest: the
 * 1-tree's edges, LKH's backbone). Automatic --trial-ants (tour_auto_trials): every
 * TOUR_TRIALS_SMALL-th ant on symmetric instances of TOUR_TRIALS_FROM to
 * TOUR_TRIALS_WHOLE_BELOW - 1 nodes whose ants merge under MMAS: whole-tour trials freed stalled
 * seeds there and cost tours from 2,000 nodes on (docs/performance.md). They start at once:
 * waiting for a stall of 10 iterations (--trial-stall 10) kept d1655's time to 0.01 % above the
 * optimum but lost most of what they gained at 10 s. */
enum {
  TOUR_TRIAL_WINDOW = 400,
  TOUR_TRIAL_BACKBONE = 2,
  TOUR_TRIALS_FROM = 1000,
  TOUR_TRIALS_WHOLE_BELOW = 2000,
  TOUR_TRIALS_SMALL = 4
};
/* Whether chains of o->ls_5opt steps follow LKH's rules (more than TOUR_LS_5OPT_SHORT steps). */
static inline int tour_chains_lkh(const tour_options *o) { return o->ls_5opt > TOUR_LS_5OPT_SHORT; }
/* The automatic --ls-5opt by size alone: long on TOUR_LONG_CHAINS_FROM to TOUR_LONG_CHAINS_BELOW
 * nodes with whole ants, else the default; tour_auto_chain_steps also asks that the instance be
 * symmetric and not clustered (the time model, before the lists exist, asks this only). */
static inline int32_t tour_chain_steps_by_size(const tour_options *o, int32_t n) {
  return n >= TOUR_LONG_CHAINS_FROM && n < TOUR_LONG_CHAINS_BELOW && !tour_ants_in_pieces(o, n)
             ? TOUR_LS_5OPT_LONG
             : TOUR_LS_5OPT_DEFAULT;
}
/* Whether the ants' search has long chains (resolved options); then a coordinate instance's
 * first tour also ends with a pass of that search from every node (tour_initial.c). */
static inline int tour_long_chains(const tour_options *o, int32_t n) {
  return o->ls >= TOUR_LS_LK && tour_chains_lkh(o) && n >= 16 && !tour_ants_in_pieces(o, n);
}
/* Automatic ants of combining instances (tour_auto_ants): ants in pieces one per this many
 * nodes, at least the minimum, their tours within the bytes; whole ants (MMAS) below
 * TOUR_ANTS_WHOLE_BELOW nodes TOUR_ANTS_WHOLE. */
#define TOUR_ANTS_BYTES (INT64_C(128) << 20)
enum { TOUR_ANTS_PER_NODES = 256, TOUR_ANTS_MIN = 16, TOUR_ANTS_WHOLE = 8 };
enum { TOUR_ANTS_WHOLE_BELOW = 3000 };
/* Ants are merged into the best (opt.merge) below this size: measured to help on 1,000-4,500
 * nodes at 10 s; at 60 s on 13,000 and 19,000 nodes the wandering source's many components made
 * merging cost more than it found (docs/performance.md). */
enum { TOUR_MERGE_BELOW = 10000 };
/* Whether the ants of an n-node instance are merged into their colony's best (opt.merge on a
 * symmetric instance below TOUR_MERGE_BELOW nodes with whole ants; MMAS only, the engine's
 * aco_colony_merges). */
static inline int tour_ants_merge(const tour_options *o, int32_t n, int directed) {
  return !directed && o->merge && n < TOUR_MERGE_BELOW && !tour_ants_in_pieces(o, n);
}
/* Automatic restarts (tour_auto_restart, tour_auto_restart_descent): under MMAS a colony whose
 * ants merge and that has not improved for TOUR_RESTART_STALL iterations, and for at least
 * TOUR_RESTART_DESCENT times the iterations its search took from its last start to its best,
 * starts its ants from its first tour again (the engine's --restart and --restart-descent,
 * aco_mmas.c) and keeps its best, into which the fresh ants merge: a trap set in the first
 * iterations is left (fl1400, fl3795), a search that converged at once searches afresh
 * (pcb3038), one still descending slowly is left alone (fnl4461: docs/performance.md). */
enum { TOUR_RESTART_STALL = 5 };
#define TOUR_RESTART_DESCENT 1.0
/* Automatic colonies (tour_auto_colonies): TOUR_COLONIES_SMALL on symmetric instances of
 * TOUR_COLONIES_FROM to TOUR_ANTS_WHOLE_BELOW nodes under MMAS with merging (two searches that
 * meet at epoch ends stall less: pr2392's trapped seeds freed; docs/performance.md). */
enum { TOUR_COLONIES_FROM = 1000, TOUR_COLONIES_SMALL = 2 };
/* From this size on the trail update deposits by rows, the source index built in parts of about
 * TOUR_INDEX_PART nodes (at least 2, at most TOUR_INDEX_PARTS_MAX) on every thread. */
enum { TOUR_ROWS_FROM = 50000, TOUR_INDEX_PART = 32768, TOUR_INDEX_PARTS_MAX = 256 };

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
  /* The alpha ascent's penalties for the ants' local search (opt.ls_penalties; NULL: plain
   * costs): pi [n] in units of 1 / pi_scale, and ls_dist [n][width] = pi_scale nbr_dist + pi(u)
   * + pi(v), nbr_dist on that scale. */
  int64_t *pi;
  int64_t pi_scale;
  int64_t *ls_dist;
  /* Coordinates: the first tours, one per kind a colony of the rank starts from
   * (tour_first_kind), each made once by the first colony that asks (tour_initial) and copied by
   * the others of its kind. */
  tour_start start[TOUR_STARTS];
  struct tour_pass *pass; /* the first tour's pass under way, that waiting threads join
                             (tour_pass.h; under the critical tour_pass_join) */
} tour_problem;

/* The index of a source tour (problem.h, source_index): the length of the edge leaving each
 * position, the prefix sums of those lengths (n + 1: the length of the source's path from
 * position 0 to each position), each node's position, then each node's successor and
 * predecessor (link[2 u], link[2 u + 1]: the trail update reads them in node order). */
static inline const int64_t *tour_index_edge(const void *index) { return index; }
static inline const int64_t *tour_index_prefix(const void *index, int32_t n) {
  return (const int64_t *)index + n;
}
static inline const int32_t *tour_index_pos(const void *index, int32_t n) {
  return (const int32_t *)((const int64_t *)index + 2 * (size_t)n + 1);
}
static inline const int32_t *tour_index_link(const void *index, int32_t n) {
  return tour_index_pos(index, n) + n;
}
static inline size_t tour_index_bytes(int32_t n) {
  return (2 * (size_t)n + 1) * sizeof(int64_t) + 3 * (size_t)n * sizeof(int32_t);
}

/* The source position of the edge a-b (the position of its first node in the source), or -1
 * when the source has no such edge. */
static inline int32_t tour_source_edge(int32_t n, int symmetric, const int32_t *src_pos, int32_t a,
                                       int32_t b) {
  int32_t d = src_pos[b] - src_pos[a];
  if (d < 0) d += n;
  if (d == 1) return src_pos[a];
  if (symmetric && d == n - 1) return src_pos[b];
  return -1;
}

struct tour_work;
struct tour_pass;

/* Per-thread scratch of the tour callbacks. */
typedef struct {
  int32_t n;
  int32_t *pos;   /* [n] position of each node in the tour being worked on */
  int64_t *nlen;  /* [n] length of the edge from each node to its successor in that tour */
  uint32_t *mark; /* [n] visit stamps (construction) */
  uint32_t stamp;
  int32_t *queue;  /* [qcap] local search work list (FIFO ring; qcap = n but in a window) */
  uint8_t *queued; /* [n] */
  int32_t qhead, qcount, qcap;
  int32_t *unvisited; /* [n] whole-tour construction: unvisited nodes (swap-remove) */
  int32_t *where;     /* [n] index of each node in unvisited */
  int64_t moves;      /* local search moves applied (statistics) */
  int64_t bridges;    /* of which double bridges (statistics, tests) */
  int64_t swaps;      /* of which bridges that swapped two segments (four reversals) */
  int64_t chains5;    /* of which 5-opt chains kept after more than one step (statistics, tests) */
  int64_t tight5;     /* 5-opt chain steps made without gain whose partial gain was no more than
                         their free end's nearest candidate's cost (tests: none by LKH's rules) */
  tour_pieces pieces; /* the ant's tour as pieces of the source (large instances; else empty) */
  int in_pieces;      /* the last construction left its tour in pieces, not in pos and nlen */
  /* The first tour's local search reports to work (NULL: no reports) as its part work_part (a
   * window; tour_work.h). */
  struct tour_work *work;
  int32_t work_part;
} tour_scratch;

#endif
