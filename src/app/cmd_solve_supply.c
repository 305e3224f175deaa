/* cmd_solve_supply: `antroute solve NETWORK.h5 -o RESULTS.h5` for supply-chain networks.
 *
 * Orders are grouped by the month of their date; each month in turn is solved by all colonies
 * (the ACO engine over MPI ranks and OpenMP threads, supply_problem.h), its best plan is checked
 * from scratch and fixed (it loads plants and lanes for the months after it), and the next month
 * starts. At the end the whole plan is checked again by the evaluator's code (supply_check) and
 * written: the results file, and optionally the plan CSV. Collective on MPI_COMM_WORLD.
 */
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aco_engine.h"
#include "ar_agree.h"
#include "bsp_log.h"
#include "cli.h"
#include "cli_parse.h"
#include "h5net_supply.h"
#include "h5res_bsp.h"
#include "h5res_supply.h"
#include "h5u.h"
#include "param.h"
#include "progress.h"
#include "solve_ckpt.h"
#include "solve_memory.h"
#include "solve_outputs.h"
#include "solve_parallel.h"
#include "supply_params.h"
#include "supply_plan_csv.h"
#include "supply_problem.h"
#include "supply_report.h"
#include "supply_result.h"

enum { SOLVE_SUPPLY_DEFAULT_SECONDS = 10 };

static const param_def solve_supply_own_params[] = {
    {"output", 'o', PARAM_STRING, NULL, NULL, 1, 0, "RESULTS.h5", "the results file to write", 0},
    {"csv", 0, PARAM_STRING, NULL, NULL, 1, 0, "PLAN.csv",
     "also write the plan as CSV (the columns of `antroute export --csv`)", 0},
    {"time", 't', PARAM_REAL, NULL, NULL, 0, 1e9, "SECONDS",
     "search time in total, shared by the months in proportion to their orders (default 10 "
     "when --iterations is not given)",
     0},
    {"iterations", 'i', PARAM_INT, "0", NULL, 0, 1e15, "N",
     "stop each month after N iterations (0: no limit); with no --time the run is reproducible", 0},
    {"seed", 's', PARAM_INT, "1", NULL, 0, 9.2e18, "N", "random seed", PARAM_SEARCH},
    {"colonies", 'c', PARAM_INT, "1", NULL, 1, 1e6, "C",
     "independent colonies, spread in blocks over the MPI ranks", PARAM_SEARCH},
    {"ants", 'm', PARAM_INT, "8", NULL, 1, 1e6, "M", "ants per colony and iteration", PARAM_SEARCH},
    {"algorithm", 'a', PARAM_CHOICE, "mmas", "mmas|acs", 0, -1, "NAME",
     "MAX-MIN Ant System or Ant Colony System", PARAM_SEARCH},
    {"alpha", 0, PARAM_REAL, "1", NULL, 0, 20, "X", "pheromone exponent", PARAM_SEARCH},
    {"beta", 0, PARAM_REAL, "2", NULL, 0, 20, "X", "heuristic (1/static cost) exponent",
     PARAM_SEARCH},
    {"rho", 0, PARAM_REAL, NULL, NULL, 1e-6, 0.999999, "X",
     "evaporation rate (default: 0.2 for mmas, 0.1 for acs)", PARAM_SEARCH},
    {"q0", 0, PARAM_REAL, NULL, NULL, 0, 1, "X",
     "probability of the greedy choice (default: 0.9 for acs, 0 for mmas)", PARAM_SEARCH},
    {"xi", 0, PARAM_REAL, "0.1", NULL, 1e-6, 0.999999, "X", "ACS local evaporation", PARAM_SEARCH},
    {"p-best", 0, PARAM_REAL, "0.1", NULL, 1e-9, 0.999999, "X", "MMAS trail bounds", PARAM_SEARCH},
    {"p-gbest", 0, PARAM_REAL, "0.05", NULL, 0, 1, "X",
     "MMAS: probability that the colony best deposits instead of the iteration best", PARAM_SEARCH},
    {"restart", 0, PARAM_INT, "0", NULL, 0, 1e15, "N",
     "MMAS: re-initialise trails after N iterations without improvement (0: never)", PARAM_SEARCH},
    {"epoch-iterations", 'e', PARAM_INT, "20", NULL, 1, 1e15, "K",
     "iterations between the colonies' meetings within a month", PARAM_SEARCH},
    {"migrate", 0, PARAM_CHOICE, "yes", "yes|no", 0, -1, "yes|no",
     "at epoch ends, colonies adopt the global best when it is better than theirs", PARAM_SEARCH},
    {"rebuild", 0, PARAM_INT, "256", NULL, 1, 1e9, "N",
     "orders an ant takes out of the source plan and routes again", PARAM_SEARCH},
    {"ls-passes", 0, PARAM_INT, "3", NULL, 1, 1e6, "N",
     "relocate passes of an ant's local search over the orders it rebuilt", PARAM_SEARCH},
    {"bound-iterations", 0, PARAM_INT, "0", NULL, 0, 1e7, "N",
     "subgradient steps of a Lagrangian lower bound on the served cost under capacity (0: off; "
     "it converges slowly: about 19 % below the best plan after 2000 steps on the real data)",
     0},
    {"progress", 0, PARAM_REAL, "5", NULL, 0, 1e9, "SECONDS",
     "at most one progress line per SECONDS (0: one per epoch)", 0},
    {"quiet", 'q', PARAM_FLAG, NULL, NULL, 1, 0, NULL, "no progress lines", 0},
    CKPT_PARAM_DEFS,
    SOLVE_PARALLEL_PARAMS,
    SOLVE_MEMORY_PARAMS,
};

