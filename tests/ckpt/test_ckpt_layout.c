/* SPDX-License-Identifier: BSD-3-Clause */
/* Checkpoints written by W ranks read back bit-identically by R ranks, for every W, R up to the
 * number of ranks of the test; the per-dataset CRC does not depend on W; CRC pieces combine. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "ckpt.h"
#include "ckpt_testdata.h"
#include "test_util.h"

static void count_work(void *arg) { ++*(int *)arg; }

static void test_crc_pieces(void) {
  size_t n = 9u << 20; /* above the threaded threshold */
  unsigned char *buf = malloc(n);
  CHECK(buf != NULL);
  if (!buf) return;
  for (size_t i = 0; i < n; i++)
    buf[i] = (unsigned char)(i * 131u + (i >> 9));
  uint32_t reference = (uint32_t)crc32(crc32(0L, Z_NULL, 0), buf, (uInt)n);
  CHECK(ckpt_crc32(buf, n) == reference);
  size_t cut = 12345;
  CHECK(ckpt_crc32_combine(ckpt_crc32(buf, cut), ckpt_crc32(buf + cut, n - cut), n - cut) ==
        reference);
  CHECK(ckpt_crc32(buf, 0) == 0);
  /* The CRC computed by helper threads while the caller works, for 1 to 4 threads. */
  int threads = omp_get_max_threads(), worked = 0;
  for (int t = 1; t <= 4; t++) {
    omp_set_num_threads(t);
    CHECK(ckpt_crc32_overlap(buf, n, count_work, &worked) == reference);
    CHECK(ckpt_crc32(buf, n) == reference);
  }
  CHECK_EQ_INT(worked, 4);
  omp_set_num_threads(threads);
  free(buf);
}

/* The crc32 attribute of every dataset of a checkpoint (rank-local read). */
static void read_crcs(const char *path, int64_t *crcs) {
  hid_t file;
  CHECK(h5u_open_read(path, MPI_COMM_SELF, &file) == AR_OK);
  const char *names[TESTDATA_FIELDS] = {"/colonies/pheromone", "/colonies/best_tour",
                                        "/colonies/best_cost", "/global/best_tour", "/global/rng"};
  for (int i = 0; i < TESTDATA_FIELDS; i++) {
    hid_t d = H5Dopen2(file, names[i], H5P_DEFAULT);
    CHECK(d >= 0);
    crcs[i] = -1;
    if (d >= 0) {
      CHECK(h5u_attr_read_i64(d, "crc32", &crcs[i]) == AR_OK);
      H5Dclose(d);
    }
  }
  h5u_close(file);
}

