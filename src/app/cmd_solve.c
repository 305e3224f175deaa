/* cmd_solve: `antroute solve IN.h5 -o RESULTS.h5`: reads a network on every rank, runs the ACO
 * engine over the ranks and threads, checks the best solution from scratch and writes the
 * results file collectively. */
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "aco_engine.h"
#include "ar_agree.h"
#include "bsp_log.h"
#include "cli.h"
#include "cli_parse.h"
#include "h5net_tour.h"
#include "h5res.h"
#include "h5res_bsp.h"
#include "h5res_tour.h"
#include "h5u.h"
#include "param.h"
#include "progress.h"
#include "solve_ckpt.h"
#include "solve_memory.h"
#include "solve_outputs.h"
#include "solve_parallel.h"
#include "tour_problem.h"

enum { SOLVE_DEFAULT_SECONDS = 10 };

static const param_def solve_params[] = {
    {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "RESULTS.h5", "the results file to write", 0},
    {"time", 't', PARAM_REAL, NULL, NULL, 0, 1e9, "SECONDS",
     "stop after this many seconds (default 10 when --iterations is not given)", 0},
    {"iterations", 'i', PARAM_INT, "0", NULL, 0, 1e15, "N", "stop after N iterations (0: no limit)",
     0},
    {"seed", 's', PARAM_INT, "1", NULL, 0, 9.2e18, "N", "random seed", PARAM_SEARCH},
    {"colonies", 'c', PARAM_INT, "1", NULL, 1, 1e6, "C",
     "independent colonies, spread in blocks over the MPI ranks (at least one per rank)",
     PARAM_SEARCH},
    {"ants", 'm', PARAM_INT, "16", NULL, 1, 1e6, "M", "ants per colony and iteration",
     PARAM_SEARCH},
    {"algorithm", 'a', PARAM_CHOICE, "mmas", "mmas|acs", 0, -1, "NAME",
     "MAX-MIN Ant System or Ant Colony System", PARAM_SEARCH},
    {"alpha", 0, PARAM_REAL, "1", NULL, 0, 20, "X", "pheromone exponent", PARAM_SEARCH},
    {"beta", 0, PARAM_REAL, NULL, NULL, 0, 20, "X",
     "heuristic (1/distance) exponent (default: 2 for mmas, 8 for acs)", PARAM_SEARCH},
    {"rho", 0, PARAM_REAL, NULL, NULL, 1e-6, 0.999999, "X",
     "evaporation rate (default: 0.2 for mmas, 0.1 for acs)", PARAM_SEARCH},
    {"q0", 0, PARAM_REAL, NULL, NULL, 0, 1, "X",
     "probability of the greedy choice (default: 0.9 for acs, 0 for mmas)", PARAM_SEARCH},
    {"xi", 0, PARAM_REAL, "0.1", NULL, 1e-6, 0.999999, "X", "ACS local evaporation", PARAM_SEARCH},
    {"p-best", 0, PARAM_REAL, "0.1", NULL, 1e-9, 0.999999, "X",
     "MMAS: probability of rebuilding the best tour at convergence (sets the trail bounds)",
     PARAM_SEARCH},
    {"p-gbest", 0, PARAM_REAL, "0.05", NULL, 0, 1, "X",
     "MMAS: probability that the colony best deposits instead of the iteration best", PARAM_SEARCH},
    {"restart", 0, PARAM_INT, "0", NULL, 0, 1e15, "N",
     "MMAS: re-initialise trails after N iterations without improvement (0: never)", PARAM_SEARCH},
    {"candidates", 'k', PARAM_INT, "16", NULL, 1, TOUR_MAX_CANDIDATES, "K",
     "nearest neighbours per node that ants choose from (pheromone columns)", PARAM_SEARCH},
    {"ls-neighbours", 0, PARAM_INT, "10", NULL, 1, TOUR_MAX_CANDIDATES, "K",
     "nearest neighbours tried by local search", PARAM_SEARCH},
    {"local-search", 'l', PARAM_CHOICE, "full", "none|2opt|2opt+oropt|full", 0, -1, "KIND",
     "local search on every ant's tour (full = 2-opt + Or-opt + Or-3opt; ATSP never reverses)",
     PARAM_SEARCH},
    {"new-edges", 0, PARAM_INT, "16", NULL, 0, 1e9, "N",
     "ants change the source tour in about N edges (0: build whole tours)", PARAM_SEARCH},
    {"epoch-iterations", 'e', PARAM_INT, "100", NULL, 1, 1e15, "K",
     "iterations per epoch; colonies meet and report at epoch ends", PARAM_SEARCH},
    {"migrate", 0, PARAM_CHOICE, "yes", "yes|no", 0, -1, "yes|no",
     "at epoch ends, colonies adopt the global best when it is better than theirs", PARAM_SEARCH},
    {"optimum", 0, PARAM_INT, NULL, NULL, 1, 9.2e18, "N",
     "the optimal length, for the gap (default: the network file's, if any)", 0},
    {"progress", 0, PARAM_REAL, "1", NULL, 0, 1e9, "SECONDS",
     "at most one progress line per SECONDS (0: one per epoch)", 0},
    {"quiet", 'q', PARAM_FLAG, NULL, NULL, 1, 0, NULL, "no progress lines", 0},
    {"fault-corrupt-best", 0, PARAM_FLAG, NULL, NULL, 1, 0, NULL,
     "test switch: swap two nodes of the best tour before the final self-check", PARAM_HIDDEN},
    CKPT_PARAM_DEFS,
    SOLVE_PARALLEL_PARAMS,
    SOLVE_MEMORY_PARAMS,
};

