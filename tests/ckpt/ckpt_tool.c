/* SPDX-License-Identifier: BSD-3-Clause */
/* ckpt_tool: drives the checkpoint module from shell tests (faults, signals, deadlines, full
 * disks) and shows how `solve` uses it (see `loop`).
 *
 *   ckpt_tool write  DIR [options]          one checkpoint of the synthetic state
 *   ckpt_tool resume DIR auto|FILE [opts]   --resume as solve does it; checks the contents
 *   ckpt_tool verify FILE                   ckpt_verify
 *   ckpt_tool rehash FILE                   recompute header_crc32 after an edit (forgery)
 *   ckpt_tool loop   DIR [options]          a solve-like loop: iterations, epochs, schedule,
 *                                           signals, deadline, checkpoint and exit 75 on stop
 * Options: --colonies C --rows R --options K --seed S --epoch E --iteration I --keep N
 *          --input TEXT --search TEXT --force --iterations N --per-epoch N --sleep-ms MS
 *          --every N --seconds S --max-hours H --pid-dir DIR
 * `loop` writes DIR/pid.RANK once its signal handlers are installed (--pid-dir) and honours
 * ANTROUTE_TEST_HOLD after every iteration, as solve does (tests/hooks/test_hooks.h).
 * Prints on rank 0; exits with antroute's exit codes (ar_exit_code).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ar_hooks.h"
#include "ar_signal.h"
#include "ckpt.h"
#include "ckpt_testdata.h"

typedef struct {
  uint64_t colonies, rows, options, seed;
  int64_t epoch, iteration, iterations, per_epoch, every;
  int keep, force, sleep_ms;
  double seconds, max_hours;
  const char *input, *search, *pid_dir;
} tool_args;

static int rank_of(MPI_Comm comm) {
  int r = 0;
  MPI_Comm_rank(comm, &r);
  return r;
}

static void parse(int argc, char **argv, int from, tool_args *a) {
  *a = (tool_args){4,
                   50,
                   8,
                   1,
                   0,
                   1,
                   10,
                   4,
                   0,
                   2,
                   0,
                   0,
                   0,
                   0,
                   "crc32:00000000 size:0",
                   "[solve]\ncolonies = 4\nrho = 0.1\n",
                   NULL};
  for (int i = from; i < argc; i++) {
    const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : "0";
    if (strcmp(k, "--force") == 0) {
      a->force = 1;
      continue;
    }
    i++;
    if (strcmp(k, "--colonies") == 0)
      a->colonies = strtoull(v, NULL, 10);
    else if (strcmp(k, "--rows") == 0)
      a->rows = strtoull(v, NULL, 10);
    else if (strcmp(k, "--options") == 0)
      a->options = strtoull(v, NULL, 10);
    else if (strcmp(k, "--seed") == 0)
      a->seed = strtoull(v, NULL, 10);
    else if (strcmp(k, "--epoch") == 0)
      a->epoch = strtoll(v, NULL, 10);
    else if (strcmp(k, "--iteration") == 0)
      a->iteration = strtoll(v, NULL, 10);
    else if (strcmp(k, "--iterations") == 0)
      a->iterations = strtoll(v, NULL, 10);
    else if (strcmp(k, "--per-epoch") == 0)
      a->per_epoch = strtoll(v, NULL, 10);
    else if (strcmp(k, "--every") == 0)
      a->every = strtoll(v, NULL, 10);
    else if (strcmp(k, "--keep") == 0)
      a->keep = atoi(v);
    else if (strcmp(k, "--sleep-ms") == 0)
      a->sleep_ms = atoi(v);
    else if (strcmp(k, "--seconds") == 0)
      a->seconds = strtod(v, NULL);
    else if (strcmp(k, "--max-hours") == 0)
      a->max_hours = strtod(v, NULL);
    else if (strcmp(k, "--input") == 0)
      a->input = v;
    else if (strcmp(k, "--search") == 0)
      a->search = v;
    else if (strcmp(k, "--pid-dir") == 0)
      a->pid_dir = v;
    else
      fprintf(stderr, "ckpt_tool: unknown option %s\n", k);
  }
}

static int setup(testdata *t, const tool_args *a, MPI_Comm comm) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  hsize_t first, count;
  ckpt_block(a->colonies, size, rank_of(comm), &first, &count);
  if (testdata_init(t, a->colonies, a->rows, a->options, first, count) != 0) return -1;
  t->state.input_checksum = a->input;
  t->state.search_parameters = a->search;
  return 0;
}

static ar_status cmd_write(const char *dir, const tool_args *a, MPI_Comm comm) {
  testdata t;
  if (setup(&t, a, comm) != 0) return ar_fail(AR_ERR_NOMEM, "out of memory");
  testdata_fill(&t, a->seed, a->epoch, a->iteration);
  ckpt_write_info info;
  ar_status st = ckpt_write(dir, a->keep, &t.state, comm, &info);
  if (st == AR_OK && rank_of(comm) == 0)
    printf("wrote %s (%llu bytes, %.3f s)\n", info.path, (unsigned long long)info.bytes,
           info.seconds);
  testdata_free(&t);
  return st;
}

static ar_status cmd_resume(const char *dir, const char *mode, const tool_args *a, MPI_Comm comm) {
  testdata t;
  if (setup(&t, a, comm) != 0) return ar_fail(AR_ERR_NOMEM, "out of memory");
  char path[H5U_PATH_MAX];
  int resumed = 0;
  ar_status st =
      ckpt_resume(mode, dir, a->force, &t.state, comm, stderr, path, sizeof path, &resumed);
  if (st == AR_OK && resumed) {
    unsigned long long bad = testdata_mismatches(&t, a->seed), all = 0;
    MPI_Allreduce(&bad, &all, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, comm);
    if (rank_of(comm) == 0)
      printf("resumed %s epoch %lld iteration %lld mismatches %llu\n", path,
             (long long)t.state.epoch, (long long)t.state.iteration, all);
    if (all) st = ar_fail(AR_ERR_INTERNAL, "%llu values differ from what was written", all);
  } else if (st == AR_OK && rank_of(comm) == 0) {
    printf("fresh\n");
  }
  testdata_free(&t);
  return st;
}

static ar_status cmd_verify(const char *file, MPI_Comm comm) {
  ckpt_problem problem;
  int n = 0;
  ar_status st = ckpt_verify(file, comm, &problem, &n);
  if (st == AR_OK && rank_of(comm) == 0) printf("sound: %d datasets\n", n);
  return st;
}

static void sleep_ms(int ms) {
  struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0) {
  }
}

static void write_pid(const char *dir, int rank) {
  char p[H5U_PATH_MAX], tmp[H5U_PATH_MAX + 8];
  snprintf(p, sizeof p, "%s/pid.%d", dir, rank);
  snprintf(tmp, sizeof tmp, "%s/.pid.%d.tmp", dir, rank);
  FILE *f = fopen(tmp, "w");
  if (!f) return;
  fprintf(f, "%d\n", (int)getpid());
  /* Renamed into place: a test that sees the file reads the whole pid. */
  if (fclose(f) == 0) rename(tmp, p);
}

