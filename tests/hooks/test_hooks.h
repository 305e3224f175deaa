/* SPDX-License-Identifier: BSD-3-Clause */
/* test_hooks: the test-only hook library (linked into the program only when ANTROUTE_TEST_HOOKS
 * is ON; src/base/ar_hooks.h). Its constructor installs the table of these functions.
 *
 *   ANTROUTE_TEST_PAUSE=POINT:FILE[:hold]  the first time the process reaches POINT it appends
 *       its PID to FILE (a line per process: the ranks of a run share FILE) and waits there until
 *       a stop signal has arrived (ar_signal.h; not with :hold) or FILE.go exists (at most 600 s).
 *       Points: "bound" (the first ascent step of solve's lower bound), "prepared" (solve, after
 *       the lower bound, before the search is set up), "output" (an HDF5 output's PATH.tmp has
 *       just been created: results, network files, checkpoints).
 *   ANTROUTE_TEST_NO_FLOCK=1  the checkpoint folder's lock behaves as on a file system without
 *       locks (the lock file alone decides; ckpt_lock.h).
 *   ANTROUTE_TEST_PACE_MS=N (N > 0)  every iteration of the engine sleeps N milliseconds (a
 *       segment's together, after its ants, before its boundary), so that tests of time limits
 *       get runs of a known length whatever the machine's speed.
 *   ANTROUTE_TEST_HOLD=N:FILE  once this process has run N iterations (the months of order
 *       routing counted one after the other), at the boundary there, after its hooks (so after
 *       its checkpoint), the run creates FILE.held and waits until FILE exists or a stop signal
 *       has arrived, at most TEST_HOLD_SECONDS; then it goes on and never holds again.
 *   ANTROUTE_FAULT=POINT[:N], ANTROUTE_FAULT_RANK=R  a fault at POINT, on rank R of the
 *       communicator only (default: all). Checkpoint points count the writes (N-th, default the
 *       first): "ckpt-mid-dataset" (exit 99 after half of the first distributed dataset),
 *       "ckpt-before-rename" (exit 99 after the file is complete, before its rename),
 *       "ckpt-enospc" (the first dataset's write fails with ENOSPC), "ckpt-no-room-check" (the
 *       free-space check is skipped). Other points: "corrupt-best" (solve's self-check of the best
 *       sees two values swapped: the check must fail, exit 4).
 * Unset, empty or malformed: nothing happens. None fails.
 */
#ifndef AR_TEST_HOOKS_H
#define AR_TEST_HOOKS_H

#include <mpi.h>
#include <stdint.h>

#include "ar_hooks.h"

enum { TEST_HOLD_SECONDS = 300, TEST_FAULT_EXIT = 99 };

void test_hook_pause(ar_pause_point point);
int test_hook_no_flock(void);
void test_hook_pace(int64_t iterations);
int64_t test_hook_until_hold(void);
int test_hook_boundary(int64_t iterations);
void test_hook_new_write(void);
int test_hook_fault(ar_fault_point point, MPI_Comm comm);
void test_hook_fault_exit(ar_fault_point point, MPI_Comm comm);

#endif