typedef struct {
  int64_t optimum;
  progress_out out; /* live line on a terminal, time-stamped lines in batch */
} progress_state;

static void print_progress(const aco_engine *e, progress_state *ps, int final) {
  double now = aco_engine_elapsed(e);
  double best = e->best_cost.key[0];
  char gap[48] = "", eta[48] = "";
  if (ps->optimum > 0)
    snprintf(gap, sizeof gap, "  gap %.3f %%", 100.0 * (best - ps->optimum) / ps->optimum);
  if (!final) {
    double left = -1;
    if (e->par.time_limit > 0) left = e->par.time_limit - now;
    if (e->par.iterations > 0 && e->iteration > 0) {
      double by_it = now * (double)(e->par.iterations - e->iteration) / (double)e->iteration;
      if (left < 0 || by_it < left) left = by_it;
    }
    if (left >= 0) snprintf(eta, sizeof eta, "  ETA %.1f s", left);
  }
  char line[256];
  snprintf(line, sizeof line, "[%8.1f s] iteration %lld  best %.0f%s%s%s", now,
           (long long)e->iteration, best, gap, eta, final ? "  (final)" : "");
  progress_show(&ps->out, now, line);
  if (final) progress_end(&ps->out);
}

static ar_status on_epoch(aco_engine *e, void *arg) {
  progress_state *ps = arg;
  /* The last epoch end of a run is reported by the final line instead. */
  if (e->rank != 0 || ps->out.quiet || e->stop_reason != ACO_STOP_NONE) return AR_OK;
  if (progress_due(&ps->out, aco_engine_elapsed(e))) print_progress(e, ps, 0);
  return AR_OK;
}

