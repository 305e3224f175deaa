/* SPDX-License-Identifier: BSD-3-Clause */
/* wing_tour_solve: tours (TSPLIB TSP/ATSP) as a problem kind of the solve driver: one phase, the
 * tour problem of src/tour on the network, results /best/tour and the run records (h5res_tour.h).
 */
#include "wing_tour_solve.h"

#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "bound_progress.h"
#include "h5net_tour.h"
#include "h5res_tour.h"
#include "tour_alpha.h"
#include "tour_estimate.h"
#include "tour_greedy.h"
#include "tour_seconds.h"
#include "wing_gap.h"
#include "wing_tour_bound.h"
#include "work_progress.h"

static const param_def tour_params[] = {
    {"candidates", 'k', PARAM_INT, "16", NULL, 1, TOUR_MAX_CANDIDATES, "K",
     "nearest neighbours per node that ants choose from (pheromone columns)", PARAM_SEARCH},
    {"ls-neighbours", 0, PARAM_INT, "0", NULL, 0, TOUR_MAX_CANDIDATES, "K",
     "candidates tried by local search, the first K of each node's list (0: 6 on alpha-nearness "
     "lists, 10 on nearest neighbours)",
     PARAM_SEARCH},
    {"local-search", 'l', PARAM_CHOICE, "lk", "none|2opt|2opt+oropt|full|lk", 0, -1, "KIND",
     "local search on every ant's tour (full = 2-opt + Or-opt + Or-3opt + 3-opt; lk = full + "
     "Lin-Kernighan chains; ATSP never reverses: lk and full are the same there)",
     PARAM_SEARCH},
    {"quadrant-neighbours", 0, PARAM_INT, "-1", NULL, -1, TOUR_MAX_CANDIDATES / 4, "Q",
     "2-D coordinates: each node's Q nearest neighbours in each quadrant around it join its "
     "candidates (they connect clusters; -1: 2 on alpha-nearness lists, else 0)",
     PARAM_SEARCH},
    {"alpha-steps", 0, PARAM_INT, TOUR_ALPHA_STEPS_DEFAULT_TEXT, NULL, 0, 1e9, "N",
     "symmetric instances: candidates by alpha-nearness (LKH's), from a Held-Karp ascent of at "
     "most N steps (at most 4,000,000 / nodes; none beyond 80,000 nodes; 0: nearest neighbours)",
     PARAM_SEARCH},
    {"new-edges", 0, PARAM_INT, "-1", NULL, -1, 1e9, "N",
     "ants change the source tour in about N edges (-1: 32 below 20,000 nodes, where ants keep "
     "whole tours, else 16; 0: build whole tours)",
     PARAM_SEARCH},
    {"stall-kick", 0, PARAM_INT, "100", NULL, 0, 1e9, "N",
     "after each N iterations in which a colony's best did not improve, its ants change the "
     "source in --new-edges more edges (at most 3 times --new-edges; 0: never)",
     PARAM_SEARCH},
    {"ls-penalties", 0, PARAM_CHOICE, "yes", "yes|no", 0, -1, "yes|no",
     "symmetric instances with alpha-nearness lists: the ants' local search weighs its partial "
     "gains on the costs d(u,v) + pi(u) + pi(v) of the candidate lists' Held-Karp ascent "
     "(LKH's transformed costs; a closed move gains the same either way)",
     PARAM_SEARCH},
    {"ls-5opt", 0, PARAM_INT, "-1", NULL, -1, TOUR_LS_5OPT_MAX, "N",
     "symmetric instances, lk: where the ants' Lin-Kernighan chains and double bridges find "
     "nothing, chains of up to N sequential 5-opt moves (LKH's basic move; a chain is kept only "
     "when it gains; 0: none); chains of more than 16 follow LKH's rules (they may take back "
     "edges they added, try all five candidates of a step, and make a step without gain only "
     "with more partial gain than its free end's nearest candidate costs), and then the first "
     "tour also gets a pass of the ants' search; -1: 50 on instances of 3,000-9,999 nodes that "
     "are not clustered, else 10",
     PARAM_SEARCH},
    {"trial-ants", 0, PARAM_INT, "-1", NULL, -1, 1e9, "N",
     "ants of whole tours (below 20,000 nodes): every N-th ant of an iteration re-draws "
     "--trial-window nodes as LKH draws a trial (keeping only the source's edges to a node's two "
     "alpha-nearest candidates) instead of changing --new-edges edges (0: none; -1: 4 on "
     "symmetric tours (MMAS, --merge yes) of 1,000-1,999 nodes, else none)",
     PARAM_SEARCH},
    {"trial-window", 0, PARAM_INT, "-1", NULL, -1, 1e9, "N",
     "the nodes a trial ant re-draws before it copies its source (0: the whole tour; -1: the "
     "whole tour below 2,000 nodes, else 400)",
     PARAM_SEARCH},
    {"trial-stall", 0, PARAM_INT, "0", NULL, 0, 1e9, "N",
     "trial ants only in a colony whose best has not improved for N iterations (0: from the "
     "first iteration)",
     PARAM_SEARCH},
    {"merge", 0, PARAM_CHOICE, "yes", "yes|no", 0, -1, "yes|no",
     "symmetric tours under MMAS below 10,000 nodes: every ant is "
     "merged into its colony's best by partition crossover (each part where the two tours "
     "differ taken from the shorter, where the child stays one tour), as LKH merges its trials",
     PARAM_SEARCH},
    {"first-tour", 0, PARAM_CHOICE, "auto", "auto|curve|greedy|pi-greedy", 0, -1, "KIND",
     "coordinates: the first tour before local search, a Hilbert curve, greedy edge matching, or "
     "greedy edge matching on the penalised costs d(u, v) + pi(u) + pi(v) of --ls-penalties "
     "(symmetric only; auto: greedy from 10,000 nodes on, else the curve, and pi-greedy for the "
     "odd colonies of 1,000-2,999 nodes)",
     PARAM_SEARCH},
    {"optimum", 0, PARAM_INT, NULL, NULL, 1, PARAM_INT64_MAX, "N",
     "the optimal length, for the gap (default: the network file's, if any)", 0},
    {"no-bound", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "do not compute the lower bound when the network has none (no gap to bound, no --gap)", 0},
};
/* The texts above spell these limits out for the help and the man page: a change of one must
 * change its text too. */
