/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_solve: what a problem kind gives the solve driver (src/app/solve_driver.c), through its
 * wing (wing.h).
 *
 * `antroute solve NET.h5` parses its options once (the driver's table: the options every kind
 * shares, then each kind's own), opens the network once, reads its `kind` attribute and hands the
 * run to the solve part of the wing of that name (src/app/app_wings.c lists them). A kind
 * supplies:
 *   - its own options and its defaults for shared ones (ants, epoch length, progress interval);
 *   - its phases: a tour solve has one, order routing one per calendar month; for each phase an
 *     aco_problem for the engine, and what to keep of the phase's best once it is verified;
 *   - its progress line, its checkpoint part (the state of finished phases), its results and its
 *     closing lines.
 * The driver owns everything else: parsing, the parallel set-up, the output file, the engine and
 * its hooks, checkpoints and resume, the stop message and exit status 75, the self-check of each
 * phase's best, the BSP record. Adding a kind adds its wing and a line in app_wings.c; the
 * driver does not change.
 *
 * Every callback is collective over run->comm unless it says "rank 0"; a failure must be the same
 * on every rank (use ar_agree) and carries a message.
 */
#ifndef AR_WING_SOLVE_H
#define AR_WING_SOLVE_H

#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>

#include "aco_engine.h"
#include "bsp_log.h"
#include "ckpt_field.h"
#include "param.h"
#include "wing_memory.h"

/* A default a kind gives to one of the shared options. */
typedef struct {
  const char *name, *value;
} solve_default;

/* What a kind adds to the help of one of the shared options (`solve --help` prints
 * "...; KIND: TEXT"). */
typedef struct {
  const char *name, *text;
} solve_note;

/* What the driver tells a kind about the run. */
typedef struct {
  const param_set *ps; /* every option, parsed (another kind's own options are unset) */
  const char *input, *output;
  MPI_Comm comm;
  int rank, ranks, threads;
  int quiet;          /* --quiet: no progress or information lines */
  double time;        /* --time in seconds (0: none) */
  int64_t iterations; /* --iterations (0: no limit) */
  /* With --checkpoint-dir: the folder where values computed before the search may be kept for a
   * restart (ckpt_keep.h), and the input's checksum they are kept under; NULL without. */
  const char *keep_dir, *input_checksum;
  /* The time plan (solve_budget.h) leaves out the kind's optional work before the search (tours:
   * the lower bound, which only reports a gap) because it does not fit in --time. */
  int skip_optional;
  /* Rank 0, when the results are written: an earlier segment of this run wrote the --csv plan
   * there (solve_outputs.h), so it is replaced without a backup. */
  int own_plan;
} solve_run;

/* A kind's estimate, in seconds, of its steps around the search, for the time plan of --time
 * (solve_budget.h; docs/cli.md). Labels are short ("the lower bound", "candidate lists"). */
enum { SOLVE_TIME_STEPS = 4 };
typedef struct {
  double optional;           /* work prepare() may leave out when run->skip_optional (0: none) */
  const char *optional_what; /* "the lower bound" */
  int nsteps;                /* the steps every run needs before its first iteration */
  double step[SOLVE_TIME_STEPS];
  const char *step_what[SOLVE_TIME_STEPS];
  double write; /* checking and writing the results */
} solve_time_estimate;

typedef struct solve_kind solve_kind;
struct solve_kind {
  const param_def *params; /* its own options (--help lists them under the wing's title) */
  int nparams;
  const solve_default *defaults;
  int ndefaults;
  const solve_note *notes;
  int nnotes;
  const char *description; /* its sentence of `solve --help` ("Tour networks: the best tour.") */
  int epochs_in_results;   /* its results have /epochs: the BSP split per epoch goes there too */

  /* Reads the network from the open file, resolves the kind's options and prints its first
   * line(s) on rank 0 unless quiet. *state: the kind's, freed by close(). */
  ar_status (*open)(const solve_run *run, hid_t file, void **state);
  /* After the network is read and the checkpoint session is open: long work before the search
   * that a restart may find kept in run->keep_dir (tours: the lower bound of a network without
   * one). A stop signal may interrupt it: AR_ERR_STOPPED, agreed, its message saying where
   * ("while computing the lower bound"). May be NULL. */
  ar_status (*prepare)(void *state, const solve_run *run);
  /* For the memory estimate before the search (solve_memory.h): what the run will allocate beyond
   * what the rank holds now, for the kind's biggest phase: that phase's engine
   * (wing_memory_add_engine with its problem's shape and par) and the kind's own parts. Nothing
   * is allocated. May be NULL (no estimate). */
  void (*memory)(void *state, const solve_run *run, const aco_params *par,
                 wing_memory_parts *parts);
  /* Before prepare(): what the kind's steps around the search will take (nothing is computed).
   * May be NULL (the plan then knows only the reading time). */
  void (*time_estimate)(void *state, const solve_run *run, solve_time_estimate *out);
  /* Phases of the run (at least 1). */
  int32_t (*phases)(void *state);
  /* What a phase is called in messages ("month 2013-05"), or NULL when there is one phase. */
  void (*phase_label)(void *state, int32_t phase, char *buf, size_t cap);
  /* The kind's checkpoint part (the results of finished phases and the index of the current
   * one), or NULL when the engine's state is all there is (tours). */
  ckpt_part *(*ckpt_part)(void *state);
  /* After the part was read from a checkpoint: the phase the checkpoint's engine belongs to
   * (the phases before it are finished). AR_ERR_INPUT for an index out of range. */
  ar_status (*resumed)(void *state, const solve_run *run, const char *path, int32_t *phase);

  /* Prepares phase p: adjusts the engine's parameters (par holds the shared ones: the kind may
   * set its time share, say) and makes the problem (*problem stays valid until phase_free). */
  ar_status (*phase_begin)(void *state, const solve_run *run, int32_t phase, aco_params *par,
                           const aco_problem **problem);
  /* Once the engine exists (its colonies hold their initial solutions): adjustments to the run
   * (the time left) and, on rank 0 unless quiet, an information line. May be NULL. */
  ar_status (*phase_started)(void *state, const solve_run *run, int32_t phase, aco_engine *e);
  /* Rank 0: the progress line after "[   12.3 s] " (final: the last line of the phase). */
  void (*progress)(void *state, const solve_run *run, int32_t phase, const aco_engine *e, int final,
                   char *line, size_t cap);
  /* After the phase's best was verified: keep what the phase found (the month's plan). */
  ar_status (*phase_end)(void *state, const solve_run *run, int32_t phase, aco_engine *e);
  /* Frees what phase_begin made (also after a failure). The driver calls it before the next
   * phase begins, and for the last phase once the results are written. */
  void (*phase_free)(void *state);

  /* After the last phase: checks the whole answer from scratch (AR_ERR_INTERNAL: a bug). May be
   * NULL. */
  ar_status (*finish)(void *state, const solve_run *run);
  /* Writes the kind's results into the open results file; `last` is the engine of the last phase.
   */
  ar_status (*write)(void *state, const solve_run *run, hid_t file, const aco_engine *last);
  /* After the results file is in place: other outputs (a plan CSV). May be NULL. */
  ar_status (*write_extra)(void *state, const solve_run *run);
  /* Rank 0: the closing lines (best, bounds, totals). */
  void (*summary)(void *state, const solve_run *run, const aco_engine *last, FILE *out);
  void (*close)(void *state);
};

#endif
