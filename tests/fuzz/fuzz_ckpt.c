/* SPDX-License-Identifier: BSD-3-Clause */
/* fuzz_ckpt: libFuzzer target for the checkpoint reader. The input is the bytes of a checkpoint
 * file: written to a temporary file, then judged as --resume judges a candidate (ckpt_verify:
 * the header digest, the format, every dataset's CRC-32; ckpt_match against this run) and read
 * into a state shaped like the engine's part of the seeds (ckpt_read: shapes, types, CRCs, the
 * position), in a serial process (a singleton MPI_Init, MPI_COMM_SELF). Any file must be judged
 * sound, damaged or of another run, with a message naming the file; never crash, read out of
 * bounds, allocate what the file cannot back, or fail as anything but bad input. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ckpt_read.h"
#include "ckpt_verify.h"
#include "fuzz_file.h"
#include "h5u.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

/* The seeds' engine part: 2 colonies of eil51 with 16 candidates (fuzz_ckpt_run.sh). */
enum { C = 2, R = 51, K = 16, L = 51, MAX_EPOCHS = 1000 };
static float tau[C][R][K];
static int32_t best[C][L], restart_best[C][L], source[C][L], global_best[L];
static int64_t colony_int[6][C];    /* colony, iterations, ..., restarts: one dataset each */
static double colony_real[2][C];    /* tau_max, tau_min */
static double colony_cost[3][C][3]; /* best_cost, restart_best_cost, source_cost */
static double global_cost[3], colony_log[C * MAX_EPOCHS * 3];
static int64_t rec_iteration[MAX_EPOCHS];
static double rec_time[MAX_EPOCHS], rec_cost[MAX_EPOCHS][3];
static int32_t rec_colony[MAX_EPOCHS];
/* The fields of format version 5: one dataset per named member (aco_engine_ckpt.c). */
enum { F_LOG = 15, F_RECORDS = 18, NFIELDS = 22 };
static ckpt_field fields[NFIELDS];
static ckpt_scalar scalars[5];

static void set_epochs(hsize_t epochs) {
  fields[F_LOG].dims[1] = epochs;
  for (int i = F_RECORDS; i < NFIELDS; i++)
    fields[i].dims[0] = epochs;
}

static ar_status shape(void *owner, const ckpt_state *st) {
  (void)owner;
  if (st->epoch < 0 || st->epoch > MAX_EPOCHS)
    return ar_fail(AR_ERR_INPUT, "%s: %lld epochs", path, (long long)st->epoch);
  set_epochs((hsize_t)st->epoch);
  return AR_OK;
}