_Static_assert(TOUR_MERGE_BELOW == 10000 && TOUR_RESTART_STALL == 5 &&
                   (int)TOUR_RESTART_DESCENT == 1,
               "--merge's and --restart's texts say below 10,000 nodes, --restart's 5, descent 1");
_Static_assert(TOUR_LONG_CHAINS_FROM == 3000 && TOUR_LONG_CHAINS_BELOW == 10000,
               "--ls-5opt's text says 50 on 3,000-9,999 nodes");
_Static_assert(TOUR_PIECES_FROM == 20000 && TOUR_TRIAL_WINDOW == 400 && TOUR_TRIAL_BACKBONE == 2 &&
                   TOUR_TRIALS_WHOLE_BELOW == 2000 && TOUR_TRIALS_SMALL == 4 &&
                   TOUR_TRIALS_FROM == 1000,
               "--trial-ants's and --trial-window's texts say below 20,000 nodes, two "
               "candidates, 4 on 1,000-1,999 nodes, the whole tour below 2,000, else 400");
_Static_assert(TOUR_GREEDY_FROM == 10000, "--first-tour's text says greedy from 10,000 nodes on");
_Static_assert(
    TOUR_COLONIES_FROM == 1000 && TOUR_ANTS_WHOLE_BELOW == 3000 && TOUR_COLONIES_SMALL == 2 &&
        TOUR_ANTS_WHOLE == 8,
    "the notes of --ants and --colonies say 8 ants below 3,000, 2 colonies on 1,000-2,999");

/* Tours keep the engine's ants and epoch length (aco_params_default()). */
static const solve_default tour_defaults[] = {{"progress", "1"}};

static const solve_note tour_notes[] = {
    {"gap", "the Held-Karp bound"},
    {"ants", "symmetric tours (MMAS) below 3,000 nodes: 8; 20,000+ nodes with --local-search "
             "full or lighter: about n / 256 (a power of two, tours within 128 MB; 10^6 nodes: "
             "32)"},
    {"colonies", "symmetric tours (MMAS, --merge yes) of 1,000-2,999 nodes: 2"},
    {"restart", "symmetric tours below 10,000 nodes whose ants merge (--merge yes): 5"},
    {"restart-descent", "where --restart's note applies: 1 (a stall as long as the descent)"}};

