/* SPDX-License-Identifier: BSD-3-Clause */
/* problem: what a problem kind supplies to the ACO engine (tours now, order routing later).
 *
 * The engine knows nothing about tours or orders. It keeps, per colony, a pheromone matrix of
 * `rows` x `options` float32 values (a row is a decision: a node's successor, an order's route;
 * an option is one of that decision's candidates), and it moves solutions around as flat arrays of
 * `solution_len` int32 values with a cost. Everything else comes from the problem through the
 * callbacks below.
 *
 * How a new problem plugs in: fill an aco_problem (shape, callbacks, `data` pointing at the
 * problem's own read-only state), then hand it to aco_engine_create(). The callbacks are called
 * from many OpenMP threads at once; they may only write into the scratch the engine gives them
 * (one per thread, made by scratch_create before the loop) and into the output solution. To keep
 * the answer independent of the thread count, a callback's result must depend only on its inputs
 * (the ant context, the solution), never on what the scratch held before.
 */
#ifndef AR_PROBLEM_H
#define AR_PROBLEM_H

#include <stddef.h>
#include <stdint.h>

#include "aco_rng.h"
#include "ar_error.h"

/* A cost, compared lexicographically key by key (key[0] first). Tours use key[0] = length.
 * `value` is the positive number pheromone deposits are scaled by (1 / value). */
enum { ACO_COST_KEYS = 2 };
typedef struct {
  double key[ACO_COST_KEYS];
  double value;
} aco_cost;

/* <0, 0, >0 as a is better than, equal to, worse than b. */
int aco_cost_compare(const aco_cost *a, const aco_cost *b);
/* A cost worse than every real one. */
aco_cost aco_cost_worst(void);

typedef struct {
  aco_cost cost;
  int32_t *data; /* solution_len values, meaning defined by the problem */
} aco_solution;

/* What an ant sees while it builds a solution. */
typedef struct {
  const float *choice;        /* [rows][options]: tau^alpha * eta^beta of the ant's colony */
  int32_t options;            /* row stride of choice */
  const aco_solution *source; /* a good solution to start from and modify (NULL: build anew) */
  const void *source_index;   /* problem-defined index of source (see source_index below) */
  double q0;                  /* probability of taking the best option outright (ACS), else 0 */
  aco_rng rng;                /* this ant's random stream */
  int64_t iteration;
  int32_t colony, ant;
  int64_t stalled; /* iterations since the colony's best last improved (0: it did in the last) */
} aco_ant_ctx;

/* Called for each pheromone component (row, option) of a solution. */
typedef void (*aco_component_fn)(int32_t row, int32_t option, void *arg);

typedef struct aco_problem aco_problem;
struct aco_problem {
  const char *kind;     /* the name of the kind (its wing, io/wing/wing.h) */
  int32_t rows;         /* pheromone rows */
  int32_t options;      /* pheromone columns (the widest row; unused entries have eta 0) */
  int32_t solution_len; /* int32 values per solution */
  void *data;           /* the problem's own state, read-only during the search */

  /* eta[options] for a row: the heuristic desirability of each option (>= 0; 0 = no option).
   * Only ratios within a row matter. Called once per row when the engine starts. */
  void (*heuristic)(const aco_problem *p, int32_t row, float *eta);

  /* Per-thread scratch, made once before the loop (use ar_alloc), freed at the end. */
  ar_status (*scratch_create)(const aco_problem *p, void **scratch);
  void (*scratch_free)(const aco_problem *p, void *scratch);

  /* A deterministic starting solution for a colony (already improved by local search), from
   * the stream ctx->rng. May fail (out of memory, a self-check). */
  ar_status (*initial)(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out);

  /* Optional: colonies of the same key (>= 0) get the same initial() solution, whatever their
   * stream; -1: a colony's own. Where every colony of a node's ranks has one key, one rank makes
   * it with the node's threads and the others receive it (aco_start.h). */
  int64_t (*initial_key)(const aco_problem *p, int64_t colony);

