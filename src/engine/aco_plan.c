/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_plan: where the next segment ends and whether the run stops, agreed at once or a segment
 * ahead (see aco_plan.h). */
#include "aco_plan.h"

#include <math.h>

#include "aco_engine_state.h"
#include "aco_segment.h"
#include "ar_agree.h"
#include "ar_hooks.h"
#include "timer.h"

/* The longest the engine runs without looking at the clocks for the limits and want_stop. */
static const double CHECK_SECONDS = 0.5;

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* Whether a clock or a hook decides where segments end (else every rank plans alike). */
static int plan_timed(const aco_engine *e) {
  return e->par.time_limit > 0.0 || e->par.cpu_limit > 0.0 || e->hooks.want_stop ||
         e->hooks.boundary_seconds > 0.0;
}

/* Iterations in half of what is left of a limit: halving the rest at every boundary, the run
 * meets the limit within about one iteration even when the estimate per iteration is off, at
 * the cost of a few short segments at its end. */
static double half_of_rest(double limit, double used, double per_iteration) {
  return ceil(0.5 * (limit - used) / per_iteration);
}

/* How many iterations fit before the next look at the clocks (at least one), for a segment that
 * starts when `elapsed` and `cpu` seconds have been used, at this rank's pace. --cpu-time counts
 * rank 0's process, so only rank 0 (`rank0`) plans by it. */
static int64_t iterations_until_check(const aco_engine *e, double elapsed, double cpu, int rank0) {
  double check = e->hooks.boundary_seconds > 0.0 ? e->hooks.boundary_seconds : 1e300;
  if (e->par.time_limit > 0.0 || e->par.cpu_limit > 0.0 || e->hooks.want_stop)
    check = check < CHECK_SECONDS ? check : CHECK_SECONDS;
  const double per = e->seconds_per_iteration, cpu_per = e->cpu_per_iteration;
  if (per <= 0.0) return 1; /* nothing measured yet */
  double n = check / per;
  if (e->par.time_limit > 0.0) n = fmin(n, half_of_rest(e->par.time_limit, elapsed, per));
  if (rank0 && e->par.cpu_limit > 0.0 && cpu_per > 0.0)
    n = fmin(n, half_of_rest(e->par.cpu_limit, cpu, cpu_per));
  return n < 1.0                                  ? 1
         : n > (double)ACO_SEGMENT_MAX_ITERATIONS ? ACO_SEGMENT_MAX_ITERATIONS
                                                  : (int64_t)n;
}

/* The stop this rank's clocks ask for when `elapsed` and `cpu` seconds are used: every rank's
 * wall clock (the slowest rank's decides), rank 0's CPU time and want_stop. */
static int64_t clock_stop(aco_engine *e, double elapsed, double cpu, int rank0) {
  if (e->par.time_limit > 0.0 && elapsed >= e->par.time_limit) return ACO_STOP_TIME;
  if (!rank0) return ACO_STOP_NONE;
  if (e->par.cpu_limit > 0.0 && cpu >= e->par.cpu_limit) return ACO_STOP_TIME;
  if (e->hooks.want_stop && e->hooks.want_stop(e, e->hooks.arg)) return ACO_STOP_HOOK;
  return ACO_STOP_NONE;
}

/* What every rank plans alike for a segment starting at iteration `it`: *stop at the iteration
 * limit, else the segment's latest end (the next epoch end, the limit, a multiple of
 * boundary_every, the tests' hold). */
static void fixed_plan(const aco_engine *e, int64_t it, int64_t *stop, int64_t *end) {
  const int64_t K = e->par.epoch_iterations;
  *stop = ACO_STOP_NONE;
  *end = min64((it / K + 1) * K, it + ACO_SEGMENT_MAX_ITERATIONS);
  if (e->par.iterations > 0) {
    if (it >= e->par.iterations) *stop = ACO_STOP_ITERATIONS;
    *end = min64(*end, e->par.iterations);
  }
  if (e->hooks.boundary_every > 0)
    *end = min64(*end, (it / e->hooks.boundary_every + 1) * e->hooks.boundary_every);
  const int64_t hold = ar_hook_until_hold(); /* tests only */
  if (hold > 0) *end = min64(*end, it + hold);
}

int aco_plan_local_stop(aco_engine *e) {
  return e->hooks.local_stop ? e->hooks.local_stop(e, e->hooks.arg) : 0;
}