typedef struct {
  tour_net net;
  tour_options opt;
  tour_problem tp;
  aco_problem problem;
  int problem_made;
  int bound_computed;   /* the bound was computed by this solve, not read from the network */
  bound_progress alpha; /* rank 0's progress lines of the candidate lists' ascent */
  work_progress work;   /* ... of the other candidate lists and of the first tour */
} tour_state;

static tour_options options_from(const param_set *ps) {
  tour_options to = tour_options_default();
  to.candidates = (int32_t)param_int(ps, "candidates");
  to.ls_neighbours = (int32_t)param_int(ps, "ls-neighbours");
  to.new_edges = (int32_t)param_int(ps, "new-edges");
  to.stall_kick = (int32_t)param_int(ps, "stall-kick");
  to.ls_penalties = strcmp(param_str(ps, "ls-penalties"), "yes") == 0;
  to.ls_5opt = (int32_t)param_int(ps, "ls-5opt");
  to.trial_every = (int32_t)param_int(ps, "trial-ants"); /* -1: auto_defaults */
  to.trial_window = (int32_t)param_int(ps, "trial-window");
  to.trial_stall = (int32_t)param_int(ps, "trial-stall");
  to.merge = strcmp(param_str(ps, "merge"), "yes") == 0;
  to.quadrant = (int32_t)param_int(ps, "quadrant-neighbours");
  to.alpha_steps = (int32_t)param_int(ps, "alpha-steps");
  const char *first = param_str(ps, "first-tour");
  to.first = strcmp(first, "curve") == 0       ? TOUR_FIRST_CURVE
             : strcmp(first, "greedy") == 0    ? TOUR_FIRST_GREEDY
             : strcmp(first, "pi-greedy") == 0 ? TOUR_FIRST_PI_GREEDY
                                               : TOUR_FIRST_AUTO;
  const char *ls = param_str(ps, "local-search");
  to.ls = strcmp(ls, "none") == 0         ? TOUR_LS_NONE
          : strcmp(ls, "2opt") == 0       ? TOUR_LS_2OPT
          : strcmp(ls, "2opt+oropt") == 0 ? TOUR_LS_OROPT
          : strcmp(ls, "lk") == 0         ? TOUR_LS_LK
                                          : TOUR_LS_FULL;
  return to;
}

static ar_status tour_open(const solve_run *run, hid_t file, void **out) {
  *out = NULL;
  tour_state *s = calloc(1, sizeof *s);
  ar_status st = s ? AR_OK : ar_fail(AR_ERR_NOMEM, "out of memory");
  if (st == AR_OK) {
    s->net.optimum = -1;
    st = h5net_tour_read_file(file, &s->net); /* the driver checked the header (h5net.h) */
    if (st != AR_OK) ar_error_prefix("%s", run->input);
  }
  st = ar_agree(run->comm, st);
  if (st != AR_OK) {
    if (s) tour_net_free(&s->net);
    free(s);
    return st;
  }
  if (param_is_set(run->ps, "optimum")) {
    /* The same judgement as for a stored optimum: it cannot be longer than any tour. */
    s->net.optimum = param_int(run->ps, "optimum");
    ar_status ost = tour_net_check_optimum(&s->net, "--optimum");
    if (ost != AR_OK) {
      ar_error_mark_shared(); /* every rank read the same network and options */
      tour_net_free(&s->net);
      free(s);
      return AR_ERR_USAGE;
    }
  }
  s->opt = options_from(run->ps);
  *out = s;
  return AR_OK;
}

static int given(const solve_run *run, const char *name);

/* The colonies the run will have (--colonies, or tour_auto_colonies where it applies) against
 * the ranks, before any long step (the bound, candidate lists and first tours of 10^5 nodes and
 * more: a minute before the engine would have refused it). */
