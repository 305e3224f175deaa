/* SPDX-License-Identifier: BSD-3-Clause */
/* solve_driver: `antroute solve NET.h5 -o RESULTS.h5`, for every problem kind.
 *
 * Parses the options once (solve_options.h), opens the network once and hands it to the solve
 * part of the wing named by its `kind` attribute (app_wings.h, wing_solve.h). Then, phase by
 * phase (a tour solve has one, order routing one per month): the kind makes the phase's problem,
 * the engine searches it over the ranks and threads with progress lines and checkpoints at
 * iteration boundaries, the phase's best is checked from scratch, and the kind keeps it. At the
 * end the kind checks the whole answer and writes its results, with the BSP record, into the
 * results file (opened before the search, so that an unwritable path fails at once). A run
 * stopped by a signal or its deadline checkpoints and ends with exit status 75; `--resume auto`
 * continues it, in whichever phase it stopped. Collective on MPI_COMM_WORLD.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aco_engine_ckpt.h"
#include "app_wing_check.h"
#include "ar_agree.h"
#include "ar_comm.h"
#include "ar_hooks.h"
#include "ar_path.h"
#include "bsp_log.h"
#include "ckpt_session.h"
#include "cli.h"
#include "cli_parse.h"
#include "h5field.h"
#include "h5res_bsp.h"
#include "h5res_fields.h"
#include "h5u.h"
#include "progress.h"
#include "solve_budget.h"
#include "solve_input.h"
#include "solve_memory.h"
#include "solve_options.h"
#include "solve_outputs.h"
#include "solve_parallel.h"

typedef struct {
  param_set *ps;
  solve_run run;
  const wing *wing;
  const solve_kind *kind;
  void *state;      /* the kind's */
  solve_memory mem; /* the estimate, checked before the search */
  ckpt_session ck;  /* checkpoints and resume */
  char resume_path[H5U_PATH_MAX];
  int resume_found;
  bsp_log bsp;
  h5u_output out;
  int out_open;
  aco_engine *engine; /* of the current (at the end: the last) phase */
  int32_t phase;
  progress_out progress;
  char final_line[512]; /* the last progress line, shown with the summary */
  solve_budget budget;  /* --time: the plan of the run's phases */
  double first_start;   /* MPI_Wtime() when the first phase's engine of this process started */
} solve_driver;

/* --- Progress and checkpoints at the engine's hooks ----------------------------------------- */

static void show_progress(solve_driver *d, aco_engine *e, int final) {
  char body[448], line[512];
  d->kind->progress(d->state, &d->run, d->phase, e, final, body, sizeof body);
  if (!body[0]) return;
  double now = aco_engine_elapsed(e);
  snprintf(line, sizeof line, "[%8.1f s] %s", now, body);
  if (final)
    snprintf(d->final_line, sizeof d->final_line, "%s", line);
  else
    progress_show(&d->progress, now, line);
}

static ar_status hook_epoch(aco_engine *e, void *arg) {
  solve_driver *d = arg;
  if (d->run.rank == 0 && !d->progress.quiet && progress_due(&d->progress, aco_engine_elapsed(e)))
    show_progress(d, e, 0);
  return AR_OK;
}

static ar_status hook_iteration(aco_engine *e, void *arg, int *stop) {
  solve_driver *d = arg;
  aco_engine_info in;
  aco_engine_get_info(e, &in);
  int finishing = in.par->iterations > 0 && in.iteration >= in.par->iterations;
  int epoch_end = in.iteration % in.par->epoch_iterations == 0;
  return ckpt_session_boundary(&d->ck, in.iteration, epoch_end, finishing, stop);
}

static int hook_look(aco_engine *e, void *arg) {
  (void)e;
  return ckpt_session_look(&((solve_driver *)arg)->ck);
}

/* A run stopped by hook_look (without checkpoints): every rank learns the signal (for the message
 * and the exit status) as the session's stop agreement would have told it. */
static ar_status note_local_stop(solve_driver *d) {
  aco_engine_info in;
  aco_engine_get_info(d->engine, &in);
  if (d->ck.writing || in.stop_reason != ACO_STOP_HOOK) return AR_OK;
  int stop = 0;
  return ckpt_session_stop_now(&d->ck, &stop);
}

/* --- One phase ------------------------------------------------------------------------------- */

