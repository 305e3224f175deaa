/* SPDX-License-Identifier: BSD-3-Clause */
/* Damaged checkpoints (flipped bytes in a distributed or replicated dataset, truncation, no
 * `complete` mark, a leftover .tmp, a file that is not HDF5) are reported and the previous one is
 * used; --keep rotation; checkpoints of another input or search refused unless forced. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ckpt.h"
#include "ckpt_testdata.h"
#include "test_util.h"

static int rank_of(void) {
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

static void write_one(const char *dir, int keep, int64_t iteration, const char *input,
                      const char *search) {
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  hsize_t first, count;
  ckpt_block(5, size, rank_of(), &first, &count);
  testdata t;
  CHECK(testdata_init(&t, 5, 40, 6, first, count) == 0);
  if (input) t.state.input_checksum = input;
  if (search) t.state.search_parameters = search;
  testdata_fill(&t, 9, iteration / 10, iteration);
  ar_status st = ckpt_write(dir, keep, &t.state, MPI_COMM_WORLD, NULL);
  if (st != AR_OK) fprintf(stderr, "write: %s\n", ar_error_message());
  CHECK(st == AR_OK);
  testdata_free(&t);
}

/* --resume auto (or FILE); returns the status, the iteration resumed (-1: fresh) and what rank
 * 0 reported. */
typedef struct {
  ar_status st;
  int64_t iteration;
  char report[8192];
  char path[H5U_PATH_MAX];
} resume_result;

static resume_result resume(const char *dir, const char *mode, int64_t rows, const char *input,
                            const char *search, int force) {
  resume_result r;
  memset(&r, 0, sizeof r);
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  hsize_t first, count;
  ckpt_block(5, size, rank_of(), &first, &count);
  testdata t;
  CHECK(testdata_init(&t, 5, (uint64_t)rows, 6, first, count) == 0);
  if (input) t.state.input_checksum = input;
  if (search) t.state.search_parameters = search;
  char *text = NULL;
  size_t len = 0;
  FILE *report = rank_of() == 0 ? open_memstream(&text, &len) : NULL;
  int resumed = 0;
  r.st = ckpt_resume(mode, dir, force, &t.state, MPI_COMM_WORLD, report, r.path, sizeof r.path,
                     &resumed);
  if (report) fclose(report);
  if (text) snprintf(r.report, sizeof r.report, "%s", text);
  free(text);
  MPI_Bcast(r.report, (int)sizeof r.report, MPI_CHAR, 0, MPI_COMM_WORLD);
  r.iteration = r.st == AR_OK && resumed ? t.state.iteration : -1;
  if (r.st == AR_OK && resumed) CHECK_EQ_INT(testdata_mismatches(&t, 9), 0);
  testdata_free(&t);
  return r;
}

static void path_of(char *buf, size_t cap, const char *dir, int64_t seq) {
  ckpt_dir_path(buf, cap, dir, seq, CKPT_FILE_FINAL);
}