static ar_status check_colonies(const tour_state *s, const solve_run *run) {
  int mmas = strcmp(param_str(run->ps, "algorithm"), "mmas") == 0;
  int32_t colonies = (int32_t)param_int(run->ps, "colonies"),
          automatic = tour_auto_colonies(&s->net, &s->opt, mmas);
  if (automatic > 0 && !given(run, "colonies")) colonies = automatic;
  ar_status st = aco_engine_check_ranks(run->ranks, colonies);
  if (st != AR_OK) ar_error_mark_shared(); /* every rank read the same network and options */
  return st;
}

/* The lower bound, after the checkpoint session is open (a restart may find it kept there). */
static ar_status tour_prepare(void *state, const solve_run *run) {
  tour_state *s = state;
  ar_status st = check_colonies(s, run);
  if (st != AR_OK) return st;
  return wing_tour_bound_ensure(run, &s->net, &s->bound_computed);
}

/* The time plan's estimates: the bound is optional unless --gap needs it. */
static void tour_time_estimate(void *state, const solve_run *run, solve_time_estimate *out) {
  tour_state *s = state;
  tour_seconds ts;
  tour_seconds_estimate(&s->net, &s->opt, &ts);
  memset(out, 0, sizeof *out);
  double bound = s->net.lower.computed || param_flag(run->ps, "no-bound") ? 0.0 : ts.bound;
  if (param_is_set(run->ps, "gap") && bound > 0) {
    out->step[out->nsteps] = bound;
    out->step_what[out->nsteps++] = "the lower bound --gap needs";
  } else {
    out->optional = bound;
    out->optional_what = "the lower bound";
  }
  out->step[out->nsteps] = ts.candidates;
  out->step_what[out->nsteps++] = "candidate lists";
  out->step[out->nsteps] = ts.first_tours;
  out->step_what[out->nsteps++] = "the first tour";
  out->write = ts.write;
}

static int given(const solve_run *run, const char *name) {
  return param_is_set(run->ps, name) && param_origin_of(run->ps, name) != PARAM_FROM_DEFAULT;
}

/* The ants, colonies and restarts the instance gets when neither the command line nor a
 * parameter file gives --ants, --colonies, --restart, --restart-descent (tour_auto_ants,
 * tour_auto_colonies, tour_auto_restart, tour_auto_restart_descent; the engine's 16, 1, 0 and 0
 * are only the defaults' defaults; the driver
 * records what was used: solve_options_resolved). Also the trial ants of --trial-ants -1
 * (tour_auto_trials; recorded as -1, as --ls-5opt's automatic value: a function of the instance
 * and the other parameters). */
static void auto_defaults(tour_state *s, const solve_run *run, aco_params *par) {
  int mmas = par->algorithm == ACO_MMAS;
  if (s->opt.trial_every < 0) s->opt.trial_every = tour_auto_trials(&s->net, &s->opt, mmas);
  int32_t ants = tour_auto_ants(&s->net, &s->opt, mmas);
  if (ants > 0 && !given(run, "ants")) par->ants = ants;
  int32_t colonies = tour_auto_colonies(&s->net, &s->opt, mmas);
  if (colonies > 0 && !given(run, "colonies")) par->colonies = colonies;
  int32_t restart = tour_auto_restart(&s->net, &s->opt, mmas);
  if (restart > 0 && !given(run, "restart")) par->restart_iterations = restart;
  double descent = tour_auto_restart_descent(&s->net, &s->opt, mmas);
  if (descent > 0 && !given(run, "restart-descent")) par->restart_descent = descent;
}

static void tour_memory(void *state, const solve_run *run, const aco_params *given,
                        wing_memory_parts *parts) {
  tour_state *s = state;
  aco_params par = *given;
  auto_defaults(s, run, &par);
  aco_problem shape;
  int32_t width;
  tour_problem_shape(&s->net, &s->opt, &shape, &width);
  wing_memory_add_engine(parts, &shape, &par, run->ranks, run->rank);
  tour_estimate t;
  tour_problem_estimate(&s->net, &s->opt, run->threads, &t);
  wing_memory_add(parts, t.candidates, "lower --candidates and --ls-neighbours",
                  "neighbour lists (%d x %d)", (int)s->net.n, (int)width);
  wing_memory_add(parts, t.scratch, "lower OMP_NUM_THREADS", "scratch of %d thread%s", run->threads,
                  run->threads == 1 ? "" : "s");
}

