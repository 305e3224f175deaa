/* SPDX-License-Identifier: BSD-3-Clause */
/* bench_ckpt: times ckpt_write and ckpt_read of a large synthetic state (bench/checkpoint.sh).
 *
 *   mpirun -np P build/bench_ckpt DIR [colonies rows options repeat]
 *
 * Fields: /colonies/pheromone float32 [C][R][K] and /colonies/best_tour int32 [C][R]
 * (distributed), /global/best_tour int32 [R] (replicated). Each repetition writes a new
 * checkpoint (keep 1) and reads it back; rank 0 prints one line per repetition:
 *   bytes=B file_bytes=F write_s=W rotate_s=T read_s=R crc_s=C
 * with the slowest rank's times: write_s until the checkpoint is in place (CRC, collective
 * writes, flush with fsync, close, rename, directory fsync), rotate_s the removal of the previous
 * checkpoint after that, crc_s the CRC of this rank's pheromone block alone.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ckpt.h"

static double max_over_ranks(double t) {
  double m = t;
  MPI_Allreduce(&t, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return m;
}

int main(int argc, char **argv) {
  int provided, rank, size;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  h5u_init();
  if (argc < 2) {
    if (rank == 0) fprintf(stderr, "usage: bench_ckpt DIR [colonies rows options repeat]\n");
    MPI_Finalize();
    return 2;
  }
  const char *dir = argv[1];
  uint64_t colonies = argc > 2 ? strtoull(argv[2], NULL, 10) : 64;
  uint64_t rows = argc > 3 ? strtoull(argv[3], NULL, 10) : 100000;
  uint64_t options = argc > 4 ? strtoull(argv[4], NULL, 10) : 8;
  int repeat = argc > 5 ? atoi(argv[5]) : 3;

  hsize_t first, count;
  ckpt_block(colonies, size, rank, &first, &count);
  float *pheromone = malloc((count ? count : 1) * rows * options * sizeof *pheromone);
  int32_t *tours = malloc((count ? count : 1) * rows * sizeof *tours);
  int32_t *best = malloc(rows * sizeof *best);
  if (!pheromone || !tours || !best) {
    fprintf(stderr, "bench_ckpt: out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, 5);
  }
  for (uint64_t i = 0; i < count * rows * options; i++)
    pheromone[i] = (float)((i * 2654435761u + first) % 1000003u) * 1e-6f;
  for (uint64_t i = 0; i < count * rows; i++)
    tours[i] = (int32_t)((i + first * rows) % rows);
  for (uint64_t i = 0; i < rows; i++)
    best[i] = (int32_t)(rows - 1 - i);

  ckpt_field fields[3] = {
      {"/colonies/pheromone",
       H5T_NATIVE_FLOAT,
       3,
       {colonies, rows, options},
       1,
       pheromone,
       NULL,
       NULL},
      {"/colonies/best_tour", H5T_NATIVE_INT32, 2, {colonies, rows, 0}, 1, tours, NULL, NULL},
      {"/global/best_tour", H5T_NATIVE_INT32, 1, {rows, 0, 0}, 0, best, NULL, NULL},
  };
  ckpt_part part = {"bench", fields, 3, NULL, 0, NULL, NULL, NULL, NULL};
  ckpt_state state = {.parts = {&part},
                      .nparts = 1,
                      .colony_first = first,
                      .colony_count = count,
                      .input_checksum = "crc32:00000000 size:0",
                      .search_parameters = "[bench]\n"};
  int status = 0;
  for (int r = 0; r < repeat && status == 0; r++) {
    state.epoch = r;
    double t0 = MPI_Wtime();
    uint32_t crc = ckpt_crc32(pheromone, count * rows * options * sizeof *pheromone);
    double crc_s = max_over_ranks(MPI_Wtime() - t0);
    (void)crc;

    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    ckpt_write_info info;
    ar_status st = ckpt_write(dir, 1, &state, MPI_COMM_WORLD, &info);
    double total_s = MPI_Wtime() - t0;
    if (st != AR_OK) {
      if (rank == 0) fprintf(stderr, "bench_ckpt: %s\n", ar_error_message());
      status = 4;
      break;
    }
    double write_s = max_over_ranks(info.seconds_in_place);
    double rotate_s = max_over_ranks(total_s) - write_s;
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    ckpt_problem problem;
    st = ckpt_read(info.path, &state, 0, NULL, MPI_COMM_WORLD, &problem);
    double read_s = max_over_ranks(MPI_Wtime() - t0);
    if (st != AR_OK) {
      if (rank == 0) fprintf(stderr, "bench_ckpt: %s\n", ar_error_message());
      status = 3;
      break;
    }
    struct stat sb;
    long long file_bytes = stat(info.path, &sb) == 0 ? (long long)sb.st_size : -1;
    if (rank == 0)
      printf("bytes=%llu file_bytes=%lld write_s=%.4f rotate_s=%.4f read_s=%.4f crc_s=%.4f\n",
             (unsigned long long)info.bytes, file_bytes, write_s, rotate_s, read_s, crc_s);
    fflush(stdout);
  }
  free(pheromone);
  free(tours);
  free(best);
  MPI_Finalize();
  return status;
}
