/* SPDX-License-Identifier: BSD-3-Clause */
/* Stop agreement (a signal on one rank stops all; a deadline passed on one rank stops all),
 * deadline arithmetic and SLURM_JOB_END_TIME, the checkpoint schedule, the input checksum and
 * the comparison of search parameters. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "ar_signal.h"
#include "ckpt.h"
#include "ckpt_testdata.h"
#include "test_util.h"

static int rank_of(void) {
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

static int size_of(void) {
  int s;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

static void test_signal_agreement(void) {
  CHECK(ar_signal_install() == AR_OK);
  int reasons = -1, sig = -1;
  CHECK(ckpt_stop_requested(NULL, MPI_COMM_WORLD, &reasons, &sig) == AR_OK);
  CHECK_EQ_INT(reasons, CKPT_STOP_NONE);
  CHECK_EQ_INT(sig, 0);

  /* SIGTERM reaches the last rank only: every rank sees the stop at the same boundary. */
  if (rank_of() == size_of() - 1) raise(SIGTERM);
  CHECK(ckpt_stop_requested(NULL, MPI_COMM_WORLD, &reasons, &sig) == AR_OK);
  CHECK_EQ_INT(reasons, CKPT_STOP_SIGNAL);
  CHECK_EQ_INT(sig, SIGTERM);
  CHECK(strcmp(ckpt_stop_describe(reasons, sig, NULL), "SIGTERM") == 0);
  ar_signal_clear();

  /* One SIGINT is a polite stop (the second one would exit: see the shell test). */
  if (rank_of() == 0) raise(SIGINT);
  CHECK(ckpt_stop_requested(NULL, MPI_COMM_WORLD, &reasons, &sig) == AR_OK);
  CHECK_EQ_INT(reasons, CKPT_STOP_SIGNAL);
  CHECK_EQ_INT(sig, SIGINT);
  ar_signal_clear();

  if (rank_of() == 0) raise(SIGUSR1);
  CHECK(ckpt_stop_requested(NULL, MPI_COMM_WORLD, &reasons, &sig) == AR_OK);
  CHECK_EQ_INT(sig, SIGUSR1);
  ar_signal_clear();
}

static void test_deadline(void) {
  double now = ckpt_now();
  ckpt_deadline d;
  unsetenv("SLURM_JOB_END_TIME");
  CHECK(ckpt_deadline_init(&d, 0, now, 0) == AR_OK);
  CHECK(!ckpt_deadline_passed(&d, now + 1e9)); /* no deadline */

  CHECK(ckpt_deadline_init(&d, 1.0, now, 0) == AR_OK); /* one hour */
  CHECK(d.end == now + 3600);
  CHECK(strcmp(d.source, "--max-hours") == 0);
  ckpt_deadline_note_iteration(&d, 10);
  ckpt_deadline_note_iteration(&d, 4); /* the longest counts */
  ckpt_deadline_note_checkpoint(&d, 5);
  CHECK(ckpt_deadline_margin(&d) == 2 * (10 + 5) + 1);
  CHECK(!ckpt_deadline_passed(&d, now + 3600 - 32));
  CHECK(ckpt_deadline_passed(&d, now + 3600 - 31));

  /* Slurm's end time wins when earlier; the first checkpoint estimate comes from its size. */
  char text[64];
  snprintf(text, sizeof text, "%.0f", now + 600);
  setenv("SLURM_JOB_END_TIME", text, 1);
  CHECK(ckpt_deadline_init(&d, 1.0, now, 300000000) == AR_OK);
  CHECK(strcmp(d.source, "SLURM_JOB_END_TIME") == 0);
  CHECK(d.longest_checkpoint == 3.0);
  setenv("SLURM_JOB_END_TIME", "soon", 1);
  CHECK(ckpt_deadline_init(&d, 0, now, 0) == AR_ERR_USAGE);
  CHECK(strstr(ar_error_message(), "SLURM_JOB_END_TIME") != NULL);
  unsetenv("SLURM_JOB_END_TIME");

  /* A deadline one rank has passed stops every rank. */
  CHECK(ckpt_deadline_init(&d, 1.0, now, 0) == AR_OK);
  if (rank_of() == 0) d.end = now - 1;
  int reasons, sig;
  CHECK(ckpt_stop_requested(&d, MPI_COMM_WORLD, &reasons, &sig) == AR_OK);
  CHECK_EQ_INT(reasons, CKPT_STOP_DEADLINE);
  CHECK(strstr(ckpt_stop_describe(reasons, sig, &d), "--max-hours") != NULL);
}

static void test_schedule(void) {
  ckpt_schedule s;
  int due;
  ckpt_schedule_init(&s, 3, 0);
  int pattern = 0;
  for (int64_t i = 1; i <= 7; i++) {
    CHECK(ckpt_schedule_due(&s, i, 0, 0, MPI_COMM_WORLD, &due) == AR_OK);
    pattern = pattern * 2 + due;
  }
  CHECK_EQ_INT(pattern, 0x12); /* 0010010: iterations 3 and 6 */
  CHECK(ckpt_schedule_due(&s, 4, 1, 0, MPI_COMM_WORLD, &due) == AR_OK && due); /* epoch end */
  CHECK(ckpt_schedule_due(&s, 4, 0, 1, MPI_COMM_WORLD, &due) == AR_OK && due); /* stopping */

  /* Seconds: rank 0's clock decides for everyone. */
  ckpt_schedule_init(&s, 0, 0.2);
  CHECK(ckpt_schedule_due(&s, 1, 0, 0, MPI_COMM_WORLD, &due) == AR_OK && !due);
  if (rank_of() == 0) s.last -= 1.0;
  CHECK(ckpt_schedule_due(&s, 2, 0, 0, MPI_COMM_WORLD, &due) == AR_OK);
  CHECK_EQ_INT(due, 1);
  ckpt_schedule_written(&s);
  CHECK(ckpt_schedule_due(&s, 3, 0, 0, MPI_COMM_WORLD, &due) == AR_OK && !due);
}

