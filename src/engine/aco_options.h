/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_options: the engine's options of `antroute solve` (seed, colonies, ants, algorithm and its
 * parameters, restarts, epochs, migration), declared once here.
 *
 * The rows carry no default text: every default lives in aco_params_default() and, for beta, rho
 * and q0, in aco_algorithm_default(). aco_option_default() renders it as option text, so that
 * solve's table, --help, the man page and the recorded parameters show exactly the values the
 * engine starts from. A wing may change the default of a shared option for its kind (ants, epoch
 * length: wing.h `solve_default`); the engine's default then applies to the other kinds.
 */
#ifndef AR_ACO_OPTIONS_H
#define AR_ACO_OPTIONS_H

#include <stddef.h>

#include "aco_params.h"
#include "param.h"

/* The engine's options, in --help's order (solve's table appends them). */
extern const param_def aco_param_defs[];
extern const int aco_param_ndefs;

/* Writes the engine's default of option `name` into buf as option text ("16", "mmas", "yes",
 * "0.05") and returns 1; for beta, rho and q0, whose default depends on the algorithm, writes
 * "2 for mmas, 8 for acs" and returns 2. Returns 0 (buf empty) when `name` is not an engine
 * option. Cannot fail otherwise (a short buf truncates). */
int aco_option_default(const char *name, char *buf, size_t cap);

/* Fills the engine's search parameters of par (algorithm, colonies, ants, alpha, beta, rho, q0,
 * xi, p_best, p_gbest, restart_iterations, epoch_iterations, seed, migrate) from a parsed set
 * whose table includes aco_param_defs; an option left unset takes the engine's default. The other
 * fields of par are left alone. AR_ERR_USAGE for --q0 with mmas. */
ar_status aco_options_get(const param_set *ps, aco_params *par);

#endif