static int fixed_boundary_at(const aco_engine *e, int64_t it) {
  return it % e->par.epoch_iterations == 0 ||
         (e->hooks.boundary_every > 0 && it % e->hooks.boundary_every == 0) ||
         (e->par.iterations > 0 && it >= e->par.iterations);
}

int aco_plan_fixed_boundary(const aco_engine *e) { return fixed_boundary_at(e, e->iteration); }

int64_t aco_plan_meet(const aco_engine *e, int64_t first, int64_t end) {
  return !e->plan.ahead || fixed_boundary_at(e, end) ? end : first;
}

ar_status aco_plan_start(aco_engine *e) {
  aco_plan *p = &e->plan;
  /* An iteration_end hook that only needs to run where local_stop asks for it (and at the fixed
   * boundaries) does not need every look agreed at once. */
  p->ahead = e->size > 1 && plan_timed(e) && (!e->hooks.iteration_end || e->hooks.local_stop);
  p->pending = p->received = 0;
  p->test_rc = MPI_SUCCESS;
  p->comm = MPI_COMM_NULL;
  if (!p->ahead) return AR_OK;
  /* Its own communicator: the message stays posted across the exchange's collectives. */
  return ar_mpi_check(MPI_Comm_dup(e->comm, &p->comm), "MPI_Comm_dup for the segment plans");
}

/* At once: every rank proposes from its clocks (rank 0 also from its hooks) and the ranks take
 * the earliest end and any stop, so a rank a segment behind the others is not planned for at the
 * pace and clock of a faster one (pcb3038, two ranks whose colonies' iterations cost 0.09 and
 * 0.25 s: rank 0's plans ended a --time 4 run 0.5-0.85 s late). */
static ar_status plan_now(aco_engine *e, int *stop, int64_t *end) {
  int64_t plan[2];
  fixed_plan(e, e->iteration, &plan[0], &plan[1]);
  const int timed = plan_timed(e), rank0 = e->rank == 0;
  if (timed && plan[0] == ACO_STOP_NONE) {
    const double elapsed = aco_state_elapsed(e), cpu = aco_state_cpu_seconds(e);
    plan[0] = clock_stop(e, elapsed, cpu, rank0);
    if (plan[0] == ACO_STOP_NONE)
      plan[1] = min64(plan[1], e->iteration + iterations_until_check(e, elapsed, cpu, rank0));
  }
  if (timed && e->size > 1) {
    plan[1] = -plan[1]; /* the earliest end, under MPI_MAX */
    /* Booked as the wait for other ranks: a rank still making its first tour, or a segment
     * behind, is waited for here (a broadcast from rank 0 did not make rank 0 wait). */
    const double w0 = timer_now();
    ar_status st = ar_mpi_check(MPI_Allreduce(MPI_IN_PLACE, plan, 2, MPI_INT64_T, MPI_MAX, e->comm),
                                "MPI_Allreduce of the next segment and the stop decision");
    timer_add(&e->timers, TIMER_WAIT, w0);
    if (st != AR_OK) return st;
    plan[1] = -plan[1];
  }
  *stop = (int)plan[0];
  *end = plan[1];
  return AR_OK;
}

/* Seconds before the time limit from which the ranks agree at once again: a rank may lag a
 * segment behind the others, and the run must end within its budget. */
static const double AT_ONCE_BEFORE_LIMIT = 2.0;

/* A segment ahead: posts, for the boundary at `next` (the end of the segment about to run),
 * whether to stop there and this rank's end of the segment after it. */