  /* Builds one solution into out (data and cost), using ctx->choice and ctx->rng; when
   * ctx->source is set it may build by modifying the source. Leaves in scratch whatever the
   * following improve() call needs. Cannot fail. */
  void (*construct)(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *out);

  /* Local search on the solution construct() (or initial()) just built with the same scratch;
   * updates data and cost. NULL: no local search. Cannot fail. */
  void (*improve)(const aco_problem *p, aco_ant_ctx *ctx, void *scratch, aco_solution *sol);

  /* Optional: construct() and improve() may leave a solution in a compact, problem-defined form
   * relative to the ant's source (tours of large instances: the pieces of the source it is made
   * of), so that an ant costs what it changes, not solution_len. expand() turns such a solution
   * into its full form in place (a full one stays as it is); the engine calls it on each ant
   * solution it keeps or reads (the iteration best; every ant under ACS) before anything else. */
  void (*expand)(const aco_problem *p, const aco_solution *source, aco_solution *sol);

  /* Calls fn for every pheromone component of the solution, in a fixed order. */
  void (*components)(const aco_problem *p, const aco_solution *s, aco_component_fn fn, void *arg);

  /* Optional: fills a block of source_index_bytes from a solution (for tours: each node's
   * position and each edge's length), so that construct() can ask "is this component in the
   * source?" in O(1). The engine keeps one per colony (aligned to a cache line) and refreshes
   * it whenever the colony's source changes. */
  size_t source_index_bytes;
  void (*source_index)(const aco_problem *p, const aco_solution *s, void *index);

  /* Optional, with source_index (tours of large instances): index_parts > 1 offers the same
   * index built in index_parts parts that may run at once on different threads,
   * source_index_part() for the values [lo, hi) of the solution's data (the parts split
   * 0 .. solution_len), then source_index_close() once, and row_components(), which names the
   * components of a solution in one row (each with the multiplicity components() gives it)
   * from its index. With them an MMAS update deposits row by row beside the evaporation, and
   * every thread builds part of the next source's index (aco_segment.c): the same bits as the
   * deposit in components() order, without one thread's walk through the rows in solution
   * order while the others wait. */
  int32_t index_parts;
  void (*source_index_part)(const aco_problem *p, const aco_solution *s, void *index, int32_t lo,
                            int32_t hi);
  void (*source_index_close)(const aco_problem *p, const aco_solution *s, void *index);
  void (*row_components)(const aco_problem *p, const aco_solution *s, const void *index,
                         int32_t row, aco_component_fn fn, void *arg);

  /* Optional (MMAS): the iteration's improving ants applied together. order lists the count
   * ants by cost (then index; the iteration best first), as construct() and improve() left them
   * (before expand()); source and source_index are theirs; work is combine_bytes of the
   * colony's. Writes the combination in full form, with its cost, into out and returns how many
   * ants it holds; below 2, out means nothing and the iteration best deposits as usual. */
  size_t combine_bytes;
  int32_t (*combine)(const aco_problem *p, const aco_solution *source, const void *source_index,
                     const aco_solution *ants, const int32_t *order, int32_t count, void *work,
                     aco_solution *out);

  /* Optional (MMAS): two solutions merged into one better than both (tours: partition
   * crossover, tour_merge.h), each ant of an iteration into the colony's best; a is full, b
   * as construct() and improve() left it; work is merge_bytes of the colony's. Writes the
   * child with its cost into out and returns 1 when it is better than both, else 0 (out means
   * nothing). out may hold a's data: a merge reads its parents before it writes. */
  size_t merge_bytes;
  int (*merge)(const aco_problem *p, const aco_solution *a, const aco_solution *b, void *work,
               aco_solution *out);

  /* Checks a solution from scratch (validity, cost recomputed independently of the search's
   * bookkeeping). Returns AR_ERR_INTERNAL with a message when it is not valid or its stored cost
   * differs from the recomputed one. */
  ar_status (*verify)(const aco_problem *p, const aco_solution *s);
};

#endif