typedef struct {
  const supply_config *cfg;
  int32_t year, month;
  progress_out out; /* live line on a terminal, time-stamped lines in batch */
} progress_state;

static ar_status on_epoch(aco_engine *e, void *arg) {
  progress_state *ps = arg;
  if (e->rank != 0 || ps->out.quiet) return AR_OK;
  double now = aco_engine_elapsed(e);
  if (progress_due(&ps->out, now)) {
    char line[512];
    size_t len = (size_t)snprintf(line, sizeof line, "[%8.1f s] %04d-%02d iteration %lld: best ",
                                  now, ps->year, ps->month, (long long)e->iteration);
    for (int i = 0; i < ps->cfg->n_keys && i < ACO_COST_KEYS && len < sizeof line; i++)
      len += (size_t)snprintf(line + len, sizeof line - len, "%s%s %.2f", i ? ", " : "",
                              supply_goal_name(ps->cfg->key[i]), e->best_cost.key[i]);
    progress_show(&ps->out, now, line);
  }
  return AR_OK;
}

/* What a checkpoint holds besides the current month's engine (docs/checkpoint.md): the plan of
 * the months finished (per order; the current month's orders keep their initial values), each
 * finished month's figures, and the index of the current month (root attribute supply_month). */
enum { SUPPLY_CKPT_FIELDS = 8, MONTH_INT = 6, MONTH_REAL = 4 };
typedef struct {
  ckpt_field fields[SUPPLY_CKPT_FIELDS];
  ckpt_scalar month;  /* supply_month: index of the month the engine state belongs to */
  int64_t *month_int; /* [months][6]: min_unserved, iterations, epochs, best_colony,
                         best_iteration, stopped_by (0 none, 1 iterations, 2 time, 3 requested) */
  double *month_real; /* [months][4]: lower_wc, lower_cost, lower_served_cost, seconds */
} supply_ckpt;

static const char *const stopped_names[] = {"none", "iterations", "time", "requested"};

static ar_status supply_ckpt_init(supply_ckpt *sk, supply_result *res) {
  memset(sk, 0, sizeof *sk);
  hsize_t N = (hsize_t)res->plan.n, M = (hsize_t)res->n_months;
  sk->month_int = calloc((size_t)(M ? M : 1) * MONTH_INT, sizeof(int64_t));
  sk->month_real = calloc((size_t)(M ? M : 1) * MONTH_REAL, sizeof(double));
  if (!sk->month_int || !sk->month_real)
    return ar_fail(AR_ERR_NOMEM, "out of memory preparing checkpoints");
  ckpt_field f[SUPPLY_CKPT_FIELDS] = {
      {"/supply/served",
       H5T_NATIVE_INT8,
       1,
       {N},
       0,
       res->plan.served,
       "per order: 1 served (finished months; the current month's orders as initialised)",
       NULL},
      {"/supply/plant", H5T_NATIVE_INT32, 1, {N}, 0, res->plan.plant, "per order: plant", NULL},
      {"/supply/port", H5T_NATIVE_INT32, 1, {N}, 0, res->plan.port, "per order: origin port", NULL},
      {"/supply/lane", H5T_NATIVE_INT32, 1, {N}, 0, res->plan.lane, "per order: lane or -1", NULL},
      {"/supply/day",
       H5T_NATIVE_INT32,
       1,
       {N},
       0,
       res->plan.day,
       "per order: ship day (days since 1970-01-01)",
       NULL},
      {"/supply/reason",
       H5T_NATIVE_INT8,
       1,
       {N},
       0,
       res->reason,
       "per order: why unserved (0: served)",
       NULL},
      {"/supply/month_int",
       H5T_NATIVE_INT64,
       2,
       {M, MONTH_INT},
       0,
       sk->month_int,
       "per finished month: min_unserved, iterations, epochs, best_colony, best_iteration, "
       "stopped_by (0 none, 1 iterations, 2 time, 3 requested)",
       NULL},
      {"/supply/month_real",
       H5T_NATIVE_DOUBLE,
       2,
       {M, MONTH_REAL},
       0,
       sk->month_real,
       "per finished month: lower_wc, lower_cost, lower_served_cost, seconds",
       NULL},
  };
  memcpy(sk->fields, f, sizeof f);
  sk->month = (ckpt_scalar){"supply_month", CKPT_SCALAR_I64, 0, 0};
  return AR_OK;
}

