/* SPDX-License-Identifier: BSD-3-Clause */
/* ar_hooks: the one door through which tests steer the program (pauses, pace, holds, faults).
 *
 * Production code calls the ar_hook_* functions below at a few named points; each costs one
 * predictable branch and does nothing unless a hook table is installed. Only the test-only
 * library tests/hooks installs one (from a constructor, reading ANTROUTE_TEST_PAUSE,
 * ANTROUTE_TEST_PACE_MS, ANTROUTE_TEST_HOLD, ANTROUTE_TEST_NO_FLOCK, ANTROUTE_FAULT and
 * ANTROUTE_FAULT_RANK; docs/testing.md, "Test-only switches"), and that library is linked into the
 * program only when the build sets ANTROUTE_TEST_HOOKS=ON (what ./setup.sh test builds). A release
 * build (-DANTROUTE_TEST_HOOKS=OFF) holds no hook: its table stays NULL and the program has no
 * fault, pause or hold code (the test release_no_hooks checks its symbols and strings).
 *
 * No hook touches the search's state: the answer of a run is the same with and without them.
 * None fails.
 */
#ifndef AR_HOOKS_H
#define AR_HOOKS_H

#include <mpi.h>
#include <stdint.h>

/* Where a test may pause a process (tests/hooks names them: "bound", "prepared", "output"). */
typedef enum {
  AR_PAUSE_BOUND,    /* the first ascent step of solve's lower bound */
  AR_PAUSE_PREPARED, /* solve, after the lower bound, before the search is set up */
  AR_PAUSE_OUTPUT    /* an HDF5 output's PATH.tmp has just been created */
} ar_pause_point;

/* Where a test may inject a fault (tests/hooks names them: "ckpt-mid-dataset", ...). Numbers, not
 * strings, so that a release build holds no fault's name. */
typedef enum {
  AR_FAULT_CKPT_MID_DATASET,   /* exit after half of a checkpoint's first distributed dataset */
  AR_FAULT_CKPT_BEFORE_RENAME, /* exit after the checkpoint is complete, before its rename */
  AR_FAULT_CKPT_ENOSPC,        /* the first dataset's write fails as on a full disk */
  AR_FAULT_CKPT_NO_ROOM_CHECK, /* the checkpoint's free-space check is skipped */
  AR_FAULT_CORRUPT_BEST        /* solve's self-check sees two values of the best swapped */
} ar_fault_point;

typedef struct {
  /* Waits at a point as the test asks. */
  void (*pause)(ar_pause_point point);
  /* 1: the checkpoint folder's lock behaves as on a file system without flock (ckpt_lock.h). */
  int (*no_flock)(void);
  /* After a segment of `iterations` iterations, before its boundary: the test's pace (a sleep). */
  void (*pace)(int64_t iterations);
  /* Iterations until the test's hold (0: none to come): the engine makes a boundary there. */
  int64_t (*until_hold)(void);
  /* At a boundary, after its hooks: counts the iterations and holds when asked; 1 when it held
   * (the engine's next segment is then one iteration). */
  int (*boundary)(int64_t iterations);
  /* A checkpoint write begins (faults count the writes). */
  void (*new_write)(void);
  /* 1: inject the fault named point here, on this rank of comm. */
  int (*fault)(ar_fault_point point, MPI_Comm comm);
  /* Ends the process (status 99, a line on stderr) when fault(point, comm). */
  void (*fault_exit)(ar_fault_point point, MPI_Comm comm);
} ar_hook_table;

/* The installed table, NULL in production. */
extern const ar_hook_table *ar_hooks_installed;

/* Installs a table (tests/hooks only). */
void ar_hooks_install(const ar_hook_table *table);

static inline void ar_hook_pause(ar_pause_point point) {
  if (ar_hooks_installed && ar_hooks_installed->pause) ar_hooks_installed->pause(point);
}
static inline int ar_hook_no_flock(void) {
  return ar_hooks_installed && ar_hooks_installed->no_flock ? ar_hooks_installed->no_flock() : 0;
}
static inline void ar_hook_pace(int64_t iterations) {
  if (ar_hooks_installed && ar_hooks_installed->pace) ar_hooks_installed->pace(iterations);
}
static inline int64_t ar_hook_until_hold(void) {
  return ar_hooks_installed && ar_hooks_installed->until_hold ? ar_hooks_installed->until_hold()
                                                              : 0;
}
static inline int ar_hook_boundary(int64_t iterations) {
  return ar_hooks_installed && ar_hooks_installed->boundary
             ? ar_hooks_installed->boundary(iterations)
             : 0;
}
static inline void ar_hook_new_write(void) {
  if (ar_hooks_installed && ar_hooks_installed->new_write) ar_hooks_installed->new_write();
}
static inline int ar_hook_fault(ar_fault_point point, MPI_Comm comm) {
  return ar_hooks_installed && ar_hooks_installed->fault ? ar_hooks_installed->fault(point, comm)
                                                         : 0;
}
static inline void ar_hook_fault_exit(ar_fault_point point, MPI_Comm comm) {
  if (ar_hooks_installed && ar_hooks_installed->fault_exit)
    ar_hooks_installed->fault_exit(point, comm);
}

#endif