static ar_status solve_params_resolve(const param_set *ps, aco_params *par, tour_options *to) {
  *par = aco_params_default();
  *to = tour_options_default();
  const char *alg = param_str(ps, "algorithm");
  par->algorithm = strcmp(alg, "acs") == 0 ? ACO_ACS : ACO_MMAS;
  int acs = par->algorithm == ACO_ACS;
  par->colonies = (int32_t)param_int(ps, "colonies");
  par->ants = (int32_t)param_int(ps, "ants");
  par->alpha = param_real(ps, "alpha");
  par->beta = param_is_set(ps, "beta") ? param_real(ps, "beta") : (acs ? 8.0 : 2.0);
  par->rho = param_is_set(ps, "rho") ? param_real(ps, "rho") : (acs ? 0.1 : 0.2);
  par->q0 = param_is_set(ps, "q0") ? param_real(ps, "q0") : (acs ? 0.9 : 0.0);
  par->xi = param_real(ps, "xi");
  par->p_best = param_real(ps, "p-best");
  par->p_gbest = param_real(ps, "p-gbest");
  par->restart_iterations = param_int(ps, "restart");
  par->iterations = param_int(ps, "iterations");
  par->time_limit = param_is_set(ps, "time") ? param_real(ps, "time") : 0.0;
  if (par->iterations == 0 && par->time_limit == 0.0) par->time_limit = SOLVE_DEFAULT_SECONDS;
  par->epoch_iterations = param_int(ps, "epoch-iterations");
  par->seed = (uint64_t)param_int(ps, "seed");
  par->migrate = strcmp(param_str(ps, "migrate"), "yes") == 0;
  solve_parallel_params(ps, par);
  if (par->algorithm == ACO_MMAS && par->q0 > 0)
    return ar_fail(AR_ERR_USAGE, "--q0 applies to --algorithm acs only");
  to->candidates = (int32_t)param_int(ps, "candidates");
  to->ls_neighbours = (int32_t)param_int(ps, "ls-neighbours");
  to->new_edges = (int32_t)param_int(ps, "new-edges");
  const char *ls = param_str(ps, "local-search");
  to->ls = strcmp(ls, "none") == 0         ? TOUR_LS_NONE
           : strcmp(ls, "2opt") == 0       ? TOUR_LS_2OPT
           : strcmp(ls, "2opt+oropt") == 0 ? TOUR_LS_OROPT
                                           : TOUR_LS_FULL;
  return aco_params_check(par);
}

/* Both hooks need their own state: progress lines and checkpoints. */
typedef struct {
  progress_state *progress;
  solve_ckpt *ckpt;
} solve_hooks;

static ar_status hook_epoch(aco_engine *e, void *arg) {
  return on_epoch(e, ((solve_hooks *)arg)->progress);
}

static ar_status hook_iteration(aco_engine *e, void *arg, int *stop) {
  return solve_ckpt_iteration_end(e, ((solve_hooks *)arg)->ckpt, stop);
}

/* After a stop request: the checkpoint is written; say where, and how to go on. */
static void report_stop(const solve_ckpt *sc, const aco_engine *e) {
  if (e->rank != 0) return;
  fprintf(stderr,
          "antroute solve: stopped by %s after iteration %lld; checkpoint %s; exit status 75: "
          "run again with --resume auto --checkpoint-dir %s to continue\n",
          ckpt_stop_describe(sc->stop_reasons, sc->stop_signal, &sc->deadline),
          (long long)e->iteration, sc->last_path, sc->opt.dir);
}