static int32_t tour_phases(void *state) {
  (void)state;
  return 1;
}

static ar_status tour_phase_begin(void *state, const solve_run *run, int32_t phase, aco_params *par,
                                  const aco_problem **problem) {
  (void)phase;
  tour_state *s = state;
  auto_defaults(s, run, par);
  wing_tour_bound_target(run, &s->net, par);
  int quiet = run->quiet || run->rank != 0;
  bound_progress_alpha(&s->alpha, param_real(run->ps, "progress"), quiet, &s->opt);
  /* Its lines go on through the first tours (made when the driver creates the engine) until
   * tour_phase_started. */
  work_progress_begin(&s->work, param_real(run->ps, "progress"), quiet, &s->opt.work,
                      &s->opt.work_arg);
  ar_status st = tour_problem_create(&s->net, &s->opt, &s->tp, &s->problem);
  bound_progress_end(&s->alpha);
  s->problem_made = 1;
  *problem = &s->problem;
  return ar_agree(run->comm, st);
}

static ar_status tour_phase_started(void *state, const solve_run *run, int32_t phase,
                                    aco_engine *e) {
  (void)phase;
  tour_state *s = state;
  work_progress_end(&s->work);
  if (run->rank != 0 || run->quiet) return AR_OK;
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  const aco_params *par = in.par;
  printf("%s: %d nodes, %s%s, optimum %s; %s, %d colon%s x %d ants on %d rank%s x %d thread%s, "
         "%s\n",
         s->net.name, s->net.n, tour_metric_name(s->net.metric), s->net.directed ? " (ATSP)" : "",
         s->net.optimum > 0 ? "known" : "unknown", aco_algorithm_name(par->algorithm),
         par->colonies, par->colonies == 1 ? "y" : "ies", par->ants, in.size,
         in.size == 1 ? "" : "s", in.threads, in.threads == 1 ? "" : "s",
         par->time_limit > 0 ? "time-limited" : "iteration-limited");
  fflush(stdout);
  return AR_OK;
}

static void tour_progress(void *state, const solve_run *run, int32_t phase, const aco_engine *e,
                          int final, char *line, size_t cap) {
  (void)run;
  (void)phase;
  tour_state *s = state;
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  /* The last epoch end of a run is reported by the final line instead (so is the one that
   * reaches the --gap target: the engine stops right after this hook). */
  if (!final && (in.stop_reason != ACO_STOP_NONE ||
                 (in.par->has_target && aco_cost_compare(&in.best_cost, &in.par->target) <= 0))) {
    line[0] = '\0';
    return;
  }
  double now = aco_engine_elapsed(e), best = in.best_cost.key[0];
  char gap[48] = "", eta[48] = "", to_bound[48];
  if (s->net.optimum > 0)
    snprintf(gap, sizeof gap, "  gap %.3f %%", 100.0 * (best - s->net.optimum) / s->net.optimum);
  wing_tour_bound_gap_text(&s->net, best, to_bound, sizeof to_bound);
  if (!final) {
    double left = -1;
    if (in.par->time_limit > 0) left = in.par->time_limit - now;
    if (in.par->iterations > 0 && in.iteration > 0) {
      double by_it = now * (double)(in.par->iterations - in.iteration) / (double)in.iteration;
      if (left < 0 || by_it < left) left = by_it;
    }
    if (left >= 0) snprintf(eta, sizeof eta, "  ETA %.1f s", left);
  }
  snprintf(line, cap, "iteration %lld  best %.0f%s%s%s%s", (long long)in.iteration, best, gap,
           to_bound, eta, final ? "  (final)" : "");
}

static ar_status tour_phase_end(void *state, const solve_run *run, int32_t phase, aco_engine *e) {
  (void)state;
  (void)run;
  (void)phase;
  (void)e;
  return AR_OK; /* the engine of the only phase is the answer */
}

static void tour_phase_free(void *state) {
  tour_state *s = state;
  if (s->problem_made) work_progress_end(&s->work); /* the engine failed before the search */
  if (s->problem_made) tour_problem_free(&s->tp);
  s->problem_made = 0;
}