/* The loop solve runs, with a synthetic state in place of the colonies. */
static ar_status cmd_loop(const char *dir, const tool_args *a, MPI_Comm comm) {
  double start = ckpt_now();
  int rank = rank_of(comm);
  testdata t;
  if (setup(&t, a, comm) != 0) return ar_fail(AR_ERR_NOMEM, "out of memory");
  /* 1. Before the first iteration: signals, deadline, schedule, resume. */
  ar_status st = ar_signal_install();
  /* The pid file says "ready for signals": written once the handlers are in place. */
  if (st == AR_OK && a->pid_dir) write_pid(a->pid_dir, rank);
  ckpt_deadline deadline;
  if (st == AR_OK)
    st = ckpt_deadline_init(&deadline, a->max_hours, start, ckpt_state_bytes(&t.state));
  ckpt_schedule schedule;
  ckpt_schedule_init(&schedule, a->every, a->seconds);
  char path[H5U_PATH_MAX];
  int resumed = 0;
  if (st == AR_OK)
    st = ckpt_resume("auto", dir, a->force, &t.state, comm, stderr, path, sizeof path, &resumed);
  int64_t done = resumed ? t.state.iteration : 0;
  if (st == AR_OK && rank == 0)
    printf("%s at iteration %lld\n", resumed ? "resumed" : "started", (long long)done);
  fflush(stdout);

  /* 2. Iterations; at each boundary: stop agreement, schedule, maybe a checkpoint. */
  while (st == AR_OK && done < a->iterations) {
    double t0 = MPI_Wtime();
    sleep_ms(a->sleep_ms); /* the work of one iteration */
    done++;
    testdata_fill(&t, a->seed, done / a->per_epoch, done);
    ckpt_deadline_note_iteration(&deadline, MPI_Wtime() - t0);

    int reasons = 0, sig = 0, due = 0;
    st = ckpt_stop_requested(&deadline, comm, &reasons, &sig);
    int epoch_end = done % a->per_epoch == 0;
    if (st == AR_OK) st = ckpt_schedule_due(&schedule, done, epoch_end, reasons != 0, comm, &due);
    if (st == AR_OK && due) {
      ckpt_write_info info;
      st = ckpt_write(dir, a->keep, &t.state, comm, &info);
      if (st == AR_OK) {
        ckpt_deadline_note_checkpoint(&deadline, info.seconds);
        ckpt_schedule_written(&schedule);
      } else if (!reasons) {
        /* A failed checkpoint inside the run: say so and go on (the previous one is intact). */
        if (rank == 0) fprintf(stderr, "ckpt_tool: warning: %s\n", ar_error_message());
        st = AR_OK;
      }
    }
    if (st == AR_OK && reasons) {
      printf("rank %d stopped after iteration %lld: %s\n", rank, (long long)done,
             ckpt_stop_describe(reasons, sig, &deadline));
      if (deadline.end > 0)
        printf("rank %d: checkpointed %.2f s after the start, %.2f s before the deadline\n", rank,
               ckpt_now() - start, deadline.end - ckpt_now());
      fflush(stdout);
      st = AR_ERR_RESUME;
    }
    if (st == AR_OK) ar_hook_boundary(1); /* ANTROUTE_TEST_HOLD, as in solve */
  }
  if (st == AR_OK && rank == 0) printf("finished at iteration %lld\n", (long long)done);
  testdata_free(&t);
  return st;
}

