/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_improve: the record of the colonies' improvements and its gathering (aco_improve.h). */
#include "aco_improve.h"

#include <limits.h>
#include <stdlib.h>

#include "ar_agree.h"
#include "ar_alloc.h"
#include "ckpt_deadline.h"

ar_status aco_improve_alloc(aco_engine *e) {
  e->improvements = ar_alloc_array(ACO_IMPROVE_CAP, sizeof(aco_improvement));
  if (!e->improvements)
    return ar_fail(AR_ERR_NOMEM, "out of memory for the record of improvements");
  return AR_OK;
}

void aco_improve_free(aco_engine *e) {
  ar_free(e->improvements);
  ar_free(e->improvements_all);
}

void aco_improve_start(aco_engine *e) {
  e->improvements_count = 0;
  /* A resumed run's times go on from the earlier runs' (aco_state_elapsed): its start on the
   * wall clock is moved back by them, so that start + time is still when each was known. */
  e->rank_start_unix = ckpt_now() - e->time_before;
}

void aco_improve_note(aco_engine *e, const aco_colony *c, int64_t iteration) {
  if (c->s.best_iteration != iteration) return;
  int64_t slot;
#pragma omp atomic capture
  slot = e->improvements_count++;
  if (slot >= ACO_IMPROVE_CAP) return; /* counted: the gather reports it as dropped */
  e->improvements[slot] =
      (aco_improvement){iteration, aco_state_elapsed(e), c->s.best_cost.key[0], c->s.colony};
}

/* By iteration, then colony: the same order on every layout. */
static int by_iteration(const void *a, const void *b) {
  const aco_improvement *x = a, *y = b;
  if (x->iteration != y->iteration) return x->iteration < y->iteration ? -1 : 1;
  return (x->colony > y->colony) - (x->colony < y->colony);
}

/* This rank's records (the first ACO_IMPROVE_CAP), on rank 0's clock (shift: this rank's start
 * less rank 0's on the wall clock). */
static int64_t shift_local(aco_engine *e, double shift) {
  const int64_t count =
      e->improvements_count < ACO_IMPROVE_CAP ? e->improvements_count : ACO_IMPROVE_CAP;
  for (int64_t i = 0; i < count; i++)
    e->improvements[i].time += shift;
  return count;
}

ar_status aco_improve_gather(aco_engine *e) {
  double origin = e->rank_start_unix; /* rank 0's start on the wall clock */
  ar_status st = ar_mpi_check(MPI_Bcast(&origin, 1, MPI_DOUBLE, 0, e->comm),
                              "MPI_Bcast of the search's start");
  if (st != AR_OK) return st;
  const int64_t count = shift_local(e, e->rank_start_unix - origin);
  /* Every rank learns the totals (the writers' dataset shapes and attributes): kept, dropped. */
  int64_t mine[2] = {count, e->improvements_count - count}, sums[2];
  st = ar_mpi_check(MPI_Allreduce(mine, sums, 2, MPI_INT64_T, MPI_SUM, e->comm),
                    "MPI_Allreduce of the improvement counts");
  if (st != AR_OK) return st;
  const int64_t rec = (int64_t)sizeof(aco_improvement);
  if (sums[0] * rec > INT_MAX) /* at most ACO_IMPROVE_CAP a rank: a count of ranks beyond reach */
    return ar_fail(AR_ERR_NOMEM, "too many improvements to gather (%lld)", (long long)sums[0]);
  int bytes = (int)(count * rec);
  int *counts = NULL, *displs = NULL;
  aco_improvement *all = NULL;
  if (e->rank == 0) {
    counts = ar_alloc_array((size_t)e->size, sizeof(int));
    displs = ar_alloc_array((size_t)e->size, sizeof(int));
    all = ar_alloc_array((size_t)(sums[0] > 0 ? sums[0] : 1), (size_t)rec);
    if (!counts || !displs || !all)
      st = ar_fail(AR_ERR_NOMEM, "out of memory gathering improvements");
  }
  st = ar_agree(e->comm, st);
  if (st == AR_OK)
    st = ar_mpi_check(MPI_Gather(&bytes, 1, MPI_INT, counts, 1, MPI_INT, 0, e->comm),
                      "MPI_Gather of the improvement counts");
  if (st == AR_OK && e->rank == 0)
    for (int r = 0, at = 0; r < e->size; at += counts[r], r++)
      displs[r] = at;
  if (st == AR_OK)
    st = ar_mpi_check(
        MPI_Gatherv(e->improvements, bytes, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, e->comm),
        "MPI_Gatherv of the improvements");
  if (st == AR_OK) {
    if (e->rank == 0) {
      qsort(all, (size_t)sums[0], (size_t)rec, by_iteration);
      ar_free(e->improvements_all);
      e->improvements_all = all;
      all = NULL;
    }
    e->improvements_all_count = sums[0];
    e->improvements_all_dropped = sums[1];
    e->improvements_start = origin;
  }
  ar_free(all);
  ar_free(counts);
  ar_free(displs);
  return st;
}