/* The figures of month t (finished) into the checkpoint's arrays. */
static void supply_ckpt_stage(supply_ckpt *sk, const supply_result *res, int32_t t) {
  const supply_month_result *mr = &res->months[t];
  int64_t *mi = sk->month_int + (size_t)t * MONTH_INT;
  double *mf = sk->month_real + (size_t)t * MONTH_REAL;
  mi[0] = mr->min_unserved;
  mi[1] = mr->iterations;
  mi[2] = mr->epochs;
  mi[3] = mr->best_colony;
  mi[4] = mr->best_iteration;
  mi[5] = 0;
  for (int k = 0; k < 4; k++)
    if (strcmp(mr->stopped_by, stopped_names[k]) == 0) mi[5] = k;
  mf[0] = mr->lower_wc;
  mf[1] = mr->lower_cost;
  mf[2] = mr->lower_served_cost;
  mf[3] = mr->seconds;
}

/* The finished months 0..first-1 from a checkpoint's arrays (their convergence traces and
 * timings per rank are not kept: empty trace, zero timings). */
static ar_status supply_ckpt_restore(const supply_ckpt *sk, supply_result *res, int32_t first,
                                     int ranks) {
  for (int32_t t = 0; t < first; t++) {
    supply_month_result *mr = &res->months[t];
    const int64_t *mi = sk->month_int + (size_t)t * MONTH_INT;
    const double *mf = sk->month_real + (size_t)t * MONTH_REAL;
    mr->min_unserved = mi[0];
    mr->iterations = mi[1];
    mr->epochs = mi[2];
    mr->best_colony = (int32_t)mi[3];
    mr->best_iteration = mi[4];
    snprintf(mr->stopped_by, sizeof mr->stopped_by, "%s",
             stopped_names[mi[5] >= 0 && mi[5] < 4 ? mi[5] : 0]);
    mr->lower_wc = mf[0];
    mr->lower_cost = mf[1];
    mr->lower_served_cost = mf[2];
    mr->seconds = mf[3];
    mr->n_trace = 0;
    mr->trace_time = malloc(sizeof(double));
    mr->trace_iteration = malloc(sizeof(int64_t));
    mr->trace_key[0] = malloc(sizeof(double));
    mr->trace_key[1] = malloc(sizeof(double));
    mr->ranks = ranks;
    mr->rank_seconds = calloc(4 * (size_t)ranks, sizeof(double));
    if (!mr->trace_time || !mr->trace_iteration || !mr->trace_key[0] || !mr->trace_key[1] ||
        !mr->rank_seconds)
      return ar_fail(AR_ERR_NOMEM, "out of memory restoring month %d", (int)t);
  }
  return AR_OK;
}

static void supply_ckpt_free(supply_ckpt *sk) {
  free(sk->month_int);
  free(sk->month_real);
  memset(sk, 0, sizeof *sk);
}

/* Collective. Applies --resume to the months: on a checkpoint (*first = its month), restores the
 * finished months' plan and figures and points sc at that exact file for the month's engine;
 * otherwise *first = 0 and no resume is left to do. Refusals and damage as for tours. */
static ar_status supply_resume(solve_ckpt *sc, supply_ckpt *sk, supply_result *res,
                               const param_set *ps, char *path, size_t cap, int32_t *first) {
  *first = 0;
  if (!sc->opt.resume) return AR_OK;
  ckpt_state pre = {.fields = sk->fields,
                    .nfields = SUPPLY_CKPT_FIELDS,
                    .scalars = &sk->month,
                    .nscalars = 1,
                    .input_checksum = sc->input_checksum,
                    .search_parameters = sc->search,
                    .params = ps};
  int resumed = 0, auto_pick = strcmp(sc->opt.resume, "auto") == 0;
  ar_status st = ckpt_resume(sc->opt.resume, sc->opt.dir, sc->opt.force, &pre, sc->comm, stderr,
                             path, cap, &resumed);
  /* The read above checked only the months' datasets: with auto, a checkpoint whose engine
   * datasets are damaged is moved aside here too, and the previous one is taken. */
  while (st == AR_OK && resumed && auto_pick) {
    ckpt_problem problem;
    ar_status vst = ckpt_verify(path, sc->comm, &problem, NULL);
    if (vst == AR_OK) break;
    if (problem != CKPT_PROBLEM_DAMAGED) return vst;
    if (sc->rank == 0) {
      char moved[H5U_PATH_MAX], what[2048];
      snprintf(what, sizeof what, "%s", ar_error_message());
      int aside = ckpt_dir_move_aside(path, moved, sizeof moved) == AR_OK;
      fprintf(
          stderr, "antroute: damaged checkpoint: %s; %s%s; trying the previous one\n", what,
          aside ? "moved to " : "could not move it aside: ", aside ? moved : ar_error_message());
      fflush(stderr);
    }
    ar_error_clear();
    st = ar_agree(sc->comm,
                  MPI_Barrier(sc->comm) == MPI_SUCCESS
                      ? AR_OK
                      : ar_fail(AR_ERR_MPI, "MPI_Barrier after moving a checkpoint aside failed"));
    if (st == AR_OK)
      st = ckpt_resume(sc->opt.resume, sc->opt.dir, sc->opt.force, &pre, sc->comm, stderr, path,
                       cap, &resumed);
  }
  if (st != AR_OK) return st;
  if (!resumed) {
    sc->opt.resume = NULL;
    return AR_OK;
  }
  if (sk->month.i64 < 0 || sk->month.i64 >= res->n_months) {
    ar_error_mark_shared();
    return ar_fail(AR_ERR_INPUT, "%s: supply_month %lld is not a month of this network (0..%d)",
                   path, (long long)sk->month.i64, (int)res->n_months - 1);
  }
  *first = (int32_t)sk->month.i64;
  int ranks = 1;
  MPI_Comm_size(sc->comm, &ranks);
  st = ar_agree(sc->comm, supply_ckpt_restore(sk, res, *first, ranks));
  sc->opt.resume = path; /* the month's engine comes from exactly this file */
  return st;
}

