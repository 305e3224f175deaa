/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_start: the colonies' first solutions, made once per node where they are one (aco_start.h). */
#include "aco_start.h"

#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aco_colony.h"
#include "aco_engine_state.h"
#include "aco_pool.h"
#include "ar_affinity.h"
#include "ar_agree.h"

/* A receiving rank looks for the solution this often: asleep in between, so that the thread it
 * lent has its core. */
enum { START_WAIT_NS = 500000 };

/* What each rank of the node tells the others before the first solutions. */
typedef struct {
  int64_t key;      /* the initial key of every local colony; -1: none, or not one */
  int32_t threads;  /* its OpenMP threads */
  ar_affinity cpus; /* its main thread's CPUs */
} start_rank;

/* The node's plan: whether node rank 0 makes the one first solution, and with which threads. */
typedef struct {
  MPI_Comm node;
  int node_rank, node_size;
  int shared;
  int32_t team; /* the maker's team: its threads and the lent ones */
  start_rank *ranks;
  unsigned char *message; /* the broadcast's: head, cost, solution (message_bytes) */
} start_plan;

/* The broadcast's head: the maker's status and team, then the cost and the solution. */
typedef struct {
  int32_t status, team;
} start_head;

static size_t message_bytes(const aco_problem *p) {
  return sizeof(start_head) + sizeof(aco_cost) + (size_t)p->solution_len * sizeof(int32_t);
}

static void plan_free(start_plan *pl) {
  free(pl->ranks);
  free(pl->message);
  pl->ranks = NULL;
  pl->message = NULL;
}

/* The one key of this rank's colonies, or -1. */
static int64_t local_key(const aco_engine *e) {
  const aco_problem *p = e->problem;
  if (!p->initial_key || e->local_colonies < 1) return -1;
  const int64_t key = p->initial_key(p, e->first_colony);
  for (int32_t c = 1; c < e->local_colonies; c++)
    if (p->initial_key(p, e->first_colony + c) != key) return -1;
  return key;
}

/* pl->shared when the node's ranks (two or more, pooling) all have one key. */
static ar_status plan_node(const aco_engine *e, start_plan *pl) {
  memset(pl, 0, sizeof *pl);
  pl->node = aco_pool_node(e->pool);
  if (pl->node == MPI_COMM_NULL) return AR_OK;
  ar_status st = ar_mpi_check(MPI_Comm_rank(pl->node, &pl->node_rank), "MPI_Comm_rank of the node");
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Comm_size(pl->node, &pl->node_size), "MPI_Comm_size of the node");
  if (st != AR_OK) return st;
  start_rank me = {.key = local_key(e), .threads = e->threads};
  if (ar_affinity_get(&me.cpus) != 0) memset(&me.cpus, 0, sizeof me.cpus);
  pl->ranks = calloc((size_t)pl->node_size, sizeof *pl->ranks);
  pl->message = malloc(message_bytes(e->problem));
  /* Every rank takes part, with or without memory: none gets ahead of the others. (No blocking
   * collective after this one before the broadcast: a receiver waits for it asleep.) */
  int ok = pl->ranks && pl->message, all_ok = 0;
  st = ar_mpi_check(MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, pl->node),
                    "MPI_Allreduce before the first solutions");
  if (st != AR_OK || !all_ok) {
    plan_free(pl);
    return st != AR_OK ? st : ar_fail(AR_ERR_NOMEM, "out of memory for the node's first solution");
  }
  st = ar_mpi_check(
      MPI_Allgather(&me, (int)sizeof me, MPI_BYTE, pl->ranks, (int)sizeof me, MPI_BYTE, pl->node),
      "MPI_Allgather of the node's first-solution keys");
  if (st != AR_OK) return st;
  pl->shared = pl->ranks[0].key >= 0;
  pl->team = 0;
  for (int r = 0; r < pl->node_size; r++) {
    if (pl->ranks[r].key != pl->ranks[0].key) pl->shared = 0;
    pl->team += pl->ranks[r].threads;
  }
  return AR_OK;
}

/* The CPUs of the rank that lends the maker's team thread t (t >= the maker's own threads). */
static const ar_affinity *lender_cpus(const start_plan *pl, int t) {
  int first = pl->ranks[0].threads;
  for (int r = 1; r < pl->node_size; r++) {
    if (t < first + pl->ranks[r].threads) return &pl->ranks[r].cpus;
    first += pl->ranks[r].threads;
  }
  return NULL;
}

/* Whether this thread may run on every lender's CPUs (a CPU set that keeps each rank to its own
 * cores would not let the lent threads there: they would share the maker's). Tried, then undone. */
static int may_borrow(const start_plan *pl) {
  ar_affinity own;
  if (ar_affinity_get(&own) != 0) return 0;
  int ok = 1;
  for (int r = 1; r < pl->node_size && ok; r++)
    ok = ar_affinity_set(&pl->ranks[r].cpus) == 0;
  (void)ar_affinity_set(&own);
  return ok;
}

/* Local colony c's initial solution and trails, on thread t's scratch; a failure is kept in
 * *worst (the worst status) and message. */