static ar_status solve_tour(param_set *ps, const char *input, const char *output, int rank) {
  aco_params par;
  tour_options to;
  tour_net net;
  memset(&net, 0, sizeof net);
  solve_ckpt sc;
  ar_status st = solve_params_resolve(ps, &par, &to);
  st = ar_agree(MPI_COMM_WORLD, st);
  if (st == AR_OK)
    st = solve_ckpt_init(&sc, ps, input, param_flag(ps, "quiet"), MPI_COMM_WORLD);
  else
    memset(&sc, 0, sizeof sc);
  if (st == AR_OK) st = h5net_tour_read(input, MPI_COMM_WORLD, &net);
  st = ar_agree(MPI_COMM_WORLD, st);
  if (st != AR_OK) {
    solve_ckpt_free(&sc);
    tour_net_free(&net);
    return st;
  }
  if (param_is_set(ps, "optimum")) net.optimum = param_int(ps, "optimum");

  tour_problem tp;
  aco_problem problem;
  aco_engine *e = NULL;
  h5u_output out;
  int out_open = 0;
  bsp_log bsp;
  bsp_log_init(&bsp, MPI_COMM_WORLD);
  memset(&tp, 0, sizeof tp);
  solve_memory mem;
  st = solve_memory_tour(ps, &net, &to, &par, MPI_COMM_WORLD, &mem);
  if (st == AR_OK) st = tour_problem_create(&net, &to, &tp, &problem);
  st = ar_agree(MPI_COMM_WORLD, st);
  /* Open the output now, so an unwritable path fails before the search, not after it. */
  if (st == AR_OK) {
    st = h5u_output_create(&out, output, MPI_COMM_WORLD);
    out_open = st == AR_OK;
    st = ar_agree(MPI_COMM_WORLD, st);
  }
  if (st == AR_OK)
    st = ar_agree(MPI_COMM_WORLD, aco_engine_create(&problem, &par, MPI_COMM_WORLD, &e));
  if (st == AR_OK && rank == 0 && !param_flag(ps, "quiet")) {
    printf("%s: %d nodes, %s%s, optimum %s; %s, %d colon%s x %d ants on %d rank%s x %d thread%s, "
           "%s\n",
           net.name, net.n, tour_metric_name(net.metric), net.directed ? " (ATSP)" : "",
           net.optimum > 0 ? "known" : "unknown", aco_algorithm_name(par.algorithm), par.colonies,
           par.colonies == 1 ? "y" : "ies", par.ants, e->size, e->size == 1 ? "" : "s", e->threads,
           e->threads == 1 ? "" : "s", par.time_limit > 0 ? "time-limited" : "iteration-limited");
    fflush(stdout);
  }
  progress_state prog = {.optimum = net.optimum};
  progress_init(&prog.out, param_real(ps, "progress"), param_flag(ps, "quiet"));
  int resumed = 0;
  if (st == AR_OK) st = ar_agree(MPI_COMM_WORLD, solve_ckpt_attach_and_resume(&sc, e, &resumed));
  if (st == AR_OK) {
    solve_hooks both = {&prog, &sc};
    aco_hooks hooks = {hook_epoch, NULL, &both, hook_iteration};
    st = aco_engine_run(e, &hooks);
    st = ar_agree(MPI_COMM_WORLD, st);
  }
  if (st == AR_OK) st = bsp_log_append(&bsp, e);
  /* Stopped by a signal or the deadline: checkpointed; the results come with the last run. */
  if (st == AR_OK && sc.stop_reasons) {
    report_stop(&sc, e);
    st = AR_ERR_RESUME;
  }
  if (st == AR_OK) {
    /* The answer is checked from scratch before anything is written: a mismatch is a bug. */
    if (param_flag(ps, "fault-corrupt-best")) {
      int32_t t = e->best[0];
      e->best[0] = e->best[net.n / 2];
      e->best[net.n / 2] = t;
    }
    aco_solution best = {e->best_cost, e->best};
    st = ar_agree(MPI_COMM_WORLD, problem.verify(&problem, &best));
  }
  if (st == AR_OK) {
    h5res_info info = {input, "tour", net.name, net.optimum};
    st = h5res_write_run(out.file, e, ps, &info);
    if (st == AR_OK) st = solve_memory_record(out.file, &mem, MPI_COMM_WORLD);
    if (st == AR_OK) st = h5res_write_tour_best(out.file, e, &tp, &info);
    if (st == AR_OK) st = h5res_bsp_write(out.file, &bsp, MPI_COMM_WORLD, 1);
    st = ar_agree(MPI_COMM_WORLD, st);
    if (st == AR_OK) {
      st = ar_agree(MPI_COMM_WORLD, h5u_output_commit(&out));
      out_open = 0;
    }
  }
  if (out_open) h5u_output_abort(&out);
  if (st == AR_OK && rank == 0) {
    if (!prog.out.quiet) print_progress(e, &prog, 1);
    double secs = aco_engine_elapsed(e);
    int64_t tours = e->iteration * par.ants * par.colonies;
    char gap[64] = "";
    if (net.optimum > 0)
      snprintf(gap, sizeof gap, " (optimum %lld, gap %.3f %%)", (long long)net.optimum,
               100.0 * (e->best_cost.key[0] - net.optimum) / net.optimum);
    printf("best %.0f%s from colony %d at iteration %lld; %lld iterations in %.1f s "
           "(%.0f iterations/s, %.0f tours/s; rank 0 used %.1f CPU s) -> %s\n",
           e->best_cost.key[0], gap, e->best_colony, (long long)e->best_iteration,
           (long long)e->iteration, secs, e->iteration / (secs > 0 ? secs : 1),
           tours / (secs > 0 ? secs : 1), aco_engine_cpu_seconds(e), output);
    double this_run = MPI_Wtime() - e->start_wtime;
    if (this_run <= 0) this_run = 1e-9;
    if (sc.written > 0)
      printf("checkpoints: %d written in %.2f s (%.2f %% of this run's %.1f s), the last %s\n",
             sc.written, sc.write_seconds, 100.0 * sc.write_seconds / this_run, this_run,
             sc.last_path);
    if (!prog.out.quiet) bsp_log_print(&bsp, stdout);
    fflush(stdout);
  }
  progress_end(&prog.out);
  bsp_log_free(&bsp);
  solve_ckpt_free(&sc);
  aco_engine_free(e);
  tour_problem_free(&tp);
  tour_net_free(&net);
  return st;
}

