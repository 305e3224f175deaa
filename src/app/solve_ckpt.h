/* solve_ckpt: checkpoint/restart of `antroute solve`: the engine's state as checkpoint fields,
 * the stop agreement and the checkpoint schedule at iteration boundaries (docs/checkpoint.md).
 *
 * What a checkpoint of a search holds (C colonies, R pheromone rows, K options, L = solution
 * length, E = epochs completed):
 *   /colonies/pheromone      float32 [C][R][K]  each colony's trails
 *   /colonies/best           int32   [C][L]     each colony's best solution
 *   /colonies/restart_best   int32   [C][L]     best since its last trail re-initialisation
 *   /colonies/source         int32   [C][L]     the solution its ants modify next
 *   /colonies/state_int      int64   [C][6]     colony, iterations, best_iteration,
 *                                               restart_iteration, restart_best_iteration, restarts
 *   /colonies/state_real     float64 [C][11]    tau_max, tau_min, best_cost (key0, key1, value),
 *                                               restart_best_cost (3), source_cost (3)
 *   /colonies/best_cost_log  float64 [C][E][3]  each colony's best cost at each epoch end
 *   /global/best             int32   [L]        the global best solution
 *   /global/best_cost        float64 [3]        its cost (key0, key1, value)
 *   /global/epochs           float64 [E][6]     per epoch: iteration, time, best key0, key1, value,
 *                                               best colony
 * and the root attributes month (= E), iteration, best_colony, best_iteration, best_time and
 * elapsed (seconds of search so far). Random streams are derived from counters: nothing to save.
 * Checkpoints are taken only at iteration boundaries where no mid-epoch exchange has happened, so
 * a resumed run continues exactly as an uninterrupted one.
 */
#ifndef AR_SOLVE_CKPT_H
#define AR_SOLVE_CKPT_H

#include <mpi.h>

#include "aco_engine.h"
#include "ckpt.h"

enum { SOLVE_CKPT_FIELDS = 10, SOLVE_CKPT_SCALARS = 5 };
/* Room for a driver's own fields and scalars (the supply-chain months: cmd_solve_supply.c). */
enum { SOLVE_CKPT_EXTRA_FIELDS = 8, SOLVE_CKPT_EXTRA_SCALARS = 2 };

typedef struct {
  ckpt_options opt;
  int enabled; /* --checkpoint-dir or --resume given */
  int writing; /* --checkpoint-dir given: checkpoints are written */
  int quiet;
  MPI_Comm comm;
  int rank;
  char input_checksum[CKPT_INPUT_CHECKSUM_MAX];
  char *search; /* param_serialize(ps, 1) */
  const param_set *ps;
  ckpt_deadline deadline;
  ckpt_schedule schedule;
  double last_boundary; /* MPI_Wtime() at the previous iteration boundary */

  /* Set by the driver before solve_ckpt_attach_and_resume: written and read after the engine's
   * (replicated fields whose data stays the driver's; scalars copied in, read back into
   * scalars[SOLVE_CKPT_SCALARS + i]). */
  const ckpt_field *extra_fields;
  int nextra_fields;
  const ckpt_scalar *extra_scalars;
  int nextra_scalars;

  aco_engine *e;
  ckpt_field fields[SOLVE_CKPT_FIELDS + SOLVE_CKPT_EXTRA_FIELDS];
  ckpt_scalar scalars[SOLVE_CKPT_SCALARS + SOLVE_CKPT_EXTRA_SCALARS];
  ckpt_state state;
  void **tau, **best, **restart_best, **source; /* per local colony */
  int64_t *state_int;                           /* [local][6] */
  double *state_real;                           /* [local][11] */
  double *colony_log;                           /* [local][E][3] */
  double *records;                              /* [E][6] */
  double global_cost[3];
  int64_t staged_epochs; /* E the staging arrays hold */

  /* What happened: */
  int stop_reasons, stop_signal; /* why the run stopped (ckpt_stop.h), 0: it did not */
  int written;                   /* checkpoints written by this run */
  double write_seconds;          /* their total time */
  char last_path[H5U_PATH_MAX];
} solve_ckpt;

/* Collective. Reads the checkpoint options from ps (CKPT_PARAM_DEFS); with --checkpoint-dir or
 * --resume: the input file's checksum and the search parameters; with --checkpoint-dir: signal
 * handlers, the deadline and the schedule. AR_ERR_USAGE for contradictory options. */
ar_status solve_ckpt_init(solve_ckpt *sc, const param_set *ps, const char *input, int quiet,
                          MPI_Comm comm);

/* Collective. Describes engine e's state as checkpoint fields (call after aco_engine_create),
 * then applies --resume: on success *resumed says whether e now holds a checkpoint's state. */
ar_status solve_ckpt_attach_and_resume(solve_ckpt *sc, aco_engine *e, int *resumed);

/* The engine hook (aco_hooks.iteration_end, arg = the solve_ckpt): agrees on a stop (signals,
 * deadline), writes the checkpoints the schedule asks for, and stops the run after writing one
 * on a stop request. A failed checkpoint is reported (rank 0, stderr) and the run goes on, unless
 * it was the checkpoint of a stop: then the run fails with its status. */
ar_status solve_ckpt_iteration_end(aco_engine *e, void *arg, int *stop);

/* Forgets the engine attached last (frees what describes it), so that another engine (the next
 * month's) can be attached; the options, signal handlers and deadline stay. */
void solve_ckpt_detach(solve_ckpt *sc);

void solve_ckpt_free(solve_ckpt *sc);

#endif
