#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Signals from outside: SIGTERM sent to one rank stops all ranks after the same iteration with a
# checkpoint and status 75, and the run resumes from it; SIGUSR1 through mpirun likewise; one
# SIGINT checkpoints, two exit at once with 130; --max-hours and SLURM_JOB_END_TIME stop the run
# in time. Runs that are signalled hold after their first iteration (ANTROUTE_TEST_HOLD) until
# the signal has been taken: none can end before its signal, whatever the load.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
TOOL="$AR_BUILD_DIR/ckpt_tool"
[ -x "$TOOL" ] || { fail "ckpt_tool not built"; finish; }

# wait_pids DIR N: until N ranks have written their pid files (after installing their handlers).
wait_pids() { wait_until 120 "$2 ranks to start (pid files in $1)" eval "[ \$(ls '$1' | wc -l) -ge $2 ]"; }
# loop NAME NP args...: ckpt_tool loop in the background (job id in $job), output in $AR_TMP/NAME,
# held after its first iteration (ANTROUTE_TEST_HOLD) until NAME is released or signalled.
loop() {
  local name=$1 np=$2
  shift 2
  mkdir -p "$AR_TMP/p-$name"
  ANTROUTE_TEST_HOLD=$(hold_at 1 "$name") "$MPIEXEC" --oversubscribe --bind-to none -np "$np" \
    "$TOOL" loop "$AR_TMP/ck-$name" --pid-dir "$AR_TMP/p-$name" "$@" >"$AR_TMP/$name" 2>&1 &
  job=$!
  wait_pids "$AR_TMP/p-$name" "$np" && wait_file "$AR_TMP/$name.go.held"
}
pid_of() { cat "$AR_TMP/p-$1/pid.$2"; }

# 1. SIGTERM to rank 1 of 3 while the ranks hold after iteration 1: all stop after iteration 2.
loop term 3 --iterations 400 --sleep-ms 10 --per-epoch 1000
send_signal TERM "$(pid_of term 1)"
release term
wait $job
rc=$?
[ $rc -eq 75 ] && pass "SIGTERM to one rank: status 75" || fail "SIGTERM: status $rc: $(cat "$AR_TMP/term")"
stops=$(grep -c "stopped after iteration .*: SIGTERM" "$AR_TMP/term")
iters=$(grep "stopped after" "$AR_TMP/term" | sed 's/.*iteration \([0-9]*\).*/\1/' | sort -u)
[ "$stops" -eq 3 ] && [ "$(echo "$iters" | wc -l)" -eq 1 ] \
  && pass "all 3 ranks stopped after iteration $iters" || fail "ranks disagree: $(grep stopped "$AR_TMP/term")"
"$MPIEXEC" --oversubscribe --bind-to none -np 2 "$TOOL" loop "$AR_TMP/ck-term" --iterations $((iters + 3)) \
  --sleep-ms 1 --per-epoch 1000 >"$AR_TMP/term-b" 2>&1
grep -q "resumed at iteration $iters" "$AR_TMP/term-b" && grep -q "finished at iteration $((iters + 3))" "$AR_TMP/term-b" \
  && pass "resumed on 2 ranks at iteration $iters" || fail "resume: $(cat "$AR_TMP/term-b")"

# 2. SIGUSR1 to mpirun, which forwards it to every rank (each rank's hold ends on its signal).
loop usr1 2 --iterations 400 --sleep-ms 10 --per-epoch 1000
kill -USR1 $job
wait $job
rc=$?
[ $rc -eq 75 ] && [ "$(grep -c 'SIGUSR1' "$AR_TMP/usr1")" -ge 2 ] && [ -e "$AR_TMP/ck-usr1/ckpt-000001.h5" ] \
  && pass "SIGUSR1 through mpirun: checkpoint and status 75" || fail "SIGUSR1: status $rc: $(cat "$AR_TMP/usr1")"

# 3. One SIGINT: checkpoint and 75. Two: status 130 at once, no new checkpoint (the first
# iteration lasts 10 minutes: only the second signal can end it).
loop int1 1 --iterations 400 --sleep-ms 10
send_signal INT "$(pid_of int1 0)"
wait $job
rc=$?
[ $rc -eq 75 ] && grep -q "SIGINT" "$AR_TMP/int1" && pass "one SIGINT: checkpoint and status 75" \
  || fail "one SIGINT: status $rc: $(cat "$AR_TMP/int1")"
mkdir -p "$AR_TMP/p-int2"
timeout 300 "$TOOL" loop "$AR_TMP/ck-int2" --iterations 400 --sleep-ms 600000 --pid-dir "$AR_TMP/p-int2" \
  >"$AR_TMP/int2" 2>&1 &
job=$!
wait_pids "$AR_TMP/p-int2" 1
send_signal INT "$(pid_of int2 0)" # taken (not merged with the next one)
kill -INT "$(pid_of int2 0)"
wait $job
rc=$?
[ $rc -eq 130 ] && grep -q "second interrupt" "$AR_TMP/int2" && [ ! -e "$AR_TMP/ck-int2/ckpt-000001.h5" ] \
  && pass "two SIGINTs: status 130 at once" || fail "two SIGINTs: status $rc: $(cat "$AR_TMP/int2")"

# 4. --max-hours 0.0033 (11.9 s from the start of the process) with 100 ms iterations and a
# checkpoint every 5: stops in time (the margin is 2 x (longest iteration + longest checkpoint)
# + 1 s), with the checkpoint written before the deadline on every rank. The checkpoints before
# the stop measure what one takes on this machine now; without them the margin counts the stop's
# checkpoint at its size / 100 MB/s, and under load (tests/stress, a CPU hog per core) a run
# whose only checkpoint was the stop itself finished it 0.8 s after a 2.9 s deadline.
"$MPIEXEC" --oversubscribe --bind-to none -np 2 "$TOOL" loop "$AR_TMP/ck5" --iterations 1000 \
  --sleep-ms 100 --every 5 --max-hours 0.0033 >"$AR_TMP/o5" 2>&1
rc=$?
before=$(grep -o '[-0-9.]* s before the deadline' "$AR_TMP/o5" | sort -n | head -1 | cut -d' ' -f1)
[ $rc -eq 75 ] && grep -q "the --max-hours deadline" "$AR_TMP/o5" && ls "$AR_TMP"/ck5/ckpt-*.h5 >/dev/null \
  && [ -n "$before" ] && awk -v b="$before" 'BEGIN { exit !(b > 0) }' \
  && pass "--max-hours: checkpointed $before s before the deadline, status 75" \
  || fail "--max-hours: status $rc: $(cat "$AR_TMP/o5")"

# 5. SLURM_JOB_END_TIME 4 s from now.
SLURM_JOB_END_TIME=$(($(date +%s) + 4)) "$MPIEXEC" -x SLURM_JOB_END_TIME --oversubscribe --bind-to none \
  -np 2 "$TOOL" loop "$AR_TMP/ck6" --iterations 1000 --sleep-ms 100 >"$AR_TMP/o6" 2>&1
rc=$?
[ $rc -eq 75 ] && grep -q "the SLURM_JOB_END_TIME deadline" "$AR_TMP/o6" \
  && pass "SLURM_JOB_END_TIME: stopped with status 75" || fail "SLURM_JOB_END_TIME: status $rc: $(cat "$AR_TMP/o6")"
finish