static void start_colony(aco_engine *e, int32_t c, int t, int *worst, char *message, size_t cap) {
  const aco_problem *p = e->problem;
  aco_colony *col = &e->colony[c];
  aco_ant_ctx ctx = {.choice = NULL,
                     .options = p->options,
                     .source = NULL,
                     .q0 = 0.0,
                     .rng = aco_rng_stream(e->par.seed, col->s.colony, 0, 0, ACO_STREAM_INITIAL),
                     .iteration = -1,
                     .colony = (int32_t)col->s.colony,
                     .ant = ACO_STREAM_INITIAL};
  aco_solution init = col->ant[0];
  ar_status s = p->initial(p, &ctx, e->scratch[t], &init);
  if (s != AR_OK) {
    /* The message lives in this thread's buffer: carry it to the calling thread. */
#pragma omp critical(aco_start_failed)
    if ((int)s > *worst) {
      *worst = (int)s;
      snprintf(message, cap, "%s", ar_error_message());
    }
    return;
  }
  aco_colony_start(col, p, &e->par, e->eta_beta, &init);
}

/* This rank's colonies, by its own threads, with `team` threads in all: the threads beyond its
 * own run on the lenders' CPUs and only join the work problem.h's initial() shares out (OpenMP
 * tasks: the first tour's pass, tour_pass.h), until the team's barrier. */
static ar_status start_here(aco_engine *e, const start_plan *pl, int team) {
  int worst = AR_OK;
  char message[1024] = "";
  _Atomic int32_t next = 0;
#pragma omp parallel num_threads(team)
  {
    const int t = omp_get_thread_num();
    ar_affinity own;
    int moved = 0;
    if (t >= e->threads) {
      const ar_affinity *cpus = lender_cpus(pl, t);
      moved = cpus && ar_affinity_get(&own) == 0 && ar_affinity_set(cpus) == 0;
    } else {
      for (int32_t c = atomic_fetch_add(&next, 1); c < e->local_colonies;
           c = atomic_fetch_add(&next, 1))
        start_colony(e, c, t, &worst, message, sizeof message);
    }
    /* Every task of the region is done here: then the lent threads go back to this rank's CPUs
     * (an idle OpenMP thread must not spin on a lender's core). */
#pragma omp barrier
    if (moved) (void)ar_affinity_set(&own);
  }
  if (worst != AR_OK) return ar_fail((ar_status)worst, "%s", message);
  return AR_OK;
}

/* Broadcasts node rank 0's first solution (colony 0's best right after its start), its status
 * and its team to the node: MPI_Ibcast, which a receiver waits for asleep. */
static ar_status share_solution(aco_engine *e, const start_plan *pl, ar_status made,
                                ar_status *received) {
  const aco_problem *p = e->problem;
  unsigned char *buf = pl->message;
  start_head *head = (start_head *)buf;
  aco_cost *cost = (aco_cost *)(buf + sizeof(start_head));
  int32_t *data = (int32_t *)(buf + sizeof(start_head) + sizeof(aco_cost));
  if (pl->node_rank == 0) {
    head->status = (int32_t)made;
    head->team = e->start_threads;
    *cost = e->colony[0].s.best_cost;
    memcpy(data, e->colony[0].best, (size_t)p->solution_len * sizeof(int32_t));
  }
  MPI_Request rq = MPI_REQUEST_NULL;
  ar_status st = ar_mpi_check(MPI_Ibcast(buf, (int)message_bytes(p), MPI_BYTE, 0, pl->node, &rq),
                              "MPI_Ibcast of the node's first solution");
  for (int done = 0; st == AR_OK && !done;) {
    st = ar_mpi_check(MPI_Test(&rq, &done, MPI_STATUS_IGNORE),
                      "MPI_Test of the node's first solution");
    if (st == AR_OK && !done) nanosleep(&(struct timespec){0, START_WAIT_NS}, NULL);
  }
  if (st == AR_OK && pl->node_rank != 0) {
    *received = (ar_status)head->status;
    e->start_threads = head->team;
    if (*received == AR_OK) {
      aco_solution init = {*cost, data};
      for (int32_t c = 0; c < e->local_colonies; c++)
        aco_colony_start(&e->colony[c], p, &e->par, e->eta_beta, &init);
    }
  }
  return st;
}

ar_status aco_start_colonies(aco_engine *e) {
  start_plan pl;
  ar_status st = plan_node(e, &pl);
  e->start_threads = e->threads;
  e->start_received = 0;
  if (st != AR_OK || !pl.shared) {
    plan_free(&pl);
    return st != AR_OK ? st : start_here(e, NULL, e->threads);
  }
  ar_status made = AR_OK, received = AR_OK;
  char message[1024] = "";
  if (pl.node_rank == 0) {
    const int team = may_borrow(&pl) ? pl.team : e->threads;
    e->start_threads = team;
    made = start_here(e, &pl, team);
    if (made != AR_OK) snprintf(message, sizeof message, "%s", ar_error_message());
  } else {
    e->start_received = 1;
  }
  /* Sent whatever the maker's status: a receiver must not wait for a solution that never comes. */
  st = share_solution(e, &pl, made, &received);
  plan_free(&pl);
  if (st != AR_OK) return st;
  if (made != AR_OK) return ar_fail(made, "%s", message);
  if (received != AR_OK)
    return ar_fail(received, "the first solution, made by the first rank of this node, failed "
                             "(its message says why)");
  return AR_OK;
}