/* The checkpoints of this phase hold the engine's part, then the kind's; on the phase a resume
 * continues in, the engine's state comes from that checkpoint. */
static ar_status phase_checkpoints(solve_driver *d, int resuming) {
  if (!d->ck.enabled) return AR_OK;
  ckpt_part *parts[2];
  int n = 0;
  ar_status st = ar_agree(d->run.comm, aco_engine_ckpt_part(d->engine, &parts[n]));
  if (st != AR_OK) return st;
  n++;
  if (d->kind->ckpt_part) parts[n++] = d->kind->ckpt_part(d->state);
  aco_engine_info in;
  aco_engine_get_info(d->engine, &in);
  hsize_t first = (hsize_t)in.first_colony, count = (hsize_t)in.local_colonies;
  st = ckpt_session_attach(&d->ck, parts, n, first, count);
  if (st != AR_OK || !resuming) return st;
  st = ckpt_session_read(&d->ck, d->resume_path, parts, 1, first, count);
  if (st == AR_OK && d->run.rank == 0 && !d->run.quiet) {
    aco_engine_get_info(d->engine, &in);
    /* Before the first epoch ends there is no best yet (its cost is +inf). */
    char best[64] = "no best yet";
    if (isfinite(in.best_cost.key[0]))
      snprintf(best, sizeof best, "best %.0f", in.best_cost.key[0]);
    printf("resumed from %s: iteration %lld, %lld epoch%s, %s\n", d->resume_path,
           (long long)in.iteration, (long long)in.epoch, in.epoch == 1 ? "" : "s", best);
    fflush(stdout);
  }
  return st;
}

/* The phase's best, checked from scratch before the kind keeps it (a mismatch is a bug). */
static ar_status verify_best(solve_driver *d) {
  aco_engine_info in;
  aco_engine_get_info(d->engine, &in);
  size_t len = (size_t)in.problem->solution_len;
  int32_t *copy = malloc((len ? len : 1) * sizeof *copy);
  ar_status st = copy ? AR_OK : ar_fail(AR_ERR_NOMEM, "out of memory for the self-check");
  if (st == AR_OK) {
    memcpy(copy, in.best, len * sizeof *copy);
    if (ar_hook_fault(AR_FAULT_CORRUPT_BEST, d->run.comm) && len > 1) { /* tests only */
      int32_t t = copy[0];
      copy[0] = copy[len / 2];
      copy[len / 2] = t;
    }
    aco_solution best = {in.best_cost, copy};
    st = in.problem->verify(in.problem, &best);
  }
  free(copy);
  return ar_agree(d->run.comm, st);
}

/* The run ends at a stop (a signal, the deadline): rank 0 says how; 75 with a checkpoint folder
 * (the results come with the last run), else 128 + the signal (nothing kept). `iteration`: the
 * iterations done, or -1 before the search; `where` (may be ""): " in month 2013-05",
 * " while computing the lower bound". */
static ar_status stopped(solve_driver *d, const char *where, int64_t iteration) {
  if (d->run.rank == 0) {
    char msg[2048];
    ckpt_session_stop_message(&d->ck, iteration, where, d->resume_found ? d->resume_path : NULL,
                              msg, sizeof msg);
    fprintf(stderr, "antroute solve: %s\n", msg);
  }
  return d->ck.writing ? AR_ERR_RESUME : AR_ERR_STOPPED;
}

/* A point before the search where the run may stop cleanly: every rank agrees whether a stop
 * signal arrived (or the deadline passed); then the run ends here (stopped()). */
static ar_status stop_point(solve_driver *d, const char *where) {
  int stop = 0;
  ar_status st = ckpt_session_stop_now(&d->ck, &stop);
  return st != AR_OK || !stop ? st : stopped(d, where, -1);
}

/* Stopped by a signal or the deadline at an iteration boundary (checkpointed when it could be). */
static ar_status phase_stopped(solve_driver *d) {
  aco_engine_info in;
  aco_engine_get_info(d->engine, &in);
  char label[64] = "", where[80] = "";
  if (d->kind->phase_label) {
    d->kind->phase_label(d->state, d->phase, label, sizeof label);
    snprintf(where, sizeof where, " in %s", label);
  }
  return stopped(d, where, in.iteration);
}