static void test_input_checksum(void) {
  char dir[H5U_PATH_MAX], path[H5U_PATH_MAX + 16];
  testdata_dir("input", MPI_COMM_WORLD, dir, sizeof dir);
  snprintf(path, sizeof path, "%s/input.bin", dir);
  size_t n = 3000000;
  unsigned char *bytes = malloc(n);
  for (size_t i = 0; i < n; i++)
    bytes[i] = (unsigned char)(i * 7 + (i >> 11));
  if (rank_of() == 0) {
    FILE *f = fopen(path, "wb");
    fwrite(bytes, 1, n, f);
    fclose(f);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  char text[CKPT_INPUT_CHECKSUM_MAX], want[CKPT_INPUT_CHECKSUM_MAX];
  CHECK(ckpt_input_checksum(path, MPI_COMM_WORLD, text, sizeof text) == AR_OK);
  snprintf(want, sizeof want, "crc32:%08lx size:%zu", crc32(0, bytes, (uInt)n), n);
  CHECK(strcmp(text, want) == 0);
  free(bytes);
  snprintf(path, sizeof path, "%s/missing.h5", dir);
  CHECK(ckpt_input_checksum(path, MPI_COMM_WORLD, text, sizeof text) == AR_ERR_IO);
  CHECK(strstr(ar_error_message(), "missing.h5") != NULL);
}

static void test_params_diff(void) {
  char buf[512];
  CHECK_EQ_INT(
      ckpt_match_params_diff("[solve]\na = 1\nb = 2\n", "[solve]\nb = 2\na = 1\n", buf, sizeof buf),
      0);
  CHECK_EQ_INT(
      ckpt_match_params_diff("[solve]\na = 1\nb = 2\n", "[solve]\na = 3\nc = 4\n", buf, sizeof buf),
      3);
  CHECK(strstr(buf, "a = 3 in this run, 1 in the checkpoint") != NULL);
  CHECK(strstr(buf, "c = 4 in this run, not set in the checkpoint") != NULL);
  CHECK(strstr(buf, "b = 2 in the checkpoint, not set in this run") != NULL);
  CHECK_EQ_INT(ckpt_match_check("x", "a = 1", "x", "a = 1", buf, sizeof buf), 0);
  CHECK_EQ_INT(ckpt_match_check("x", "a = 1", NULL, NULL, buf, sizeof buf), 0);
}

static void test_dir_names(void) {
  int64_t seq;
  ckpt_file_kind kind;
  CHECK(ckpt_dir_parse_name("ckpt-000042.h5", &seq, &kind) && seq == 42 && kind == CKPT_FILE_FINAL);
  CHECK(ckpt_dir_parse_name("ckpt-1234567.h5.tmp", &seq, &kind) && seq == 1234567 &&
        kind == CKPT_FILE_TMP);
  CHECK(ckpt_dir_parse_name("ckpt-7.h5.damaged", &seq, &kind) && kind == CKPT_FILE_DAMAGED);
  CHECK(!ckpt_dir_parse_name("ckpt-.h5", &seq, &kind));
  CHECK(!ckpt_dir_parse_name("ckpt-12.h5.bak", &seq, &kind));
  CHECK(!ckpt_dir_parse_name("results.h5", &seq, &kind));
  char path[64];
  CHECK(ckpt_dir_path(path, sizeof path, "d", 7, CKPT_FILE_TMP) == AR_OK);
  CHECK(strcmp(path, "d/ckpt-000007.h5.tmp") == 0);
  /* A .tmp names the run that wrote it (issue #20: clean-up touches only the run's own). */
  CHECK(ckpt_dir_tmp_path(path, sizeof path, "d", 7, 0x1a2b3c4du) == AR_OK);
  CHECK(strcmp(path, "d/ckpt-000007.h5.1a2b3c4d.tmp") == 0);
  ckpt_dir_entry e;
  CHECK(ckpt_dir_parse_entry("ckpt-000007.h5.1a2b3c4d.tmp", &e) && e.seq == 7 &&
        e.kind == CKPT_FILE_TMP && e.tagged && e.tag == 0x1a2b3c4du);
  CHECK(ckpt_dir_entry_path(path, sizeof path, "d", &e) == AR_OK &&
        strcmp(path, "d/ckpt-000007.h5.1a2b3c4d.tmp") == 0);
  CHECK(ckpt_dir_parse_entry("ckpt-7.h5.tmp", &e) && !e.tagged);
  CHECK(!ckpt_dir_parse_entry("ckpt-7.h5.1A2B3C4D.tmp", &e));
  CHECK(!ckpt_dir_parse_entry("ckpt-7.h5.1a2b3c.tmp", &e));
  CHECK(ckpt_identity("crc32:1 size:2", "a = 1\n") != ckpt_identity("crc32:1 size:2", "a = 2\n"));
  CHECK(ckpt_identity(NULL, NULL) == ckpt_identity("", ""));
  CHECK(ckpt_keep_is_name("kept-lower-bound-3d5ecccc.txt") && !ckpt_keep_is_name("kept.h5"));
}

int test_run(int argc, char **argv) {
  (void)argc;
  (void)argv;
  test_signal_agreement();
  test_deadline();
  test_schedule();
  test_input_checksum();
  test_params_diff();
  test_dir_names();
  return 0;
}