static ar_status tour_write(void *state, const solve_run *run, hid_t file, const aco_engine *last) {
  tour_state *s = state;
  /* Costs in the network's unit ("TSPLIB integer distance", a stops file's seconds or metres). */
  const char *units = s->net.distance_units[0] ? s->net.distance_units : H5NET_DISTANCE_UNITS;
  h5res_info info = {run->input, H5NET_TOUR_KIND, s->net.name, s->net.optimum, units};
  ar_status st = h5res_write_run(file, last, run->ps, &info);
  if (st == AR_OK) st = h5res_write_tour_best(file, last, &s->tp, &info);
  if (st == AR_OK && s->net.lower.computed)
    st = h5res_write_tour_bound(file, last, &s->net.lower, s->bound_computed, units);
  return st;
}

static void tour_summary(void *state, const solve_run *run, const aco_engine *last, FILE *out) {
  tour_state *s = state;
  aco_engine_info in;
  aco_engine_get_info(last, &in);
  double secs = aco_engine_elapsed(last);
  int64_t tours = in.iteration * in.par->ants * in.par->colonies;
  char gap[64] = "", bound[192] = "", to_bound[96], found[64];
  if (s->net.optimum > 0)
    snprintf(gap, sizeof gap, " (optimum %lld, gap %.3f %%)", (long long)s->net.optimum,
             100.0 * (in.best_cost.key[0] - s->net.optimum) / s->net.optimum);
  wing_gap_text(to_bound, sizeof to_bound, in.best_cost.key[0], (double)s->net.lower.value, 3);
  if (s->net.lower.computed)
    snprintf(bound, sizeof bound, "; lower bound %lld (%s), %s", (long long)s->net.lower.value,
             s->net.lower.method, to_bound);
  wing_found_text(found, sizeof found, in.best_iteration, "first tours");
  if (s->net.optimum > 0 && in.best_cost.key[0] < (double)s->net.optimum)
    fprintf(out,
            "warning: the best tour (%.0f) is shorter than the optimum %lld the network states: "
            "that optimum is wrong\n",
            in.best_cost.key[0], (long long)s->net.optimum);
  /* A resumed run that had already finished searched nothing: no "0.0 CPU s". */
  char cpu[64] = "";
  if (aco_engine_cpu_seconds(last) >= 0.05)
    snprintf(cpu, sizeof cpu, "; rank 0 used %.1f CPU s", aco_engine_cpu_seconds(last));
  fprintf(out,
          "best %.0f%s%s from colony %d %s; %lld iterations in %.1f s "
          "(%.0f iterations/s, %.0f tours/s%s)%s -> %s\n",
          in.best_cost.key[0], gap, bound, in.best_colony, found, (long long)in.iteration, secs,
          in.iteration / (secs > 0 ? secs : 1), tours / (secs > 0 ? secs : 1), cpu,
          in.stop_reason == ACO_STOP_TARGET ? "; stopped within --gap of the bound" : "",
          run->output);
}

static void tour_close(void *state) {
  tour_state *s = state;
  if (!s) return;
  tour_phase_free(s);
  tour_net_free(&s->net);
  free(s);
}

static const solve_kind kind_tour = {
    .params = tour_params,
    .nparams = (int)(sizeof tour_params / sizeof tour_params[0]),
    .defaults = tour_defaults,
    .ndefaults = (int)(sizeof tour_defaults / sizeof tour_defaults[0]),
    .notes = tour_notes,
    .nnotes = (int)(sizeof tour_notes / sizeof tour_notes[0]),
    .description = "Tour networks: the best tour.",
    .epochs_in_results = 1,
    .open = tour_open,
    .prepare = tour_prepare,
    .memory = tour_memory,
    .time_estimate = tour_time_estimate,
    .phases = tour_phases,
    .ckpt_part = NULL,
    .resumed = NULL,
    .phase_begin = tour_phase_begin,
    .phase_started = tour_phase_started,
    .progress = tour_progress,
    .phase_end = tour_phase_end,
    .phase_free = tour_phase_free,
    .finish = NULL,
    .write = tour_write,
    .write_extra = NULL,
    .summary = tour_summary,
    .close = tour_close,
};

const solve_kind *wing_tour_solve_kind(void) { return &kind_tour; }