/* " in month 2013-05" + what (" before its search"), for stop points of a phase. */
static void phase_where(solve_driver *d, const char *what, char *buf, size_t cap) {
  char label[64] = "";
  if (d->kind->phase_label) d->kind->phase_label(d->state, d->phase, label, sizeof label);
  snprintf(buf, cap, "%s%s%s", label[0] ? " in " : "", label, what);
}

static ar_status run_phase(solve_driver *d, int resuming) {
  aco_params par;
  const aco_problem *problem = NULL;
  ar_status st = ar_agree(d->run.comm, solve_options_engine(d->ps, &par));
  char where[128];
  if (st == AR_OK) st = d->kind->phase_begin(d->state, &d->run, d->phase, &par, &problem);
  solve_budget_step_done(&d->budget, SOLVE_BUDGET_PROBLEM);
  if (st == AR_OK) st = ar_agree(d->run.comm, solve_options_resolved(d->ps, &par));
  phase_where(d, " while preparing the search", where, sizeof where);
  if (st == AR_OK) st = stop_point(d, where);
  if (st == AR_OK)
    st = ar_agree(d->run.comm, aco_engine_create(problem, &par, d->run.comm, &d->engine));
  solve_budget_step_done(&d->budget, SOLVE_BUDGET_FIRST);
  phase_where(d, " while building the first solutions", where, sizeof where);
  if (st == AR_OK) st = stop_point(d, where);
  if (st == AR_OK && d->kind->phase_started)
    st = d->kind->phase_started(d->state, &d->run, d->phase, d->engine);
  if (st == AR_OK) st = phase_checkpoints(d, resuming);
  progress_init(&d->progress, param_real(d->ps, "progress"), d->run.quiet);
  if (st == AR_OK) {
    /* The session looks at signals (with checkpoints also the deadline and the schedule)
     * without making the ranks meet; the engine agrees on what a look found (aco_plan.h) and
     * calls the boundary hook where checkpoints need the ranks together. Without checkpoints
     * there is no boundary hook: a look's signal stops the run. */
    aco_hooks hooks = {.epoch_end = hook_epoch, .arg = d, .local_stop = hook_look};
    if (d->ck.writing) hooks.iteration_end = hook_iteration;
    ckpt_session_cadence(&d->ck, &hooks.boundary_every, &hooks.boundary_seconds);
    solve_budget_search(&d->budget, d->engine);
    if (d->first_start == 0.0) d->first_start = MPI_Wtime(); /* as the engine's start_wtime */
    st = ar_agree(d->run.comm, aco_engine_run(d->engine, &hooks));
    solve_budget_search_done(&d->budget);
    if (st == AR_OK) st = note_local_stop(d);
  }
  if (st == AR_OK && d->run.rank == 0 && !d->run.quiet) show_progress(d, d->engine, 1);
  if (!d->final_line[0]) progress_end(&d->progress);
  if (st == AR_OK) st = bsp_log_append(&d->bsp, d->engine);
  if (st == AR_OK && d->ck.stop_reasons) return phase_stopped(d);
  if (st == AR_OK) st = verify_best(d);
  if (st == AR_OK) st = d->kind->phase_end(d->state, &d->run, d->phase, d->engine);
  return st;
}

/* --- The run --------------------------------------------------------------------------------- */

/* Opens the network once: its kind picks the wing, whose solve part reads it. */
static ar_status open_network(solve_driver *d) {
  hid_t file;
  ar_status st = h5u_open_read(d->run.input, d->run.comm, &file);
  if (st == AR_OK) {
    /* The header check of every command: format, a registered kind, version (app_wing_check.h). */
    st = app_wing_network(file, &d->wing);
    if (st == AR_OK && !d->wing->solve)
      st = ar_fail(AR_ERR_INPUT, "%s: networks of kind '%s' are not solved by this antroute",
                   d->run.input, d->wing->name);
    if (st == AR_OK) d->kind = d->wing->solve();
    if (st == AR_OK) st = solve_options_for_kind(d->ps, d->wing, d->run.input);
  }
  st = ar_agree(d->run.comm, st);
  if (st == AR_OK) st = d->kind->open(&d->run, file, &d->state);
  h5u_close(file);
  return st;
}

/* What the run will need against what a rank may use, before anything big is allocated. */
static ar_status check_memory(solve_driver *d) {
  aco_params par;
  ar_status st = ar_agree(d->run.comm, solve_options_engine(d->ps, &par));
  if (st != AR_OK) return st;
  wing_memory_parts parts = {.n = 0};
  if (d->kind->memory) d->kind->memory(d->state, &d->run, &par, &parts);
  return solve_memory_check(d->ps, &parts, d->run.quiet, d->run.comm, &d->mem);
}

