/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_exchange: what ranks do together: the epoch-end meeting of the colonies (global best by
 * an allreduce on (cost, colony), one broadcast from the winner), and the gathering of the records.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "aco_block.h"
#include "aco_exchange.h"
#include "aco_share.h"
#include "ar_agree.h"
#include "ar_alloc.h"

enum { LEX_WIDTH = ACO_COST_KEYS + 1 }; /* cost keys, then the colony index */

/* Lexicographic minimum of (key[0], ..., key[K-1], colony), element by element. */
static void lexmin_op(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  const double *a = in;
  double *b = inout;
  for (int i = 0; i < *len; i++, a += LEX_WIDTH, b += LEX_WIDTH) {
    for (int k = 0; k < LEX_WIDTH; k++) {
      if (a[k] < b[k]) {
        memcpy(b, a, sizeof(double) * LEX_WIDTH);
        break;
      }
      if (a[k] > b[k]) break;
    }
  }
}

static ar_status allreduce_lexmin(MPI_Comm comm, double *value) {
  MPI_Datatype type;
  MPI_Op op;
  ar_status st = ar_mpi_check(MPI_Type_contiguous(LEX_WIDTH, MPI_DOUBLE, &type),
                              "MPI_Type_contiguous of the best cost");
  if (st != AR_OK) return st;
  st = ar_mpi_check(MPI_Type_commit(&type), "MPI_Type_commit of the best cost");
  if (st == AR_OK) st = ar_mpi_check(MPI_Op_create(lexmin_op, 1, &op), "MPI_Op_create");
  if (st != AR_OK) {
    MPI_Type_free(&type);
    return st;
  }
  double result[LEX_WIDTH];
  int rc = MPI_Allreduce(value, result, 1, type, op, comm);
  MPI_Op_free(&op);
  MPI_Type_free(&type);
  st = ar_mpi_check(rc, "MPI_Allreduce of the best cost");
  if (st != AR_OK) return st;
  memcpy(value, result, sizeof result);
  return AR_OK;
}

ar_status aco_exchange_reserve_records(aco_engine *e, int64_t epochs) {
  if (epochs < e->records_cap) return AR_OK;
  int64_t cap = 2 * epochs + 2;
  aco_epoch_record *rec = ar_alloc_array((size_t)cap, sizeof *rec);
  aco_cost *log = ar_alloc_array((size_t)cap * (size_t)e->local_colonies, sizeof *log);
  if (!rec || !log) {
    ar_free(rec);
    ar_free(log);
    return ar_fail(AR_ERR_NOMEM, "out of memory for %lld epoch records", (long long)epochs);
  }
  memcpy(rec, e->epochs, (size_t)e->epoch * sizeof *rec);
  memcpy(log, e->local_best_log, (size_t)e->epoch * (size_t)e->local_colonies * sizeof *log);
  ar_free(e->epochs);
  ar_free(e->local_best_log);
  e->epochs = rec;
  e->local_best_log = log;
  e->records_cap = cap;
  return AR_OK;
}