static ckpt_part part = {"engine", fields, NFIELDS, scalars, 5, NULL, NULL, shape, NULL};

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  int provided = 0;
  if (MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) abort();
  h5u_init();
  snprintf(path, sizeof path, "/tmp/fuzz_ckpt_%ld.h5", (long)getpid());
  hid_t I64 = H5T_NATIVE_INT64, F64 = H5T_NATIVE_DOUBLE;
  ckpt_field f[NFIELDS] = {
      {"/colonies/pheromone", H5T_NATIVE_FLOAT, 3, {C, R, K}, 1, tau, NULL, NULL},
      {"/colonies/best", H5T_NATIVE_INT32, 2, {C, L, 0}, 1, best, NULL, NULL},
      {"/colonies/restart_best", H5T_NATIVE_INT32, 2, {C, L, 0}, 1, restart_best, NULL, NULL},
      {"/colonies/source", H5T_NATIVE_INT32, 2, {C, L, 0}, 1, source, NULL, NULL},
      {"/colonies/colony", I64, 1, {C, 0, 0}, 1, colony_int[0], NULL, NULL},
      {"/colonies/iterations", I64, 1, {C, 0, 0}, 1, colony_int[1], NULL, NULL},
      {"/colonies/best_iteration", I64, 1, {C, 0, 0}, 1, colony_int[2], NULL, NULL},
      {"/colonies/restart_iteration", I64, 1, {C, 0, 0}, 1, colony_int[3], NULL, NULL},
      {"/colonies/restart_best_iteration", I64, 1, {C, 0, 0}, 1, colony_int[4], NULL, NULL},
      {"/colonies/restarts", I64, 1, {C, 0, 0}, 1, colony_int[5], NULL, NULL},
      {"/colonies/tau_max", F64, 1, {C, 0, 0}, 1, colony_real[0], NULL, NULL},
      {"/colonies/tau_min", F64, 1, {C, 0, 0}, 1, colony_real[1], NULL, NULL},
      {"/colonies/best_cost", F64, 2, {C, 3, 0}, 1, colony_cost[0], NULL, NULL},
      {"/colonies/restart_best_cost", F64, 2, {C, 3, 0}, 1, colony_cost[1], NULL, NULL},
      {"/colonies/source_cost", F64, 2, {C, 3, 0}, 1, colony_cost[2], NULL, NULL},
      {"/colonies/best_cost_log", F64, 3, {C, 0, 3}, 1, colony_log, NULL, NULL},
      {"/global/best", H5T_NATIVE_INT32, 1, {L, 0, 0}, 0, global_best, NULL, NULL},
      {"/global/best_cost", F64, 1, {3, 0, 0}, 0, global_cost, NULL, NULL},
      {"/global/epochs/iteration", I64, 1, {0, 0, 0}, 0, rec_iteration, NULL, NULL},
      {"/global/epochs/time", F64, 1, {0, 0, 0}, 0, rec_time, NULL, NULL},
      {"/global/epochs/best_cost", F64, 2, {0, 3, 0}, 0, rec_cost, NULL, NULL},
      {"/global/epochs/best_colony", H5T_NATIVE_INT32, 1, {0, 0, 0}, 0, rec_colony, NULL, NULL},
  };
  memcpy(fields, f, sizeof f);
  ckpt_scalar s[5] = {{"best_colony", CKPT_SCALAR_I64, 0, 0},
                      {"best_iteration", CKPT_SCALAR_I64, 0, 0},
                      {"best_time", CKPT_SCALAR_F64, 0, 0},
                      {"elapsed", CKPT_SCALAR_F64, 0, 0},
                      {"epoch_iterations", CKPT_SCALAR_I64, 0, 0}};
  memcpy(scalars, s, sizeof s);
  return 0;
}

/* A file's problem is bad input naming the file, and the classification agrees with it. */
static void check(ar_status st, ckpt_problem problem) {
  if (st == AR_OK && problem == CKPT_PROBLEM_NONE) return;
  int classified = problem == CKPT_PROBLEM_DAMAGED || problem == CKPT_PROBLEM_MISMATCH ||
                   problem == CKPT_PROBLEM_OTHER_RUN;
  if (st != AR_ERR_INPUT || !classified || !strstr(ar_error_message(), path)) {
    fprintf(stderr, "status %d, problem %d: %s\n", (int)st, (int)problem, ar_error_message());
    abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!fuzz_write_file(path, data, size)) return 0;
  ar_error_clear();
  ckpt_problem problem;
  int datasets = 0;
  ar_status st = ckpt_verify(path, MPI_COMM_SELF, &problem, &datasets);
  check(st, problem);
  if (st == AR_OK) {
    /* Of this run? The seeds' strings are not known here: any difference is a mismatch. */
    st = ckpt_match(path, "crc32:00000000 size:0", "", 0, NULL, MPI_COMM_SELF, &problem);
    if (st != AR_OK) check(st, problem);
  }
  ckpt_state state;
  memset(&state, 0, sizeof state);
  state.colony_first = 0;
  state.colony_count = C;
  set_epochs(0);
  if (ckpt_state_add(&state, &part) != AR_OK) abort();
  st = ckpt_read(path, &state, 1, NULL, MPI_COMM_SELF, &problem);
  check(st, problem);
  unlink(path);
  return 0;
}