/* The kind's work before the search (tours: the lower bound), which a stop signal may cut short;
 * with a checkpoint folder, what it computes may be kept there for a restart. */
static ar_status prepare_kind(solve_driver *d) {
  d->run.keep_dir = d->ck.writing ? d->ck.opt.dir : NULL;
  d->run.input_checksum = d->ck.input_checksum;
  ar_status st = d->kind->prepare ? d->kind->prepare(d->state, &d->run) : AR_OK;
  if (st == AR_ERR_STOPPED) {
    char where[1024];
    snprintf(where, sizeof where, " %s", ar_error_message());
    int stop = 0;
    st = ckpt_session_stop_now(&d->ck, &stop); /* the signal, for the message and the status */
    return st == AR_OK ? stopped(d, where, -1) : st;
  }
  if (st != AR_OK) return st;
  ar_hook_pause(AR_PAUSE_PREPARED);
  return stop_point(d, " before the search");
}

/* Applies --resume (the results file is created only when the results are there, so that no
 * .tmp lies around while the run searches; solve_all() proved at the start that it can be). */
static ar_status open_outputs(solve_driver *d) {
  ar_status st = ckpt_session_pick(&d->ck, d->resume_path, sizeof d->resume_path, &d->resume_found);
  if (st != AR_OK || !d->resume_found) return st;
  /* The kind's part says which phase the checkpoint's engine belongs to. */
  if (d->kind->ckpt_part) {
    ckpt_part *part = d->kind->ckpt_part(d->state);
    st = ckpt_session_read(&d->ck, d->resume_path, &part, 1, 0, 0);
    if (st == AR_OK)
      st = ar_agree(d->run.comm, d->kind->resumed(d->state, &d->run, d->resume_path, &d->phase));
  }
  return st;
}

/* /run: how many checkpoints the run wrote and how many it could not (a full disk). */
static ar_status record_checkpoints(const solve_driver *d) {
  hid_t run;
  ar_status st = h5u_group_open(d->out.file, "/run", &run);
  if (st != AR_OK) return st;
  const h5field *F = h5res_run_fields; /* each with its unit and description beside it */
  st = h5field_attr_i64(run, &F[H5RES_RUN_CHECKPOINTS_WRITTEN], d->ck.written);
  if (st == AR_OK) st = h5field_attr_i64(run, &F[H5RES_RUN_CHECKPOINTS_FAILED], d->ck.failed);
  H5Gclose(run);
  return st;
}

static ar_status write_results(solve_driver *d) {
  ar_status st = d->kind->finish ? d->kind->finish(d->state, &d->run) : AR_OK;
  /* The results record the parameters that decided the answer, defaults resolved. */
  if (st == AR_OK) st = ar_agree(d->run.comm, solve_options_record(d->ps));
  if (st == AR_OK) {
    st = h5u_output_create(&d->out, d->run.output, d->run.comm);
    d->out_open = st == AR_OK;
    /* An existing results file is kept (#r.h5.1#), and so is a --csv plan, unless an earlier
     * segment of this run wrote them; rank 0 alone renames, so rank 0 alone decides. */
    if (st == AR_OK && d->run.rank == 0) {
      solve_outputs_owned own = solve_outputs_own(d->ps, d->out.path, d->resume_found);
      d->out.backup = !own.results;
      d->run.own_plan = own.plan;
    }
    st = ar_agree(d->run.comm, st);
  }
  if (st == AR_OK)
    st = ar_agree(d->run.comm, d->kind->write(d->state, &d->run, d->out.file, d->engine));
  if (st == AR_OK)
    st = ar_agree(d->run.comm, solve_memory_record(d->out.file, &d->mem, d->run.comm));
  if (st == AR_OK && d->ck.writing) st = ar_agree(d->run.comm, record_checkpoints(d));
  if (st == AR_OK)
    st = ar_agree(d->run.comm, solve_budget_record(&d->budget, d->out.file, d->run.comm));
  if (st == AR_OK)
    st = ar_agree(d->run.comm,
                  h5res_bsp_write(d->out.file, &d->bsp, d->run.comm, d->kind->epochs_in_results));
  if (st == AR_OK) {
    st = ar_agree(d->run.comm, h5u_output_commit(&d->out));
    d->out_open = 0;
  }
  if (st == AR_OK && d->kind->write_extra) st = d->kind->write_extra(d->state, &d->run);
  return st;
}