ar_status aco_exchange_epoch(aco_engine *e) {
  const aco_problem *p = e->problem;
  /* Waiting for the slowest rank is measured apart from the exchange. */
  ar_status met = aco_engine_meet(e, "MPI_Barrier at the epoch end");
  if (met != AR_OK) return met;
  double t0 = MPI_Wtime();
  /* This rank's best colony; colonies are visited in increasing index, so ties keep the lowest. */
  int32_t local = 0;
  for (int32_t c = 1; c < e->local_colonies; c++)
    if (aco_cost_compare(&e->colony[c].s.best_cost, &e->colony[local].s.best_cost) < 0) local = c;
  double lex[LEX_WIDTH];
  memcpy(lex, e->colony[local].s.best_cost.key, sizeof(double) * ACO_COST_KEYS);
  lex[ACO_COST_KEYS] = (double)e->colony[local].s.colony;
  ar_status st = e->size > 1 ? allreduce_lexmin(e->comm, lex) : AR_OK;
  if (st != AR_OK) return st;

  aco_cost winner_cost;
  memcpy(winner_cost.key, lex, sizeof(double) * ACO_COST_KEYS);
  int32_t winner = (int32_t)lex[ACO_COST_KEYS];
  if (e->best_colony < 0 || aco_cost_compare(&winner_cost, &e->best_cost) < 0) {
    /* Only the owner of the winning colony sends its solution (never a gather of all). */
    int owner = aco_block_owner(e->par.colonies, e->size, winner);
    int64_t found = 0;
    if (e->rank == owner) {
      const aco_colony *col = &e->colony[winner - e->first_colony];
      memcpy(e->best, col->best, (size_t)p->solution_len * sizeof(int32_t));
      winner_cost = col->s.best_cost; /* includes `value` */
      found = col->s.best_iteration;
    }
    if (e->size > 1) {
      double extra[2] = {winner_cost.value, (double)found};
      st = ar_mpi_check(MPI_Bcast(e->best, p->solution_len, MPI_INT32_T, owner, e->comm),
                        "MPI_Bcast of the best solution");
      if (st == AR_OK)
        st = ar_mpi_check(MPI_Bcast(extra, 2, MPI_DOUBLE, owner, e->comm),
                          "MPI_Bcast of the best solution's cost");
      if (st != AR_OK) return st;
      winner_cost.value = extra[0];
      found = (int64_t)extra[1];
    }
    e->best_cost = winner_cost;
    e->best_colony = winner;
    e->best_iteration = found;
    e->best_time = aco_state_elapsed(e);
  }

  if ((st = aco_exchange_reserve_records(e, e->epoch)) != AR_OK) return st;
  aco_epoch_record *rec = &e->epochs[e->epoch];
  rec->iteration = e->iteration;
  rec->time = aco_state_elapsed(e);
  rec->best_cost = e->best_cost;
  rec->best_colony = e->best_colony;
  for (int32_t c = 0; c < e->local_colonies; c++)
    e->local_best_log[e->epoch * e->local_colonies + c] = e->colony[c].s.best_cost;
  e->epoch++;

  /* Migration only at a regular epoch end: a run stopped mid-epoch must leave its colonies as
   * an uninterrupted run would have them (so that a resumed run continues exactly). */
  int regular = e->iteration % e->par.epoch_iterations == 0;
  if (e->par.migrate && regular) {
    aco_solution global = {e->best_cost, e->best};
    for (int32_t c = 0; c < e->local_colonies; c++)
      aco_colony_adopt(&e->colony[c], p, &e->par, e->eta_beta, &global);
  }
  e->time_exchange += MPI_Wtime() - t0;
  timer_add(&e->timers, TIMER_EXCHANGE, t0);
  if (e->par.share_every > 0 && regular && e->epoch % e->par.share_every == 0) {
    double s0 = MPI_Wtime();
    st = aco_share_pheromone(e);
    e->time_exchange += MPI_Wtime() - s0;
    timer_add(&e->timers, TIMER_SHARE, s0);
    if (st != AR_OK) return st;
  }
  return AR_OK;
}

ar_status aco_exchange_gather_records(aco_engine *e) {
  const int64_t epochs = e->epoch;
  const int32_t C = e->par.colonies;
  ar_free(e->colony_best);
  e->colony_best = NULL;
  aco_cost *all = NULL;
  int *counts = NULL, *displs = NULL;
  ar_status st = AR_OK;
  if (e->rank == 0) {
    all = ar_alloc_array((size_t)(epochs > 0 ? epochs : 1) * (size_t)C, sizeof(aco_cost));
    counts = ar_alloc_array((size_t)e->size, sizeof(int));
    displs = ar_alloc_array((size_t)e->size, sizeof(int));
    e->colony_best =
        ar_alloc_array((size_t)(epochs > 0 ? epochs : 1) * (size_t)C, sizeof(aco_cost));
    if (!all || !counts || !displs || !e->colony_best)
      st = ar_fail(AR_ERR_NOMEM, "out of memory gathering %lld epoch records", (long long)epochs);
    for (int r = 0; st == AR_OK && r < e->size; r++) {
      int32_t first, count;
      aco_block_of(C, e->size, r, &first, &count);
      int64_t bytes = epochs * count * (int64_t)sizeof(aco_cost);
      int64_t at = epochs * first * (int64_t)sizeof(aco_cost);
      if (bytes > INT_MAX || at > INT_MAX)
        st = ar_fail(AR_ERR_NOMEM, "too many epoch records to gather (%lld)", (long long)epochs);
      counts[r] = (int)bytes;
      displs[r] = (int)at;
    }
  }
  st = ar_agree(e->comm, st);
  if (st == AR_OK) {
    int bytes = (int)(epochs * e->local_colonies * (int64_t)sizeof(aco_cost));
    st = ar_mpi_check(
        MPI_Gatherv(e->local_best_log, bytes, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, e->comm),
        "MPI_Gatherv of the epoch records");
  }
  if (st == AR_OK && e->rank == 0) {
    /* Rank blocks are [epoch][local colony]; the record is [epoch][colony]. */
    for (int r = 0; r < e->size; r++) {
      int32_t first, count;
      aco_block_of(C, e->size, r, &first, &count);
      const aco_cost *block = all + (size_t)epochs * first;
      for (int64_t ep = 0; ep < epochs; ep++)
        for (int32_t c = 0; c < count; c++)
          e->colony_best[ep * C + first + c] = block[ep * count + c];
    }
  }
  ar_free(all);
  ar_free(counts);
  ar_free(displs);
  return st;
}
