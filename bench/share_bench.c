/* SPDX-License-Identifier: BSD-3-Clause */
/* share_bench: pheromone sharing's allreduce, one thread against "multiple endpoints".
 *
 *   mpirun -np R share_bench CELLS... (OMP_NUM_THREADS=T)
 *
 * For each matrix size (int64 cells, as aco_share.c sums them) it times, interleaved, REPS
 * times each:
 *   one        one thread calls MPI_Allreduce(MPI_SUM, MPI_INT64_T) on the whole matrix while
 *              the other threads of the rank wait (solve --share-every K);
 *   endpoints  each of the rank's T threads reduces its slice on its own duplicated
 *              communicator at the same time (solve --share-every K --share-endpoints), under
 *              MPI_THREAD_MULTIPLE.
 * The slowest rank's time of each repetition counts; prints one line per size:
 *   ranks R threads T cells N bytes B one S endpoints S ratio X
 * with the medians (ratio = one / endpoints: above 1, the endpoints win). bench/share.sh runs it.
 */
#include <mpi.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { REPS = 15 };

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, compare);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Seconds of one sharing, the slowest rank's; -1 when an MPI call failed. */
static double share_once(int64_t *sum, size_t cells, int endpoints, MPI_Comm *comms, int slices) {
  int failed = 0;
  for (size_t i = 0; i < cells; i++) /* the same sums every time (no overflow from repeats) */
    sum[i] = (int64_t)(i % 1000);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  if (!endpoints) {
    failed = MPI_Allreduce(MPI_IN_PLACE, sum, (int)cells, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD) !=
             MPI_SUCCESS;
  } else {
#pragma omp parallel for schedule(static, 1) num_threads(slices) reduction(| : failed)
    for (int s = 0; s < slices; s++) {
      size_t lo = cells * (size_t)s / (size_t)slices, hi = cells * (size_t)(s + 1) / (size_t)slices;
      failed |= MPI_Allreduce(MPI_IN_PLACE, sum + lo, (int)(hi - lo), MPI_INT64_T, MPI_SUM,
                              comms[s]) != MPI_SUCCESS;
    }
  }
  double t = MPI_Wtime() - t0, slowest = 0.0;
  if (MPI_Allreduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD) != MPI_SUCCESS) return -1;
  int any = 0;
  MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return any ? -1.0 : slowest;
}

int main(int argc, char **argv) {
  int provided = MPI_THREAD_SINGLE;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (provided < MPI_THREAD_MULTIPLE || argc < 2) {
    if (rank == 0)
      fprintf(stderr, provided < MPI_THREAD_MULTIPLE ? "share_bench: no MPI_THREAD_MULTIPLE\n"
                                                     : "usage: share_bench CELLS...\n");
    MPI_Finalize();
    return 2;
  }
  /* As aco_share_setup: as many slices as the smallest team, one communicator each. */
  int threads = omp_get_max_threads(), slices = threads;
  MPI_Allreduce(&threads, &slices, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Comm *comms = calloc((size_t)slices, sizeof *comms);
  for (int s = 0; comms && s < slices; s++)
    MPI_Comm_dup(MPI_COMM_WORLD, &comms[s]);
  int status = comms ? 0 : 1;
  for (int a = 1; a < argc && status == 0; a++) {
    size_t cells = (size_t)strtoull(argv[a], NULL, 10);
    int64_t *sum = malloc((cells ? cells : 1) * sizeof *sum);
    if (!sum) {
      status = 1;
      break;
    }
    double one[REPS], ends[REPS];
    share_once(sum, cells, 0, comms, slices); /* warm-up of both paths */
    share_once(sum, cells, 1, comms, slices);
    for (int r = 0; r < REPS && status == 0; r++) {
      one[r] = share_once(sum, cells, 0, comms, slices);
      ends[r] = share_once(sum, cells, 1, comms, slices);
      if (one[r] < 0 || ends[r] < 0) status = 1;
    }
    if (status == 0 && rank == 0) {
      double m1 = median(one, REPS), me = median(ends, REPS);
      printf("ranks %d threads %d cells %zu bytes %zu one %.3e endpoints %.3e ratio %.2f\n", size,
             slices, cells, cells * sizeof(int64_t), m1, me, me > 0 ? m1 / me : 0.0);
      fflush(stdout);
    }
    free(sum);
  }
  for (int s = 0; comms && s < slices; s++)
    MPI_Comm_free(&comms[s]);
  free(comms);
  if (status != 0 && rank == 0) fprintf(stderr, "share_bench: an MPI call failed\n");
  MPI_Finalize();
  return status;
}
