/* SPDX-License-Identifier: BSD-3-Clause */
/* solve_options: the options of `antroute solve`, declared once.
 *
 * The table holds the options every problem kind shares (search, limits, progress, checkpoints,
 * the parallel run), then each wing's own solve options under its title (app_wings.h), so that
 * one parse reads any command line and --help shows everything: the kinds' defaults of shared
 * options and their notes are printed from the kinds' tables ("default: 16 (tour), 8
 * (supply-chain)"), and so is the description. Once the network's kind is known,
 * solve_options_for_kind() forgets the other kinds' options and applies the kind's defaults of
 * shared options (ants, epoch length, progress interval), so that what is recorded in the outputs
 * and compared on resume is exactly what this run uses.
 */
#ifndef AR_SOLVE_OPTIONS_H
#define AR_SOLVE_OPTIONS_H

#include "aco_params.h"
#include "param.h"
#include "wing.h"

enum { SOLVE_DEFAULT_SECONDS = 10 };

enum { SOLVE_HELP_TEXT = 512, SOLVE_DEFAULT_TEXT = 64, SOLVE_DESCRIPTION = 4096 };

typedef struct {
  param_def defs[PARAM_MAX];
  const char *groups[PARAM_MAX];
  int ndefs;
  char help[PARAM_MAX][SOLVE_HELP_TEXT];        /* shared options' help with the kinds' defaults */
  char defaults[PARAM_MAX][SOLVE_DEFAULT_TEXT]; /* the engine's defaults (aco_options.h) */
  char description[SOLVE_DESCRIPTION]; /* solve --help's paragraph with the kinds' sentences */
} solve_option_table;

/* Fills the table. AR_ERR_INTERNAL when the kinds' options do not fit or repeat a name. */
ar_status solve_options_table(solve_option_table *t);

/* Collective in effect (every rank parsed the same): unsets the options of other kinds (an
 * option of another kind given on the command line is AR_ERR_USAGE, naming the option, the kind
 * it belongs to and the network's kind) and gives the kind's defaults to unset shared options. */
ar_status solve_options_for_kind(param_set *ps, const wing *w, const char *input);

/* The engine's parameters from the parsed options (defaults that depend on the algorithm:
 * beta, rho, q0; 10 s when neither --time nor --iterations is given). AR_ERR_USAGE for
 * contradictions (--q0 with mmas) and values aco_params_check() refuses. */
ar_status solve_options_engine(const param_set *ps, aco_params *par);

/* Before the results are written (after checkpoints compared their parameters): makes ps the
 * record of what decided the answer. The defaults that depend on the algorithm (beta, rho, q0,
 * the epoch length) are set to the values the engine used, and the other algorithm's options
 * are forgotten (ACS: p-best, p-gbest, restart; MMAS: q0, xi), so that replaying the record with
 * --params repeats the answer whatever the defaults are by then. Fails as
 * solve_options_engine() (never after it succeeded for this ps), or AR_ERR_NOMEM. */
ar_status solve_options_record(param_set *ps);

/* After the kind resolved defaults by its instance (tours: --ants and --colonies, tour_auto_ants,
 * tour_auto_colonies), records the values the engine gets in ps (still defaults), so that the
 * record says what ran and a replay of it repeats the answer. AR_ERR_NOMEM. */
ar_status solve_options_resolved(param_set *ps, const aco_params *par);

#endif
