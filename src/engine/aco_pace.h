/* aco_pace: test-only brakes on the iteration loop (docs/testing.md, "Test-only switches").
 *
 * ANTROUTE_TEST_PACE_MS=N (N > 0) makes every iteration of the engine sleep N milliseconds (the
 * engine sleeps a segment's N ms per iteration after the segment's ants, before its boundary), so
 * that tests of time limits get runs of a known length whatever the machine's speed.
 *
 * ANTROUTE_TEST_HOLD=N:FILE holds the run in a state a test wants to catch it in: once this
 * process has run N iterations (the months of order routing counted one after the other), at the
 * boundary there (the engine makes one), after the boundary's hooks (so after its checkpoint),
 * the run creates FILE.held and waits until FILE exists or a stop signal has arrived
 * (ar_signal_received), at most AR_PACE_HOLD_SECONDS; then it goes on and never holds again. A
 * test waits for FILE.held, sends its signal (or kills, cancels, requeues) and then creates FILE:
 * the run cannot have ended before the signal, however fast or loaded the machine is.
 *
 * Neither changes the answer: they touch no state. Unset, empty or malformed: nothing happens.
 * Never fail.
 */
#ifndef AR_ACO_PACE_H
#define AR_ACO_PACE_H

#include <stdint.h>

enum { AR_PACE_HOLD_SECONDS = 300 };

/* The pause per iteration in seconds (0 when unset), read from the environment. */
double aco_pace_seconds(void);

/* Sleeps `seconds` (nothing when 0), resuming after signals until the time has passed. */
void aco_pace_sleep(double seconds);

/* At a boundary, after its hooks: counts the `iterations` of the segment just ended and holds
 * there when ANTROUTE_TEST_HOLD asks for it (see above). Returns 1 when it held: the engine then
 * ends its next segment after one iteration, so that a signal that ended the hold is acted on
 * there (a longer segment could be the run's last, and a run that reaches its end finishes). */
int aco_pace_boundary(int64_t iterations);

/* Iterations until the hold of ANTROUTE_TEST_HOLD (0: none to come): the engine puts a boundary
 * there, so that the run holds exactly after N iterations whatever its segments. */
int64_t aco_pace_until_hold(void);

#endif