/* Both hooks need their own state: progress lines and checkpoints. */
typedef struct {
  void *progress;
  solve_ckpt *ckpt;
} supply_hooks;

static ar_status on_epoch(aco_engine *e, void *arg);

static ar_status hook_epoch(aco_engine *e, void *arg) {
  return on_epoch(e, ((supply_hooks *)arg)->progress);
}

static ar_status hook_iteration(aco_engine *e, void *arg, int *stop) {
  return solve_ckpt_iteration_end(e, ((supply_hooks *)arg)->ckpt, stop);
}

static ar_status engine_params(const param_set *ps, aco_params *par) {
  *par = aco_params_default();
  par->algorithm = strcmp(param_str(ps, "algorithm"), "acs") == 0 ? ACO_ACS : ACO_MMAS;
  int acs = par->algorithm == ACO_ACS;
  par->colonies = (int32_t)param_int(ps, "colonies");
  par->ants = (int32_t)param_int(ps, "ants");
  par->alpha = param_real(ps, "alpha");
  par->beta = param_real(ps, "beta");
  par->rho = param_is_set(ps, "rho") ? param_real(ps, "rho") : (acs ? 0.1 : 0.2);
  par->q0 = param_is_set(ps, "q0") ? param_real(ps, "q0") : (acs ? 0.9 : 0.0);
  par->xi = param_real(ps, "xi");
  par->p_best = param_real(ps, "p-best");
  par->p_gbest = param_real(ps, "p-gbest");
  par->restart_iterations = param_int(ps, "restart");
  par->iterations = param_int(ps, "iterations");
  par->time_limit = param_is_set(ps, "time") ? param_real(ps, "time") : 0.0;
  if (par->iterations == 0 && par->time_limit == 0.0)
    par->time_limit = SOLVE_SUPPLY_DEFAULT_SECONDS;
  par->epoch_iterations = param_int(ps, "epoch-iterations");
  par->seed = (uint64_t)param_int(ps, "seed");
  par->migrate = strcmp(param_str(ps, "migrate"), "yes") == 0;
  solve_parallel_params(ps, par);
  if (par->algorithm == ACO_MMAS && par->q0 > 0)
    return ar_fail(AR_ERR_USAGE, "--q0 applies to --algorithm acs only");
  return aco_params_check(par);
}

static const char *stop_name(aco_stop_reason r) {
  switch (r) {
  case ACO_STOP_ITERATIONS: return "iterations";
  case ACO_STOP_TIME: return "time";
  case ACO_STOP_HOOK: return "requested";
  case ACO_STOP_NONE: break;
  }
  return "none";
}

/* The trace of one month: the epoch ends where the best improved. */
static ar_status month_trace(const aco_engine *e, supply_month_result *mr) {
  int64_t E = e->epoch, T = 0;
  mr->trace_time = malloc((size_t)(E > 0 ? E : 1) * sizeof(double));
  mr->trace_iteration = malloc((size_t)(E > 0 ? E : 1) * sizeof(int64_t));
  mr->trace_key[0] = malloc((size_t)(E > 0 ? E : 1) * sizeof(double));
  mr->trace_key[1] = malloc((size_t)(E > 0 ? E : 1) * sizeof(double));
  if (!mr->trace_time || !mr->trace_iteration || !mr->trace_key[0] || !mr->trace_key[1])
    return ar_fail(AR_ERR_NOMEM, "out of memory for the convergence trace");
  for (int64_t i = 0; i < E; i++) {
    const aco_epoch_record *r = &e->epochs[i];
    if (i > 0 && aco_cost_compare(&r->best_cost, &e->epochs[i - 1].best_cost) == 0) continue;
    mr->trace_time[T] = r->time;
    mr->trace_iteration[T] = r->iteration;
    mr->trace_key[0][T] = r->best_cost.key[0];
    mr->trace_key[1][T] = ACO_COST_KEYS > 1 ? r->best_cost.key[1] : 0.0;
    T++;
  }
  mr->n_trace = T;
  return AR_OK;
}