/* Rank 0: the final progress line, the kind's summary, the checkpoints, the BSP table. */
static void print_summary(solve_driver *d) {
  if (d->run.rank != 0) return;
  if (d->final_line[0]) {
    progress_show(&d->progress, aco_engine_elapsed(d->engine), d->final_line);
    progress_end(&d->progress);
  }
  d->kind->summary(d->state, &d->run, d->engine, stdout);
  aco_engine_info in;
  aco_engine_get_info(d->engine, &in);
  /* Since the first phase's engine started (order routing: every month's, not the last's). */
  double this_run = MPI_Wtime() - (d->first_start > 0.0 ? d->first_start : in.start_wtime);
  if (this_run <= 0) this_run = 1e-9;
  if (d->ck.written > 0)
    printf("checkpoints: %d written in %.2f s (%.2f %% of this run's %.1f s), the last %s\n",
           d->ck.written, d->ck.write_seconds, 100.0 * d->ck.write_seconds / this_run, this_run,
           d->ck.last_path);
  if (d->ck.failed > 0)
    printf("checkpoints: %d could not be written (the warning above says why)\n", d->ck.failed);
  if (!d->run.quiet) bsp_log_print(&d->bsp, stdout);
  if (!d->run.quiet && in.start_lent > 0) /* aco_start.h */
    printf("first solutions: made once per node, on this node by %d threads (%d lent by its "
           "other ranks, which received the solution)\n",
           (int)in.start_threads, (int)in.start_lent);
  solve_budget_print(&d->budget, stdout);
  fflush(stdout);
}

/* A run whose every checkpoint failed could not have been resumed: its results are written, but
 * it ends with the file-system status (4) and says so last (docs/checkpoint.md). */
static ar_status checkpoints_verdict(const solve_driver *d) {
  if (!d->ck.writing || d->ck.written > 0 || d->ck.failed == 0) return AR_OK;
  ar_status st = ar_fail(AR_ERR_IO,
                         "the results are written, but none of the %d checkpoints of this run "
                         "could be written into %s (the warning above says why): a stop would "
                         "have lost the run",
                         d->ck.failed, d->ck.opt.dir);
  ar_error_mark_shared();
  return st;
}

static ar_status solve_all(solve_driver *d) {
  /* First the checkpoint folder: a folder another run holds stops this one at once. */
  FILE *info = d->run.quiet ? NULL : stdout;
  ar_status st = ckpt_session_init(&d->ck, d->ps, d->run.input, info, stderr, d->run.comm);
  d->ck.info_every = param_flag(d->ps, "verbose");
  if (st == AR_OK) st = h5u_output_probe(d->run.output, d->run.comm);
  if (st == AR_OK) st = open_network(d);
  if (st == AR_OK) st = solve_budget_plan(&d->budget, d->kind, d->state, &d->run);
  if (st == AR_OK) st = stop_point(d, " while reading the network");
  if (st == AR_OK) st = ckpt_session_identify(&d->ck);
  if (st == AR_OK) st = prepare_kind(d);
  if (st == AR_OK) st = check_memory(d);
  if (st == AR_OK) st = open_outputs(d);
  if (st == AR_OK) st = stop_point(d, " before the search");
  solve_budget_step_done(&d->budget, SOLVE_BUDGET_PREPARED);
  const int32_t first = d->phase, phases = st == AR_OK ? d->kind->phases(d->state) : 0;
  for (int32_t p = first; st == AR_OK && p < phases; p++) {
    if (d->engine) { /* the previous phase's engine and problem */
      aco_engine_free(d->engine);
      d->engine = NULL;
      d->kind->phase_free(d->state);
    }
    d->phase = p;
    d->final_line[0] = '\0';
    st = run_phase(d, d->resume_found && p == first);
  }
  if (st == AR_OK) st = write_results(d);
  if (st == AR_OK) print_summary(d);
  if (st == AR_OK) st = checkpoints_verdict(d);
  return st;
}

static void solve_free(solve_driver *d) {
  if (d->out_open) h5u_output_abort(&d->out);
  progress_end(&d->progress);
  bsp_log_free(&d->bsp);
  ckpt_session_free(&d->ck);
  aco_engine_free(d->engine);
  if (d->kind && d->state) d->kind->close(d->state);
}

