/* aco_pace: a test-only brake on the iteration loop.
 *
 * ANTROUTE_TEST_PACE_MS=N (N > 0) makes every iteration of the engine sleep N milliseconds (the
 * engine sleeps a segment's N ms per iteration after the segment's ants, before its boundary), so
 * that tests of time limits, signals and faults get runs of a known length whatever the machine's
 * speed (docs/testing.md). The answer does not change: the sleep touches no state. Unset, empty or
 * not a positive number: no sleep. Never fails.
 */
#ifndef AR_ACO_PACE_H
#define AR_ACO_PACE_H

/* The pause per iteration in seconds (0 when unset), read from the environment. */
double aco_pace_seconds(void);

/* Sleeps `seconds` (nothing when 0), resuming after signals until the time has passed. */
void aco_pace_sleep(double seconds);

#endif