static ar_status solve_month(const param_set *ps, const supply_model *m, const supply_months *mo,
                             int32_t month, double seconds, supply_result *res, bsp_log *bsp,
                             int rank, solve_ckpt *ck, supply_ckpt *sk) {
  supply_month_result *mr = &res->months[month];
  double t0 = MPI_Wtime();
  int quiet = param_flag(ps, "quiet");
  aco_params par;
  ar_status st = engine_params(ps, &par);
  if (st != AR_OK) return st;
  if (par.time_limit > 0.0) par.time_limit = seconds;
  supply_problem_options ro = supply_problem_options_default();
  ro.rebuild = (int32_t)param_int(ps, "rebuild");
  ro.ls_passes = (int32_t)param_int(ps, "ls-passes");
  /* A time-limited run may cut the initial local search short (its answer depends on timing
   * anyway); an iteration-limited one never does. */
  if (par.time_limit > 0.0) ro.initial_ls_time = 0.5 * seconds;

  supply_scope sc;
  supply_problem rp;
  aco_problem problem;
  aco_engine *e = NULL;
  supply_plan plan = {0};
  memset(&rp, 0, sizeof rp);
  int32_t n = mo->start[month + 1] - mo->start[month];
  st = supply_scope_init(&sc, m, mo->orders + mo->start[month], n, &res->plan);
  if (st == AR_OK) st = supply_problem_create(&sc, &res->plan, &ro, &rp, &problem);
  st = ar_agree(MPI_COMM_WORLD, st);
  if (st != AR_OK) {
    supply_scope_free(&sc);
    supply_problem_free(&rp);
    return st;
  }
  mr->min_unserved = rp.flow.min_unserved;
  mr->lower_wc = rp.lower_wc;
  mr->lower_cost = rp.lower_cost;
  if (rank == 0 && !quiet) {
    printf("%04d-%02d: %d orders, %d ship days, %d pheromone columns; unserved at least %lld "
           "(max-flow bound)%s\n",
           mr->year, mr->month, (int)n, (int)sc.ndays, (int)problem.options,
           (long long)mr->min_unserved, m->cfg.capacity ? "" : " (capacity ignored)");
    fflush(stdout);
  }
  st = ar_agree(MPI_COMM_WORLD, aco_engine_create(&problem, &par, MPI_COMM_WORLD, &e));
  if (st == AR_OK) {
    /* The initial solutions took part of the month's time. */
    if (par.time_limit > 0.0) {
      double left = seconds - (MPI_Wtime() - t0);
      if (MPI_Bcast(&left, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD) != MPI_SUCCESS)
        st = ar_fail(AR_ERR_MPI, "MPI_Bcast of the time left failed");
      e->par.time_limit = left > 0.01 ? left : 0.01;
    }
    if (rank == 0 && !quiet) {
      printf("%04d-%02d: initial plan (greedy + local search) in %.2f s: ", mr->year, mr->month,
             MPI_Wtime() - t0);
      const aco_cost *c0 = &e->colony[0].s.best_cost;
      for (int i = 0; i < m->cfg.n_keys && i < ACO_COST_KEYS; i++)
        printf("%s%s %.2f", i ? ", " : "", supply_goal_name(m->cfg.key[i]), c0->key[i]);
      printf("; %s, %d colon%s x %d ants on %d rank%s x %d thread%s\n",
             aco_algorithm_name(par.algorithm), par.colonies, par.colonies == 1 ? "y" : "ies",
             par.ants, e->size, e->size == 1 ? "" : "s", e->threads, e->threads == 1 ? "" : "s");
      fflush(stdout);
    }
  }
  /* The checkpoints of this month: its engine, the months before it, its index. */
  sk->month.i64 = month;
  ck->extra_fields = sk->fields;
  ck->nextra_fields = SUPPLY_CKPT_FIELDS;
  ck->extra_scalars = &sk->month;
  ck->nextra_scalars = 1;
  ckpt_schedule_init(&ck->schedule, ck->opt.every_iterations, ck->opt.every_seconds);
  int resumed = 0;
  if (st == AR_OK) st = ar_agree(MPI_COMM_WORLD, solve_ckpt_attach_and_resume(ck, e, &resumed));
  ck->opt.resume = NULL; /* later months start afresh */
  progress_state prog = {.cfg = &m->cfg, .year = mr->year, .month = mr->month};
  progress_init(&prog.out, param_real(ps, "progress"), quiet);
  if (st == AR_OK) {
    supply_hooks both = {&prog, ck};
    aco_hooks hooks = {hook_epoch, NULL, &both, hook_iteration};
    st = ar_agree(MPI_COMM_WORLD, aco_engine_run(e, &hooks));
  }
  progress_end(&prog.out);
  if (st == AR_OK) st = bsp_log_append(bsp, e);
  /* Stopped by a signal or the deadline: checkpointed; the results come with the last run. */
  if (st == AR_OK && ck->stop_reasons) {
    if (rank == 0)
      fprintf(stderr,
              "antroute solve: stopped by %s in month %04d-%02d after iteration %lld; "
              "checkpoint %s; exit status 75: run again with --resume auto --checkpoint-dir %s "
              "to continue\n",
              ckpt_stop_describe(ck->stop_reasons, ck->stop_signal, &ck->deadline), mr->year,
              mr->month, (long long)e->iteration, ck->last_path, ck->opt.dir);
    st = AR_ERR_RESUME;
  }
  if (st == AR_OK) {
    /* The month's best is checked from scratch before it is fixed. */
    aco_solution best = {e->best_cost, e->best};
    st = ar_agree(MPI_COMM_WORLD, problem.verify(&problem, &best));
  }
  if (st == AR_OK) st = ar_agree(MPI_COMM_WORLD, supply_plan_init(&plan, &sc));
  if (st == AR_OK) {
    supply_problem_plan_from(&rp, &plan, e->best);
    supply_plan_to_assign(&plan, &res->plan);
    for (int32_t i = 0; i < sc.n; i++)
      res->reason[sc.orders[i]] = (int8_t)supply_plan_unserved_reason(&plan, i);
    mr->iterations = e->iteration;
    mr->epochs = e->epoch;
    mr->best_colony = e->best_colony;
    mr->best_iteration = e->best_iteration;
    snprintf(mr->stopped_by, sizeof mr->stopped_by, "%s", stop_name(e->stop_reason));
    st = ar_agree(MPI_COMM_WORLD, month_trace(e, mr));
    /* The month's BSP split per rank, gathered on rank 0. */
    double mine[4] = {e->time_construct, e->time_update, e->time_exchange, aco_engine_elapsed(e)};
    mr->ranks = e->size;
    mr->rank_seconds = malloc(sizeof(double) * 4 * (size_t)e->size);
    if (st == AR_OK)
      st = ar_agree(MPI_COMM_WORLD,
                    !mr->rank_seconds ? ar_fail(AR_ERR_NOMEM, "out of memory for timings") : AR_OK);
    if (st == AR_OK && MPI_Allgather(mine, 4, MPI_DOUBLE, mr->rank_seconds, 4, MPI_DOUBLE,
                                     MPI_COMM_WORLD) != MPI_SUCCESS)
      st = ar_fail(AR_ERR_MPI, "MPI_Allgather of the month's timings failed");
    double secs = MPI_Wtime() - t0;
    MPI_Bcast(&secs, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    mr->seconds = secs;
    /* How far the served cost can be from the best possible for this many served orders. */
    if (st == AR_OK && param_int(ps, "bound-iterations") > 0)
      st = ar_agree(MPI_COMM_WORLD,
                    supply_capacity_cost_bound(&sc, plan.tot.served, plan.tot.wc + plan.tot.tc,
                                               (int)param_int(ps, "bound-iterations"),
                                               &mr->lower_served_cost));
    if (rank == 0 && !quiet) {
      printf("%04d-%02d: best after %lld iterations in %.1f s (colony %d, iteration %lld): "
             "%lld unserved (bound %lld), cost %.2f (warehouse %.2f, transport %.2f)\n",
             mr->year, mr->month, (long long)e->iteration, secs, (int)e->best_colony,
             (long long)e->best_iteration, (long long)plan.tot.unserved,
             (long long)mr->min_unserved, plan.tot.wc + plan.tot.tc, plan.tot.wc, plan.tot.tc);
      double served_cost = plan.tot.wc + plan.tot.tc;
      if (mr->lower_served_cost > -HUGE_VAL)
        printf("%04d-%02d: lower bound on the cost of serving %lld orders: %.2f (gap %.3f %%)\n",
               mr->year, mr->month, (long long)plan.tot.served, mr->lower_served_cost,
               100.0 * (served_cost - mr->lower_served_cost) / served_cost);
      else if (plan.tot.unserved == mr->min_unserved && mr->min_unserved == 0)
        printf("%04d-%02d: lower bound on the cost of serving every order: %.2f (gap %.3f %%)\n",
               mr->year, mr->month, mr->lower_cost,
               100.0 * (served_cost - mr->lower_cost) / served_cost);
      fflush(stdout);
    }
  }
  if (st == AR_OK) supply_ckpt_stage(sk, res, month);
  supply_plan_free(&plan);
  solve_ckpt_detach(ck);
  aco_engine_free(e);
  supply_problem_free(&rp);
  supply_scope_free(&sc);
  return st;
}

/* Month totals from the final check's per-order parts. */
static void month_totals(const supply_model *m, supply_result *res) {
  const supply_net *net = m->net;
  for (int32_t t = 0; t < res->n_months; t++)
    memset(&res->months[t].tot, 0, sizeof res->months[t].tot);
  for (int32_t k = 0; k < net->n_orders; k++) {
    supply_totals *tt = &res->months[res->month_of[k]].tot;
    if (!res->plan.served[k]) {
      tt->unserved++;
      continue;
    }
    tt->served++;
    tt->wc += res->check.order_wc[k];
    tt->tc += res->check.order_tc[k];
    tt->time += res->check.order_time[k];
    tt->co2 += res->check.order_co2[k];
  }
}

static ar_status solve_supply(param_set *ps, int rank) {
  const char *input = ps->positional[0];
  const char *output = param_str(ps, "output");
  supply_config cfg;
  ar_status st = supply_config_from_params(ps, &cfg);
  if (st != AR_OK) {
    ar_error_mark_shared();
    return st;
  }
  supply_net net;
  memset(&net, 0, sizeof net);
  st = ar_agree(MPI_COMM_WORLD, h5net_supply_read(input, MPI_COMM_WORLD, &net));
  if (st != AR_OK) return st;
  supply_model m;
  supply_months mo;
  supply_result res;
  memset(&m, 0, sizeof m);
  memset(&mo, 0, sizeof mo);
  memset(&res, 0, sizeof res);
  st = supply_model_build(&net, &cfg, &m);
  if (st == AR_OK) st = supply_months_build(&net, &mo);
  if (st == AR_OK) st = supply_result_init(&res, net.n_orders, &mo);
  st = ar_agree(MPI_COMM_WORLD, st);
  solve_memory mem;
  if (st == AR_OK) st = solve_memory_supply(ps, &m, &mo, MPI_COMM_WORLD, &mem);
  /* Open the output now, so an unwritable path fails before the search, not after it. */
  h5u_output out;
  int out_open = 0;
  if (st == AR_OK) {
    st = h5u_output_create(&out, output, MPI_COMM_WORLD);
    out_open = st == AR_OK;
    st = ar_agree(MPI_COMM_WORLD, st);
  }
  if (st == AR_OK && rank == 0 && !param_flag(ps, "quiet")) {
    supply_option_stats os;
    supply_model_option_stats(&m, &os);
    printf("%s: %d orders in %d month%s, %lld (order, route) pairs, %d without a route; goals ",
           input, (int)net.n_orders, (int)mo.n, mo.n == 1 ? "" : "s", (long long)os.pairs,
           (int)os.no_route);
    for (int i = 0; i < cfg.n_keys; i++)
      printf("%s%s", i ? ", " : "", supply_goal_name(cfg.key[i]));
    printf("%s\n", cfg.capacity ? "" : "; plant capacity ignored");
    fflush(stdout);
  }
  bsp_log bsp;
  bsp_log_init(&bsp, MPI_COMM_WORLD);
  solve_ckpt ck;
  supply_ckpt sk;
  memset(&ck, 0, sizeof ck);
  memset(&sk, 0, sizeof sk);
  char resume_path[H5U_PATH_MAX];
  int32_t first = 0;
  if (st == AR_OK) st = solve_ckpt_init(&ck, ps, input, param_flag(ps, "quiet"), MPI_COMM_WORLD);
  if (st == AR_OK) st = ar_agree(MPI_COMM_WORLD, supply_ckpt_init(&sk, &res));
  if (st == AR_OK) st = supply_resume(&ck, &sk, &res, ps, resume_path, sizeof resume_path, &first);
  for (int32_t t = 0; st == AR_OK && t < first; t++)
    supply_ckpt_stage(&sk, &res, t);
  if (st == AR_OK && first > 0 && rank == 0 && !param_flag(ps, "quiet")) {
    printf("resumed from %s: months before %04d-%02d restored\n", resume_path, mo.year[first],
           mo.month[first]);
    fflush(stdout);
  }
  double total = param_is_set(ps, "time") ? param_real(ps, "time") : SOLVE_SUPPLY_DEFAULT_SECONDS;
  for (int32_t t = first; st == AR_OK && t < mo.n; t++) {
    double share = net.n_orders ? total * (mo.start[t + 1] - mo.start[t]) / net.n_orders : 0.0;
    st = solve_month(ps, &m, &mo, t, share, &res, &bsp, rank, &ck, &sk);
  }
  /* The whole plan, checked by the evaluator's code before anything is written. */
  if (st == AR_OK) st = ar_agree(MPI_COMM_WORLD, supply_check(&m, &res.plan, 1, &res.check));
  if (st == AR_OK && res.check.nv > 0) {
    char line[512];
    supply_violation_format(&m, &res.plan, &res.check.v[0], line, sizeof line);
    st = ar_fail(AR_ERR_INTERNAL, "self-check: the final plan breaks %lld constraints, e.g. %s",
                 (long long)res.check.nv, line);
    ar_error_mark_shared();
  }
  if (st == AR_OK) {
    month_totals(&m, &res);
    h5res_supply_info info = {input, omp_get_max_threads(), (int32_t)param_int(ps, "colonies")};
    st = ar_agree(MPI_COMM_WORLD, h5res_supply_write(out.file, &m, &res, ps, &info));
    if (st == AR_OK)
      st = ar_agree(MPI_COMM_WORLD, solve_memory_record(out.file, &mem, MPI_COMM_WORLD));
    if (st == AR_OK)
      st = ar_agree(MPI_COMM_WORLD, h5res_bsp_write(out.file, &bsp, MPI_COMM_WORLD, 0));
    if (st == AR_OK) {
      st = ar_agree(MPI_COMM_WORLD, h5u_output_commit(&out));
      out_open = 0;
    }
  }
  if (out_open) h5u_output_abort(&out);
  if (st == AR_OK && param_is_set(ps, "csv")) {
    ar_status cs = rank == 0 ? supply_plan_csv_write(&net, &res.plan, param_str(ps, "csv")) : AR_OK;
    st = ar_agree(MPI_COMM_WORLD, cs);
  }
  if (st == AR_OK && rank == 0) {
    int64_t bound = 0;
    for (int32_t t = 0; t < mo.n; t++)
      bound += res.months[t].min_unserved;
    printf("plan of %d orders -> %s%s%s\n", (int)net.n_orders, output,
           param_is_set(ps, "csv") ? " and " : "",
           param_is_set(ps, "csv") ? param_str(ps, "csv") : "");
    printf("unserved bound (max flow): %lld%s\n", (long long)bound,
           res.check.tot.unserved == bound ? " (reached)" : "");
    supply_report_print(stdout, &m, &res.plan, &res.check, 20);
    if (!param_flag(ps, "quiet")) bsp_log_print(&bsp, stdout);
    fflush(stdout);
  }
  bsp_log_free(&bsp);
  supply_ckpt_free(&sk);
  solve_ckpt_free(&ck);
  supply_result_free(&res);
  supply_months_free(&mo);
  supply_model_free(&m);
  supply_net_free(&net);
  return st;
}

/* The input file among the arguments: the first one that is neither an option nor an option's
 * value (options that take a value are looked up in defs). */
static const char *cmd_solve_find_input(int argc, char **argv, const param_def *defs, int ndefs) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || a[1] == '\0') return a;
    if (strcmp(a, "--") == 0) return i + 1 < argc ? argv[i + 1] : NULL;
    int takes_value = 0;
    if (a[1] == '-') {
      if (strchr(a, '=')) continue;
      for (int d = 0; d < ndefs; d++)
        if (strcmp(a + 2, defs[d].name) == 0) takes_value = defs[d].type != PARAM_FLAG;
      if (strcmp(a + 2, "params") == 0) takes_value = 1;
    } else if (a[2] == '\0') {
      for (int d = 0; d < ndefs; d++)
        if (defs[d].short_name == a[1]) takes_value = defs[d].type != PARAM_FLAG;
    }
    if (takes_value) i++;
  }
  return NULL;
}

