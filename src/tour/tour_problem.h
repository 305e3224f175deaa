/* SPDX-License-Identifier: BSD-3-Clause */
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
#include "tour_problem_types.h"

/* Defaults (docs/performance.md says how they were measured). */
tour_options tour_options_default(void);

/* opt with its automatic values (ls_neighbours 0, quadrant -1, new_edges -1, trial_window -1
 * and 0) set for net: lists by alpha-nearness (symmetric instances where tour_alpha_steps() gives
 * steps) get TOUR_KL_ALPHA local-search neighbours and TOUR_QUADRANT_ALPHA quadrant neighbours,
 * nearest-neighbour lists TOUR_KL_NEAREST and none; a trial re-draws the whole tour (n nodes)
 * below TOUR_TRIALS_WHOLE_BELOW nodes or when 0 is given, else TOUR_TRIAL_WINDOW nodes (at most
 * n). Never fails. */
tour_options tour_options_resolve(const tour_net *net, const tour_options *opt);
/* Automatic --ls-5opt (-1), once the candidate lists exist: TOUR_LS_5OPT_LONG on symmetric
 * instances of TOUR_LONG_CHAINS_FROM to TOUR_LONG_CHAINS_BELOW nodes (with whole ants) whose
 * shortest candidate edges have a coefficient of variation below TOUR_LONG_CHAINS_CV, else
 * TOUR_LS_5OPT_DEFAULT. At 10 s, with LKH's rules, the long chains take fnl4461 from 0.061 to
 * 0.015 % above the optimum (pcb3038 0.070 -> 0.013 % on seeds 1-6 by the take-back rule alone;
 * with all three rules 0.037 % over 24 seeds), but cost the clustered fl3795 (CV 1.6) 0.034 ->
 * 1.03 %, the smaller ones their iterations and 13,000 nodes at 60 s a hundredth of a per cent
 * (docs/performance.md). */
int32_t tour_auto_chain_steps(const tour_problem *tp);

/* Whether the ants' local search runs on penalised costs (opt->ls_penalties on an instance with
 * an alpha ascent: symmetric, tour_alpha_steps() > 0, a local search): then the problem keeps
 * the ascent's penalties and the transformed candidate costs (tour_problem.pi, ls_dist). */
int tour_penalised(const tour_net *net, const tour_options *opt);

/* Ants per colony and iteration when the user gives none: 0 (the engine's default, 16) unless
 * the instance's ants are combined (symmetric). Below TOUR_ANTS_WHOLE_BELOW nodes under MMAS
 * (mmas != 0: the algorithm that combines) TOUR_ANTS_WHOLE, where more iterations paid more than
 * more ants at 10 s (at 3,000-4,500 nodes 16 did better). From pieces_from nodes on, with a local
 * search lighter than Lin-Kernighan's (`--local-search full` and below), about n / 256, a power
 * of two, at least 16, and at most what keeps the ants' tours of a colony within 128 MB (10^6
 * nodes: 32), since such ants in pieces pay in numbers once combined; with Lin-Kernighan chains
 * (the default) an ant costs 3-4 times as much and they get 16 (even with n / 256 at 20,000 and
 * 34,000 nodes; at 10^6 nodes 32 did better: docs/performance.md, #23). */
int32_t tour_auto_ants(const tour_net *net, const tour_options *opt, int mmas);
/* The colonies an instance gets when --colonies is not given: TOUR_COLONIES_SMALL on symmetric
 * instances of TOUR_COLONIES_FROM to TOUR_ANTS_WHOLE_BELOW - 1 nodes under MMAS (mmas) with
 * merging (opt->merge), else 0 (the engine's default, 1). Depends on the instance and the
 * options only, never on the layout. */
int32_t tour_auto_colonies(const tour_net *net, const tour_options *opt, int mmas);
/* The --restart an instance gets when it is not given: TOUR_RESTART_STALL where the ants merge
 * (mmas, tour_ants_merge: symmetric, below TOUR_MERGE_BELOW nodes, whole ants, --merge yes),
 * else 0 (never). Depends on the instance and the options only. */
int32_t tour_auto_restart(const tour_net *net, const tour_options *opt, int mmas);
/* The --restart-descent it gets when not given: TOUR_RESTART_DESCENT where tour_auto_restart
 * gives restarts, else 0. */
double tour_auto_restart_descent(const tour_net *net, const tour_options *opt, int mmas);

/* The --trial-ants an instance gets when it is not given: TOUR_TRIALS_SMALL on instances of
 * TOUR_TRIALS_FROM to TOUR_TRIALS_WHOLE_BELOW - 1 nodes whose ants merge (mmas,
 * tour_ants_merge), else 0 (none). Depends on the instance and the options only. */
int32_t tour_auto_trials(const tour_net *net, const tour_options *opt, int mmas);

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

#endif