/* Writes with the first w ranks of world, reads with the first r, for one colony count. */
static void roundtrip(uint64_t colonies, int w, int r, const char *dir, int64_t *crc_ref) {
  int wrank;
  MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
  MPI_Comm wcomm, rcomm;
  MPI_Comm_split(MPI_COMM_WORLD, wrank < w ? 0 : MPI_UNDEFINED, wrank, &wcomm);
  MPI_Comm_split(MPI_COMM_WORLD, wrank < r ? 0 : MPI_UNDEFINED, wrank, &rcomm);
  const uint64_t seed = 42 + colonies;
  char path[H5U_PATH_MAX] = "";
  if (wcomm != MPI_COMM_NULL) {
    hsize_t first, count;
    ckpt_block(colonies, w, wrank, &first, &count);
    testdata t;
    CHECK(testdata_init(&t, colonies, 37, 5, first, count) == 0);
    testdata_fill(&t, seed, 3, 17);
    ckpt_write_info info;
    ar_status st = ckpt_write(dir, 2, &t.state, wcomm, &info);
    if (st != AR_OK) fprintf(stderr, "write: %s\n", ar_error_message());
    CHECK(st == AR_OK);
    snprintf(path, sizeof path, "%s", info.path);
    testdata_free(&t);
    MPI_Comm_free(&wcomm);
  }
  MPI_Bcast(path, (int)sizeof path, MPI_CHAR, 0, MPI_COMM_WORLD);
  if (wrank == 0) {
    int64_t crcs[TESTDATA_FIELDS];
    read_crcs(path, crcs);
    for (int i = 0; i < TESTDATA_FIELDS; i++) {
      if (crc_ref[i] < 0) crc_ref[i] = crcs[i];
      CHECK_EQ_INT(crcs[i], crc_ref[i]); /* the same whatever the number of writers */
    }
  }
  if (rcomm != MPI_COMM_NULL) {
    hsize_t first, count;
    ckpt_block(colonies, r, wrank, &first, &count);
    testdata t;
    CHECK(testdata_init(&t, colonies, 37, 5, first, count) == 0);
    ckpt_problem problem;
    ar_status st = ckpt_read(path, &t.state, 0, stderr, rcomm, &problem);
    if (st != AR_OK) fprintf(stderr, "read: %s\n", ar_error_message());
    CHECK(st == AR_OK);
    CHECK_EQ_INT(t.state.epoch, 3);
    CHECK_EQ_INT(t.state.iteration, 17);
    CHECK_EQ_INT(testdata_mismatches(&t, seed), 0);
    ckpt_problem vproblem;
    CHECK(ckpt_verify(path, rcomm, &vproblem, NULL) == AR_OK);
    testdata_free(&t);
    MPI_Comm_free(&rcomm);
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

/* A split that is not ckpt_block's: rank 0 holds nothing, the last rank the most. */
static void uneven_split(const char *dir) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  uint64_t colonies = 6;
  hsize_t first = 0, count = 0;
  if (size == 1) {
    count = colonies;
  } else if (rank == size - 1) {
    first = (hsize_t)(size - 2);
    count = colonies - first;
  } else if (rank > 0) {
    first = (hsize_t)(rank - 1);
    count = 1;
  }
  testdata t;
  CHECK(testdata_init(&t, colonies, 11, 3, first, count) == 0);
  testdata_fill(&t, 7, 1, 2);
  ckpt_write_info info;
  CHECK(ckpt_write(dir, 2, &t.state, MPI_COMM_WORLD, &info) == AR_OK);
  testdata_clear(&t);
  ckpt_problem problem;
  CHECK(ckpt_read(info.path, &t.state, 0, stderr, MPI_COMM_WORLD, &problem) == AR_OK);
  CHECK_EQ_INT(testdata_mismatches(&t, 7), 0);
  testdata_free(&t);

  /* Blocks that leave a gap are a caller bug, reported on every rank; nothing is written. */
  if (size > 1) {
    testdata bad;
    hsize_t bfirst, bcount;
    ckpt_block(colonies, size, rank, &bfirst, &bcount);
    if (rank == 0) bcount = 0;
    CHECK(testdata_init(&bad, colonies, 11, 3, bfirst, bcount) == 0);
    testdata_fill(&bad, 7, 1, 3);
    ar_status st = ckpt_write(dir, 2, &bad.state, MPI_COMM_WORLD, &info);
    CHECK(st == AR_ERR_INTERNAL);
    CHECK(strstr(ar_error_message(), "gap") != NULL);
    testdata_free(&bad);
  }
}

/* A field above the size where the CRC runs on the rank's other threads while the rank writes
 * (ckpt_crc32_overlap), written with 2 threads per rank and read back. */
static void large_field(const char *dir) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int threads = omp_get_max_threads();
  omp_set_num_threads(2);
  hsize_t first, count;
  ckpt_block(8, size, rank, &first, &count);
  testdata t;
  CHECK(testdata_init(&t, 8, 50000, 8, first, count) == 0); /* 1.6 MB per colony */
  testdata_fill(&t, 5, 2, 9);
  ckpt_write_info info;
  CHECK(ckpt_write(dir, 2, &t.state, MPI_COMM_WORLD, &info) == AR_OK);
  testdata_clear(&t);
  ckpt_problem problem;
  CHECK(ckpt_read(info.path, &t.state, 0, stderr, MPI_COMM_WORLD, &problem) == AR_OK);
  CHECK_EQ_INT(testdata_mismatches(&t, 5), 0);
  CHECK(ckpt_verify(info.path, MPI_COMM_WORLD, &problem, NULL) == AR_OK);
  testdata_free(&t);
  omp_set_num_threads(threads);
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  test_crc_pieces();
  const uint64_t colony_counts[] = {7, 3};
  for (int c = 0; c < 2; c++) {
    int64_t crc_ref[TESTDATA_FIELDS];
    for (int i = 0; i < TESTDATA_FIELDS; i++)
      crc_ref[i] = -1;
    for (int w = 1; w <= size; w++) {
      for (int r = 1; r <= size; r++) {
        char name[64], dir[H5U_PATH_MAX];
        snprintf(name, sizeof name, "layout-np%d-c%llu-w%d-r%d", size,
                 (unsigned long long)colony_counts[c], w, r);
        testdata_dir(name, MPI_COMM_WORLD, dir, sizeof dir);
        roundtrip(colony_counts[c], w, r, dir, crc_ref);
      }
    }
  }
  char dir[H5U_PATH_MAX];
  char name[64];
  snprintf(name, sizeof name, "uneven-np%d", size);
  testdata_dir(name, MPI_COMM_WORLD, dir, sizeof dir);
  uneven_split(dir);
  snprintf(name, sizeof name, "large-np%d", size);
  testdata_dir(name, MPI_COMM_WORLD, dir, sizeof dir);
  large_field(dir);
  return 0;
}