int cmd_solve_is_supply(int argc, char **argv, const param_def *defs, int ndefs) {
  param_def all[PARAM_MAX];
  int n =
      supply_params_merge(all, PARAM_MAX, solve_supply_own_params,
                          (int)(sizeof solve_supply_own_params / sizeof *solve_supply_own_params));
  const char *input = NULL;
  if (n > 0) input = cmd_solve_find_input(argc, argv, all, n);
  const char *other = cmd_solve_find_input(argc, argv, defs, ndefs);
  if (!input || !other || strcmp(input, other) != 0) return 0;
  /* Every rank sees the same file: the kind is the same everywhere. */
  hid_t file;
  if (h5u_open_read(input, MPI_COMM_WORLD, &file) != AR_OK) {
    ar_error_clear();
    return 0;
  }
  char kind[64] = "";
  int supply = h5u_attr_read_str(file, "kind", kind, sizeof kind) == AR_OK &&
               strcmp(kind, H5NET_SUPPLY_KIND) == 0;
  h5u_close(file);
  ar_error_clear();
  return supply;
}

ar_status cmd_solve_supply(int argc, char **argv) {
  param_def defs[PARAM_MAX];
  int ndefs = supply_params_merge(
      defs, PARAM_MAX, solve_supply_own_params,
      (int)(sizeof solve_supply_own_params / sizeof solve_supply_own_params[0]));
  if (ndefs < 0) return ar_fail(AR_ERR_INTERNAL, "too many parameters for solve");
  param_set ps = {.command = "solve",
                  .usage = "antroute solve NETWORK.h5 -o RESULTS.h5 [options]   (supply chain)",
                  .description =
                      "Routes the orders of a supply-chain network month by month with ant "
                      "colonies (docs/model.md): per order a plant, origin port, lane and ship "
                      "day; fewest unserved orders first, then cost (see --goal-order). Each "
                      "month's best plan is checked from scratch and fixed before the next "
                      "month. Threads come from OMP_NUM_THREADS; under mpirun the colonies are "
                      "spread over the ranks. With --iterations and no --time the answer "
                      "depends only on the input, the parameters, the seed and the colonies.",
                  .defs = defs,
                  .ndefs = ndefs,
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
  st = solve_parallel_setup(&ps);
  if (st == AR_OK) st = solve_outputs_check(&ps, MPI_COMM_WORLD);
  if (st == AR_OK) st = solve_supply(&ps, rank);
  param_free(&ps);
  return st;
}
