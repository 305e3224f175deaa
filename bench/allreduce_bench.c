/* SPDX-License-Identifier: BSD-3-Clause */
/* allreduce_bench: latency l (an 8-byte MPI_Allreduce, and MPI_Barrier) and inverse bandwidth g
 * (seconds per byte of a 1 MiB int64 MPI_Allreduce) on the ranks it is started on. Prints one
 * line "ranks R l_allreduce S l_barrier S g S_PER_BYTE". Used by bench/scaling.sh. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static double time_allreduce(int64_t *buf, int n, int reps) {
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int i = 0; i < reps; i++)
    MPI_Allreduce(MPI_IN_PLACE, buf, n, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  double t = (MPI_Wtime() - t0) / reps, tmax = 0.0;
  MPI_Allreduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return tmax;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int big = 1 << 17; /* 1 MiB of int64 */
  int64_t *buf = calloc(big, sizeof *buf);
  if (!buf) MPI_Abort(MPI_COMM_WORLD, 1);
  time_allreduce(buf, 1, 50); /* warm-up */
  double l = time_allreduce(buf, 1, 2000);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int i = 0; i < 2000; i++)
    MPI_Barrier(MPI_COMM_WORLD);
  double lb = (MPI_Wtime() - t0) / 2000;
  double tb = time_allreduce(buf, big, 20);
  double g = (tb - l) / (double)(big * sizeof(int64_t));
  if (rank == 0) printf("ranks %d l_allreduce %.3e l_barrier %.3e g %.3e\n", size, l, lb, g);
  free(buf);
  MPI_Finalize();
  return 0;
}