static ar_status post_ahead(aco_engine *e, int64_t next) {
  aco_plan *p = &e->plan;
  const int rank0 = e->rank == 0;
  /* Where this rank's clocks will be at `next`, at the pace of its last segment: every rank
   * forecasts its own, so the slowest one's decides the end (sent negated: the earliest under
   * MPI_MAX) and the switch to plans agreed at once. */
  const double n = (double)(next - e->iteration);
  const double per = e->seconds_per_iteration > 0.0 ? e->seconds_per_iteration : 0.0;
  const double cpu_per = e->cpu_per_iteration > 0.0 ? e->cpu_per_iteration : 0.0;
  const double elapsed = aco_state_elapsed(e) + n * per;
  const double cpu = aco_state_cpu_seconds(e) + n * cpu_per;
  /* A limit is never met on this forecast: a pace measured over a segment that waited for a
   * slower rank runs ahead of the clock, and stopping on it ended runs over a second early
   * (budget_time, one rank paced). A forecast past a limit is within AT_ONCE_BEFORE_LIMIT of
   * it, so the plans are agreed at once from `next` on, where the clocks decide. */
  const int64_t code = clock_stop(e, elapsed, cpu, rank0);
  p->send[0] = code == ACO_STOP_TIME ? ACO_STOP_NONE : code;
  p->send[1] = -(next + iterations_until_check(e, elapsed, cpu, rank0));
  p->send[2] = (e->par.time_limit > 0.0 && e->par.time_limit - elapsed < AT_ONCE_BEFORE_LIMIT) ||
               (rank0 && e->par.cpu_limit > 0.0 && e->par.cpu_limit - cpu < AT_ONCE_BEFORE_LIMIT);
  p->send[3] = aco_plan_local_stop(e) != 0;
  ar_status st =
      ar_mpi_check(MPI_Iallreduce(p->send, p->recv, 4, MPI_INT64_T, MPI_MAX, p->comm, &p->req),
                   "MPI_Iallreduce of the segment after the next and the stop decision");
  if (st == AR_OK) p->pending = 1;
  return st;
}

/* Completes the message posted at the last boundary; the wait is the wait for other ranks. */
static ar_status complete_ahead(aco_engine *e) {
  aco_plan *p = &e->plan;
  if (!p->pending) return AR_OK;
  if (p->test_rc != MPI_SUCCESS) {
    p->pending = 0;
    return ar_mpi_check(p->test_rc, "MPI_Test of the segment plan posted at the last boundary");
  }
  double w0 = timer_now();
  ar_status st = ar_mpi_check(MPI_Wait(&p->req, MPI_STATUS_IGNORE),
                              "MPI_Wait for the segment plan of the last boundary");
  timer_add(&e->timers, TIMER_WAIT, w0);
  p->pending = 0;
  return st;
}

ar_status aco_plan_boundary(aco_engine *e, int *attention) {
  aco_plan *p = &e->plan;
  *attention = 0;
  if (!p->pending) return AR_OK;
  ar_status st = complete_ahead(e);
  if (st != AR_OK) return st;
  p->received = 1;
  *attention = p->recv[3] != 0;
  return AR_OK;
}

static ar_status plan_ahead(aco_engine *e, int *stop, int64_t *end) {
  aco_plan *p = &e->plan;
  int64_t code, next;
  if (!p->received) {
    /* The run's first segment: nothing was posted for it. */
    int now_stop = 0;
    ar_status st = plan_now(e, &now_stop, &next);
    if (st != AR_OK) return st;
    code = now_stop;
  } else {
    p->received = 0;
    int64_t latest;
    fixed_plan(e, e->iteration, &code, &latest);
    /* The iteration limit ends a run normally, whatever was asked. A local_stop stops the run
     * here unless an iteration_end hook ran on it at this boundary and decided. */
    if (code == ACO_STOP_NONE) code = p->recv[0];
    if (code == ACO_STOP_NONE && p->recv[3] && !e->hooks.iteration_end) code = ACO_STOP_HOOK;
    next = min64(-p->recv[1], latest);
    /* Near the time limit: from this boundary on, every plan is agreed at once (and local_stop
     * at every boundary, aco_engine.c), so the ranks meet there; this one's too, so that the
     * ranks' clocks, not their forecasts, decide whether the limit is met here. */
    if (p->recv[2]) {
      p->ahead = 0;
      if (code == ACO_STOP_NONE) return plan_now(e, stop, end);
    }
  }
  *stop = (int)code;
  *end = next;
  if (code != ACO_STOP_NONE || !p->ahead) return AR_OK;
  return post_ahead(e, next);
}

ar_status aco_plan_next(aco_engine *e, int *stop, int64_t *end) {
  return e->plan.ahead ? plan_ahead(e, stop, end) : plan_now(e, stop, end);
}

ar_status aco_plan_finish(aco_engine *e) {
  aco_plan *p = &e->plan;
  ar_status st = complete_ahead(e);
  if (p->comm != MPI_COMM_NULL) {
    ar_status f = ar_mpi_check(MPI_Comm_free(&p->comm), "MPI_Comm_free of the segment plans");
    if (st == AR_OK) st = f;
    p->comm = MPI_COMM_NULL;
  }
  return st;
}