/* Forges a checkpoint for tests: recomputes its header_crc32 after an edit made with h5py, so
 * that the file passes the checksums and only the cross-checks of its contents can tell. */
static ar_status cmd_rehash(const char *path) {
  hid_t file = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
  if (file < 0) return ar_fail(AR_ERR_IO, "cannot open %s for writing", path);
  uint32_t crc = 0;
  ar_status st = ckpt_digest(file, path, &crc);
  if (st == AR_OK) st = h5u_attr_write_i64(file, CKPT_DIGEST_ATTRIBUTE, (int64_t)crc);
  if (H5Fclose(file) < 0 && st == AR_OK) st = ar_fail(AR_ERR_IO, "cannot close %s", path);
  if (st == AR_OK) printf("%s: header_crc32 %08x\n", path, (unsigned)crc);
  return st;
}

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  h5u_init();
  MPI_Comm comm = MPI_COMM_WORLD;
  tool_args a;
  ar_status st = AR_ERR_USAGE;
  if (argc >= 3 && strcmp(argv[1], "write") == 0) {
    parse(argc, argv, 3, &a);
    st = cmd_write(argv[2], &a, comm);
  } else if (argc >= 4 && strcmp(argv[1], "resume") == 0) {
    parse(argc, argv, 4, &a);
    st = cmd_resume(argv[2], argv[3], &a, comm);
  } else if (argc >= 3 && strcmp(argv[1], "verify") == 0) {
    st = cmd_verify(argv[2], comm);
  } else if (argc >= 3 && strcmp(argv[1], "rehash") == 0) {
    st = cmd_rehash(argv[2]);
  } else if (argc >= 3 && strcmp(argv[1], "loop") == 0) {
    parse(argc, argv, 3, &a);
    st = cmd_loop(argv[2], &a, comm);
  } else {
    ar_fail(AR_ERR_USAGE, "usage: ckpt_tool write|resume|verify|rehash|loop ...");
  }
  if (st != AR_OK && st != AR_ERR_RESUME && (rank_of(comm) == 0 || !ar_error_is_shared()))
    fprintf(stderr, "ckpt_tool: error: %s\n", ar_error_message());
  fflush(stdout);
  MPI_Finalize();
  return ar_exit_code(st);
}