ar_status cmd_solve(int argc, char **argv) {
  /* Supply-chain networks have options of their own (cmd_solve_supply.c). */
  if (cmd_solve_is_supply(argc, argv, solve_params,
                          (int)(sizeof solve_params / sizeof solve_params[0])))
    return cmd_solve_supply(argc, argv);
  param_set ps = {.command = "solve",
                  .usage = "antroute solve IN.h5 -o RESULTS.h5 [options]",
                  .description =
                      "Searches for the best tour of a network file with ant colonies (MAX-MIN "
                      "Ant System or Ant Colony System) and writes the results file. Threads "
                      "come from OMP_NUM_THREADS; under mpirun the colonies are spread over the "
                      "ranks. The answer depends only on the input, the parameters, the seed "
                      "and the number of colonies, not on ranks or threads (unless --time stops "
                      "it). A supply-chain network is routed by the order-routing solver, with "
                      "options of its own: `antroute solve NETWORK.h5 --help` lists them.",
                  .defs = solve_params,
                  .ndefs = (int)(sizeof solve_params / sizeof solve_params[0]),
                  .min_positional = 1,
                  .max_positional = 1};
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int help_done = 0;
  ar_status st = cli_parse(&ps, argc, argv, "output",
                           "solve: missing the results file (-o RESULTS.h5)", &help_done);
  if (st != AR_OK || help_done) {
    param_free(&ps);
    return st;
  }
  const char *input = ps.positional[0];
  st = solve_parallel_setup(&ps);
  if (st == AR_OK) st = solve_outputs_check(&ps, MPI_COMM_WORLD);
  if (st != AR_OK) {
    param_free(&ps);
    return st;
  }
  char kind[64] = "";
  st = ar_agree(MPI_COMM_WORLD, h5net_kind(input, MPI_COMM_WORLD, kind, sizeof kind));
  if (st == AR_OK) {
    if (strcmp(kind, H5NET_KIND_TOUR) == 0) {
      st = solve_tour(&ps, input, param_str(&ps, "output"), rank);
    } else {
      st = ar_fail(AR_ERR_USAGE,
                   "%s: solving '%s' networks is not supported yet (only tour networks)", input,
                   kind);
      ar_error_mark_shared();
    }
  }
  param_free(&ps);
  return st;
}
