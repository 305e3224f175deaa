/* ar_test_hook: test-only switches of the program, kept in this one place (issue #21 moves them
 * into a library of test hooks). Never set them in production.
 *
 *   ANTROUTE_TEST_PAUSE=POINT:FILE[:hold]  the first time the process reaches POINT it appends
 *       its PID to FILE (a line per process: the ranks of a run share FILE) and waits there until a
 * stop signal has arrived (ar_signal.h; not with :hold) or FILE.go exists (at most 600 s), so that
 * a test sends its signal at a known step instead of racing the clock. Points: "bound" (the first
 * ascent step of solve's lower bound), "prepared" (solve, after the lower bound, before the search
 * is set up), "output" (an HDF5 output's PATH.tmp has just been created: results, network files,
 * checkpoints). ANTROUTE_TEST_NO_FLOCK=1  the checkpoint folder's lock behaves as on a file system
 * without locks (the lock file alone decides; ckpt_lock.h). (ANTROUTE_TEST_PACE_MS, the engine's
 * pace per iteration, lives in src/engine/aco_pace.h.)
 */
#ifndef AR_TEST_HOOK_H
#define AR_TEST_HOOK_H

/* Pauses at `point` as ANTROUTE_TEST_PAUSE says (nothing when it names another point or is unset).
 * Never fails. */
void ar_test_pause(const char *point);

/* 1 when ANTROUTE_TEST_NO_FLOCK=1. */
int ar_test_no_flock(void);

#endif