/* Rank 0 flips one byte in the middle of a dataset's stored data. */
static void flip_byte(const char *path, const char *dataset) {
  if (rank_of() == 0) {
    hid_t file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    hid_t d = H5Dopen2(file, dataset, H5P_DEFAULT);
    haddr_t offset = H5Dget_offset(d);
    hsize_t size = H5Dget_storage_size(d);
    H5Dclose(d);
    H5Fclose(file);
    CHECK(offset != HADDR_UNDEF && size > 0);
    FILE *f = fopen(path, "r+b");
    CHECK(f != NULL);
    if (f) {
      long at = (long)(offset + size / 2);
      fseek(f, at, SEEK_SET);
      int c = fgetc(f);
      fseek(f, at, SEEK_SET);
      fputc(c ^ 0x10, f);
      fclose(f);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

static void rank0_shell(const char *cmd) {
  if (rank_of() == 0) CHECK(system(cmd) == 0);
  MPI_Barrier(MPI_COMM_WORLD);
}

static void remove_complete(const char *path) {
  if (rank_of() == 0) {
    hid_t file = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
    CHECK(file >= 0);
    CHECK(H5Adelete(file, "complete") >= 0);
    H5Fclose(file);
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

static int exists(const char *path) { return access(path, F_OK) == 0; }

static void test_damage(void) {
  char dir[H5U_PATH_MAX], p[H5U_PATH_MAX], q[H5U_PATH_MAX + 16];
  testdata_dir("damage", MPI_COMM_WORLD, dir, sizeof dir);
  for (int i = 1; i <= 4; i++)
    write_one(dir, 10, i, NULL, NULL);

  resume_result r = resume(dir, "auto", 40, NULL, NULL, 0);
  CHECK(r.st == AR_OK);
  CHECK_EQ_INT(r.iteration, 4);

  /* A flipped byte in the pheromone of #4: its CRC tells, #3 is used, #4 is moved aside. */
  path_of(p, sizeof p, dir, 4);
  flip_byte(p, "/colonies/pheromone");
  char found[H5U_PATH_MAX];
  int have = 0;
  CHECK(ckpt_find(dir, MPI_COMM_WORLD, NULL, found, sizeof found, &have) == AR_OK);
  path_of(q, sizeof q, dir, 3);
  CHECK(have && strcmp(found, q) == 0);
  r = resume(dir, "auto", 40, NULL, NULL, 0);
  CHECK(r.st == AR_OK);
  CHECK_EQ_INT(r.iteration, 3);
  CHECK(strstr(r.report, "ckpt-000004.h5") && strstr(r.report, "CRC-32"));
  CHECK(strstr(r.report, "/colonies/pheromone") != NULL);
  snprintf(q, sizeof q, "%s.damaged", p);
  CHECK(exists(q) && !exists(p));

  /* Truncated #3: #2. */
  path_of(p, sizeof p, dir, 3);
  char cmd[3 * H5U_PATH_MAX];
  snprintf(cmd, sizeof cmd, "truncate -s 6000 '%s'", p);
  rank0_shell(cmd);
  r = resume(dir, "auto", 40, NULL, NULL, 0);
  CHECK_EQ_INT(r.iteration, 2);
  CHECK(strstr(r.report, "ckpt-000003.h5") != NULL);

  /* #5 without its complete mark (its header digest no longer holds): #2 again. */
  write_one(dir, 10, 5, NULL, NULL);
  path_of(p, sizeof p, dir, 5);
  remove_complete(p);
  r = resume(dir, "auto", 40, NULL, NULL, 0);
  CHECK_EQ_INT(r.iteration, 2);
  CHECK(strstr(r.report, "ckpt-000005.h5") && strstr(r.report, "header is damaged"));

  /* A leftover .tmp newer than everything, and a file that is not HDF5: reported, skipped. */
  path_of(p, sizeof p, dir, 2);
  path_of(q, sizeof q, dir, 9);
  snprintf(cmd, sizeof cmd, "cp '%s' '%s.tmp'", p, q);
  rank0_shell(cmd);
  path_of(q, sizeof q, dir, 10);
  snprintf(cmd, sizeof cmd, "echo 'not a checkpoint' > '%s'", q);
  rank0_shell(cmd);
  r = resume(dir, "auto", 40, NULL, NULL, 0);
  CHECK_EQ_INT(r.iteration, 2);
  CHECK(strstr(r.report, "ckpt-000009.h5.tmp") != NULL);
  CHECK(strstr(r.report, "ckpt-000010.h5") && strstr(r.report, "not an HDF5 file"));

  /* A flipped byte in a replicated dataset of #2: #1. */
  flip_byte(p, "/global/best_tour");
  r = resume(dir, "auto", 40, NULL, NULL, 0);
  CHECK_EQ_INT(r.iteration, 1);
  CHECK(strstr(r.report, "/global/best_tour") != NULL);

  /* --resume FILE takes exactly that file, or fails. */
  path_of(p, sizeof p, dir, 1);
  r = resume(dir, p, 40, NULL, NULL, 0);
  CHECK(r.st == AR_OK);
  CHECK_EQ_INT(r.iteration, 1);
  snprintf(q, sizeof q, "%s/ckpt-000002.h5.damaged", dir);
  r = resume(dir, q, 40, NULL, NULL, 0);
  CHECK(r.st == AR_ERR_INPUT);
  CHECK(strstr(ar_error_message(), "CRC-32") != NULL);
  snprintf(q, sizeof q, "%s/nonexistent.h5", dir);
  r = resume(dir, q, 40, NULL, NULL, 0);
  CHECK(r.st == AR_ERR_INPUT);
  CHECK(strstr(ar_error_message(), "does not exist") != NULL);

  /* Nothing sound left: a fresh start, said plainly. */
  flip_byte(p, "/colonies/best_tour");
  r = resume(dir, "auto", 40, NULL, NULL, 0);
  CHECK(r.st == AR_OK);
  CHECK_EQ_INT(r.iteration, -1);
  CHECK(strstr(r.report, "no valid checkpoint") != NULL);

  /* A new write after all that continues the numbering and leaves the debris alone. */
  write_one(dir, 2, 6, NULL, NULL);
  path_of(p, sizeof p, dir, 11);
  CHECK(exists(p));
  r = resume(dir, "auto", 40, NULL, NULL, 0);
  CHECK_EQ_INT(r.iteration, 6);
}

static void test_rotation(void) {
  char dir[H5U_PATH_MAX], p[H5U_PATH_MAX];
  testdata_dir("rotation", MPI_COMM_WORLD, dir, sizeof dir);
  for (int i = 1; i <= 5; i++)
    write_one(dir, 2, i, NULL, NULL);
  for (int s = 1; s <= 5; s++) {
    path_of(p, sizeof p, dir, s);
    CHECK(exists(p) == (s >= 4));
  }
  /* A stale .tmp is removed by the next write; a .damaged one is kept. */
  path_of(p, sizeof p, dir, 5);
  char cmd[3 * H5U_PATH_MAX];
  snprintf(cmd, sizeof cmd, "cp '%s' '%s.tmp' && cp '%s' '%s.damaged'", p, p, p, p);
  rank0_shell(cmd);
  write_one(dir, 1, 7, NULL, NULL);
  CHECK(!exists(p));
  char q[H5U_PATH_MAX + 16];
  snprintf(q, sizeof q, "%s.tmp", p);
  CHECK(!exists(q));
  snprintf(q, sizeof q, "%s.damaged", p);
  CHECK(exists(q));
  path_of(p, sizeof p, dir, 6);
  CHECK(exists(p));
}

static void test_mismatch(void) {
  char dir[H5U_PATH_MAX];
  testdata_dir("mismatch", MPI_COMM_WORLD, dir, sizeof dir);
  const char *search = "[solve]\ncolonies = 5\nrho = 0.1\nalgorithm = acs\n";
  write_one(dir, 2, 3, "crc32:0000abcd size:10", search);

  resume_result r = resume(dir, "auto", 40, "crc32:0000abcd size:10", search, 0);
  CHECK(r.st == AR_OK);
  CHECK_EQ_INT(r.iteration, 3);

  /* Another run's checkpoint: --resume FILE refuses it naming the difference; --resume auto
   * passes over it with a note (issue #20) and starts from the beginning, leaving it alone. */
  char file[H5U_PATH_MAX];
  path_of(file, sizeof file, dir, 1);
  r = resume(dir, file, 40, "crc32:0000ffff size:10", search, 0);
  CHECK(r.st == AR_ERR_INPUT);
  CHECK(strstr(ar_error_message(), "input file differs") != NULL);
  CHECK(strstr(ar_error_message(), "--resume-force") != NULL);
  r = resume(dir, "auto", 40, "crc32:0000ffff size:10", search, 0);
  CHECK(r.st == AR_OK);
  CHECK_EQ_INT(r.iteration, -1);
  CHECK(strstr(r.report, "note: passing over") && strstr(r.report, "input file differs") &&
        strstr(r.report, "left alone") && !strstr(r.report, "--resume-force"));
  CHECK(exists(file));

  const char *other = "[solve]\nalgorithm = acs\ncolonies = 5\nrho = 0.2\nbeta = 2\n";
  r = resume(dir, file, 40, "crc32:0000abcd size:10", other, 0);
  CHECK(r.st == AR_ERR_INPUT);
  CHECK(strstr(ar_error_message(), "rho = 0.2 in this run, 0.1 in the checkpoint") != NULL);
  CHECK(strstr(ar_error_message(), "beta = 2 in this run, not set") != NULL);
  CHECK(strstr(ar_error_message(), "colonies") == NULL); /* same value, other line order */
  r = resume(dir, "auto", 40, "crc32:0000abcd size:10", other, 0);
  CHECK(r.st == AR_OK && r.iteration == -1 && strstr(r.report, "rho = 0.2 in this run"));

  /* Forced: a warning naming the difference, and the state is read. */
  r = resume(dir, "auto", 40, "crc32:0000ffff size:10", other, 1);
  CHECK(r.st == AR_OK);
  CHECK_EQ_INT(r.iteration, 3);
  CHECK(strstr(r.report, "warning") && strstr(r.report, "rho = 0.2"));

  /* Another shape (even when forced): refused, naming the dataset; the file is not moved. */
  r = resume(dir, "auto", 41, "crc32:0000abcd size:10", search, 1);
  CHECK(r.st == AR_ERR_INPUT);
  CHECK(strstr(ar_error_message(), "is 5 x 40 x 6, this run needs 5 x 41 x 6") != NULL);
  CHECK(strstr(ar_error_message(), "--colonies") == NULL); /* the colonies agree: no such hint */
  char p[H5U_PATH_MAX];
  path_of(p, sizeof p, dir, 1);
  CHECK(exists(p));
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  test_damage();
  test_rotation();
  test_mismatch();
  return 0;
}