/* One attempt of the whole run; *retry: the resumed checkpoint proved damaged (moved aside). */
static ar_status solve_once(param_set *ps, int *retry) {
  solve_driver d;
  memset(&d, 0, sizeof d);
  d.ps = ps;
  d.run =
      (solve_run){.ps = ps,
                  .input = ps->positional[0],
                  .output = param_str(ps, "output"),
                  .comm = MPI_COMM_WORLD,
                  .quiet = param_flag(ps, "quiet"),
                  .time = param_is_set(ps, "time") ? param_real(ps, "time") : SOLVE_DEFAULT_SECONDS,
                  .iterations = param_int(ps, "iterations")};
  ar_status st = ar_agree(MPI_COMM_WORLD, solve_budget_init(&d.budget, ps));
  if (st == AR_OK) st = ar_comm_rank_size(MPI_COMM_WORLD, &d.run.rank, &d.run.ranks);
  d.run.threads = omp_get_max_threads();
  bsp_log_init(&d.bsp, d.run.ranks);
  if (st == AR_OK) st = solve_all(&d);
  *retry = st != AR_OK && d.ck.retry;
  solve_free(&d);
  return st;
}

int cmd_solve_defs(param_def *out, int cap) {
  solve_option_table *table = malloc(sizeof *table);
  int n = table && solve_options_table(table) == AR_OK ? table->ndefs : -1;
  if (n > cap) n = -1;
  for (int i = 0; i < n; i++)
    out[i] = table->defs[i];
  free(table);
  ar_error_clear(); /* a table that cannot be built fails the solve itself, with its message */
  return n;
}

ar_status cmd_solve(int argc, char **argv) {
  solve_option_table *table = malloc(sizeof *table);
  ar_status st = table ? solve_options_table(table) : ar_fail(AR_ERR_NOMEM, "out of memory");
  if (st != AR_OK) {
    free(table);
    return st;
  }
  param_set ps = {.command = "solve",
                  .usage = "antroute solve NETWORK.h5|FILE.tsp -o RESULTS.h5 [options]",
                  .examples =
                      "antroute solve inputs/tsplib/berlin52.tsp -o berlin52.h5\n"
                      "antroute solve berlin52.h5 -o r.h5 --time 10 --seed 2\n"
                      "mpirun -np 4 antroute solve pcb442.h5 -o r.h5 --checkpoint-dir ckpt\n"
                      "antroute solve supply.h5 -o plan.h5 --csv plan.csv",
                  .description = table->description,
                  .defs = table->defs,
                  .ndefs = table->ndefs,
                  .groups = table->groups,
                  .min_positional = 1,
                  .max_positional = 1};
  int help_done = 0;
  st = cli_parse(&ps, argc, argv, "output", "solve: missing the results file (-o RESULTS.h5)",
                 &help_done);
  if (st == AR_OK && !help_done) st = solve_parallel_setup(&ps);
  if (st == AR_OK && !help_done) st = solve_outputs_check(&ps, MPI_COMM_WORLD);
  /* A .tsp is imported beside the results first; the outputs are checked again against it. */
  char net[AR_PATH_CAP] = "";
  if (st == AR_OK && !help_done) st = solve_input_prepare(&ps, net, sizeof net);
  if (st == AR_OK && !help_done && net[0]) st = solve_outputs_check(&ps, MPI_COMM_WORLD);
  /* A checkpoint that --resume auto picked but whose contents proved damaged when read was moved
   * aside (ckpt_session_read): everything built from it goes, and the run starts over from the
   * pick, which takes the previous checkpoint (or none). Each round moves one file aside. */
  int again = st == AR_OK && !help_done;
  /* Each round starts from the parameters as given: a round records the automatic values it
   * resolved (solve_options_resolved), and the next must match checkpoints without them. */
  param_values given = {.ndefs = 0};
  if (again) {
    st = param_values_save(&ps, &given);
    again = st == AR_OK;
  }
  for (int round = 0; again; round++) {
    ar_error_clear();
    st = round > 0 ? param_values_restore(&ps, &given) : AR_OK;
    if (st != AR_OK) break;
    st = solve_once(&ps, &again);
  }
  param_values_free(&given);
  param_free(&ps);
  free(table);
  return st;
}
