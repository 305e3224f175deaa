/* SPDX-License-Identifier: BSD-3-Clause */
/* aco_share: pheromone sharing between colonies in int64 fixed point (see aco_share.h). */
#include "aco_share.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ar_agree.h"
#include "ar_alloc.h"
#include "ar_comm.h"

static const char *thread_level_name(int level) {
  if (level == MPI_THREAD_SINGLE) return "MPI_THREAD_SINGLE";
  if (level == MPI_THREAD_FUNNELED) return "MPI_THREAD_FUNNELED";
  if (level == MPI_THREAD_SERIALIZED) return "MPI_THREAD_SERIALIZED";
  if (level == MPI_THREAD_MULTIPLE) return "MPI_THREAD_MULTIPLE";
  return "an unknown level";
}

ar_status aco_share_check_thread_level(int provided) {
  if (provided >= MPI_THREAD_MULTIPLE) return AR_OK;
  return ar_fail(AR_ERR_MPI,
                 "--share-endpoints needs MPI_THREAD_MULTIPLE, but the MPI library provides only "
                 "%s (use an MPI built with thread support, or drop --share-endpoints)",
                 thread_level_name(provided));
}

ar_status aco_share_setup(aco_engine *e) {
  if (e->par.share_every <= 0) return AR_OK;
  const size_t cells = (size_t)e->problem->rows * (size_t)e->problem->options;
  e->share_sum = ar_alloc_array(cells, sizeof(int64_t));
  if (!e->share_sum)
    return ar_fail(AR_ERR_NOMEM, "out of memory for pheromone sharing (%zu cells)", cells);
  if (!e->par.share_endpoints) return AR_OK;
  int provided = MPI_THREAD_SINGLE;
  ar_status st = ar_mpi_check(MPI_Query_thread(&provided), "MPI_Query_thread");
  if (st == AR_OK) st = aco_share_check_thread_level(provided);
  if (st != AR_OK) return st;
  /* Slices must match across ranks: as many as the smallest thread team of any rank. */
  int slices = e->threads;
  st = ar_mpi_check(MPI_Allreduce(&e->threads, &slices, 1, MPI_INT, MPI_MIN, e->comm),
                    "MPI_Allreduce of the thread counts");
  if (st != AR_OK) return st;
  if ((size_t)slices > cells) slices = cells > 0 ? (int)cells : 1;
  e->share_comms = calloc((size_t)slices, sizeof(MPI_Comm));
  if (!e->share_comms) return ar_fail(AR_ERR_NOMEM, "out of memory for %d communicators", slices);
  for (int s = 0; s < slices; s++) {
    st = ar_comm_dup(e->comm, &e->share_comms[s], "a pheromone-sharing slice's communicator");
    if (st != AR_OK) return st;
    e->share_slices = s + 1;
  }
  return AR_OK;
}

void aco_share_free(aco_engine *e) {
  /* At the end of a run: a communicator that cannot be freed only leaks. */
  for (int s = 0; s < e->share_slices; s++)
    (void)ar_comm_free(&e->share_comms[s]);
  free(e->share_comms);
  e->share_comms = NULL;
  e->share_slices = 0;
  ar_free(e->share_sum);
  e->share_sum = NULL;
}

/* The binary exponent all ranks use: sums of C values below 2^62. */
static ar_status share_shift(aco_engine *e, size_t cells, int *shift) {
  float local = 0.0f, global = 0.0f;
  for (int32_t c = 0; c < e->local_colonies; c++) {
    const float *tau = e->colony[c].tau;
    for (size_t i = 0; i < cells; i++)
      if (tau[i] > local) local = tau[i];
  }
  if (e->size > 1) {
    ar_status st = ar_mpi_check(MPI_Allreduce(&local, &global, 1, MPI_FLOAT, MPI_MAX, e->comm),
                                "MPI_Allreduce of the largest trail");
    if (st != AR_OK) return st;
  } else {
    global = local;
  }
  int ex = 0;
  (void)frexp(global > 0.0f ? (double)global : 1.0, &ex); /* global < 2^ex */
  int bits = 0;
  while ((1LL << bits) < (long long)e->par.colonies)
    bits++;
  *shift = 62 - ex - bits;
  return AR_OK;
}

static ar_status share_reduce(aco_engine *e, size_t cells) {
  if (e->size == 1) return AR_OK;
  if (!e->par.share_endpoints) {
    /* MPI counts are int: large matrices go in chunks. */
    for (size_t at = 0; at < cells; at += (size_t)1 << 30) {
      size_t n = cells - at < ((size_t)1 << 30) ? cells - at : (size_t)1 << 30;
      ar_status st = ar_mpi_check(
          MPI_Allreduce(MPI_IN_PLACE, e->share_sum + at, (int)n, MPI_INT64_T, MPI_SUM, e->comm),
          "MPI_Allreduce of the pheromone sums");
      if (st != AR_OK) return st;
    }
    return AR_OK;
  }
  const int slices = e->share_slices;
  int failed = -1, failed_rc = MPI_SUCCESS;
#pragma omp parallel for schedule(static, 1) num_threads(slices)
  for (int s = 0; s < slices; s++) {
    size_t lo = cells * (size_t)s / (size_t)slices, hi = cells * (size_t)(s + 1) / (size_t)slices;
    int rc = MPI_Allreduce(MPI_IN_PLACE, e->share_sum + lo, (int)(hi - lo), MPI_INT64_T, MPI_SUM,
                           e->share_comms[s]);
    if (rc != MPI_SUCCESS) {
#pragma omp critical(aco_share_fail)
      {
        failed = s;
        failed_rc = rc;
      }
    }
  }
  if (failed < 0) return AR_OK;
  /* The message of the calling thread, which is the one that returns the status. */
  char what[96];
  snprintf(what, sizeof what, "MPI_Allreduce of pheromone slice %d (of %d)", failed, slices);
  return ar_mpi_check(failed_rc, what);
}

ar_status aco_share_pheromone(aco_engine *e) {
  const aco_problem *p = e->problem;
  const size_t cells = (size_t)p->rows * (size_t)p->options;
  int shift = 0;
  ar_status st = share_shift(e, cells, &shift);
  if (st != AR_OK) return st;
  /* Local sums in fixed point: integer addition, so the colony order does not matter. */
  int64_t *sum = e->share_sum;
  const int32_t local = e->local_colonies;
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < cells; i++) {
    int64_t acc = 0;
    for (int32_t c = 0; c < local; c++)
      acc += (int64_t)llrint(ldexp((double)e->colony[c].tau[i], shift));
    sum[i] = acc;
  }
  st = share_reduce(e, cells);
  if (st != AR_OK) return st;
  const double colonies = (double)e->par.colonies;
  const int mmas = e->par.algorithm == ACO_MMAS;
  for (int32_t c = 0; c < local; c++) {
    aco_colony *col = &e->colony[c];
    const float lo = (float)col->s.tau_min, hi = (float)col->s.tau_max;
    float *tau = col->tau;
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < cells; i++) {
      float v = (float)(ldexp((double)sum[i], -shift) / colonies);
      if (mmas) v = v < lo ? lo : (v > hi ? hi : v);
      tau[i] = v;
    }
    aco_colony_refresh(col, p, &e->par, e->eta_beta);
  }
  return AR_OK;
}
