#!/usr/bin/env bash
# Signals from outside: SIGTERM sent to one rank stops all ranks after the same iteration with a
# checkpoint and status 75, and the run resumes from it; SIGUSR1 through mpirun likewise; one
# SIGINT checkpoints, two exit at once with 130; --max-hours and SLURM_JOB_END_TIME stop the run
# in time.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
TOOL="$AR_BUILD_DIR/ckpt_tool"
[ -x "$TOOL" ] || { fail "ckpt_tool not built"; finish; }

# wait_pids DIR N: until N pid files exist (10 s at most).
wait_pids() {
  for _ in $(seq 100); do
    [ "$(ls "$1" 2>/dev/null | wc -l)" -ge "$2" ] && return 0
    sleep 0.1
  done
  return 1
}

# 1. SIGTERM to rank 1 of 3.
P="$AR_TMP/p1"; mkdir -p "$P"
"$MPIEXEC" --oversubscribe --bind-to none -np 3 "$TOOL" loop "$AR_TMP/ck1" --iterations 400 \
  --sleep-ms 40 --pid-dir "$P" --per-month 1000 >"$AR_TMP/o1" 2>&1 &
job=$!
wait_pids "$P" 3 || fail "ranks did not start"
sleep 0.5
kill -TERM "$(cat "$P/pid.1")"
wait $job
rc=$?
[ $rc -eq 75 ] && pass "SIGTERM to one rank: status 75" || fail "SIGTERM: status $rc: $(cat "$AR_TMP/o1")"
stops=$(grep -c "stopped after iteration .*: SIGTERM" "$AR_TMP/o1")
iters=$(grep "stopped after" "$AR_TMP/o1" | sed 's/.*iteration \([0-9]*\).*/\1/' | sort -u)
[ "$stops" -eq 3 ] && [ "$(echo "$iters" | wc -l)" -eq 1 ] \
  && pass "all 3 ranks stopped after iteration $iters" || fail "ranks disagree: $(grep stopped "$AR_TMP/o1")"
"$MPIEXEC" --oversubscribe --bind-to none -np 2 "$TOOL" loop "$AR_TMP/ck1" --iterations $((iters + 3)) \
  --sleep-ms 1 --per-month 1000 >"$AR_TMP/o1b" 2>&1
grep -q "resumed at iteration $iters" "$AR_TMP/o1b" && grep -q "finished at iteration $((iters + 3))" "$AR_TMP/o1b" \
  && pass "resumed on 2 ranks at iteration $iters" || fail "resume: $(cat "$AR_TMP/o1b")"

# 2. SIGUSR1 to mpirun, which forwards it to every rank.
P="$AR_TMP/p2"; mkdir -p "$P"
"$MPIEXEC" --oversubscribe --bind-to none -np 2 "$TOOL" loop "$AR_TMP/ck2" --iterations 400 \
  --sleep-ms 40 --pid-dir "$P" --per-month 1000 >"$AR_TMP/o2" 2>&1 &
job=$!
wait_pids "$P" 2 || fail "ranks did not start"
sleep 0.3
kill -USR1 $job
wait $job
rc=$?
[ $rc -eq 75 ] && [ "$(grep -c 'SIGUSR1' "$AR_TMP/o2")" -ge 2 ] && [ -e "$AR_TMP/ck2/ckpt-000001.h5" ] \
  && pass "SIGUSR1 through mpirun: checkpoint and status 75" || fail "SIGUSR1: status $rc: $(cat "$AR_TMP/o2")"

# 3. One SIGINT: checkpoint and 75. Two: status 130 at once, no new checkpoint.
P="$AR_TMP/p3"; mkdir -p "$P"
"$TOOL" loop "$AR_TMP/ck3" --iterations 400 --sleep-ms 40 --pid-dir "$P" >"$AR_TMP/o3" 2>&1 &
job=$!
wait_pids "$P" 1 || fail "did not start"
sleep 0.3
kill -INT "$(cat "$P/pid.0")"
wait $job
rc=$?
[ $rc -eq 75 ] && grep -q "SIGINT" "$AR_TMP/o3" && pass "one SIGINT: checkpoint and status 75" \
  || fail "one SIGINT: status $rc: $(cat "$AR_TMP/o3")"
P="$AR_TMP/p4"; mkdir -p "$P"
"$TOOL" loop "$AR_TMP/ck4" --iterations 400 --sleep-ms 3000 --pid-dir "$P" >"$AR_TMP/o4" 2>&1 &
job=$!
wait_pids "$P" 1 || fail "did not start"
sleep 0.5
pid=$(cat "$P/pid.0")
kill -INT "$pid"
sleep 0.1 # two signals sent at once may merge into one
kill -INT "$pid"
wait $job
rc=$?
[ $rc -eq 130 ] && grep -q "second interrupt" "$AR_TMP/o4" && [ ! -e "$AR_TMP/ck4/ckpt-000001.h5" ] \
  && pass "two SIGINTs: status 130 at once" || fail "two SIGINTs: status $rc: $(cat "$AR_TMP/o4")"

# 4. --max-hours 0.0008 (2.9 s from the start of the process) with 100 ms iterations: stops in
# time (the margin is 2 x (iteration + checkpoint) + 1 s), with the checkpoint written before
# the deadline on every rank.
"$MPIEXEC" --oversubscribe --bind-to none -np 2 "$TOOL" loop "$AR_TMP/ck5" --iterations 1000 \
  --sleep-ms 100 --max-hours 0.0008 >"$AR_TMP/o5" 2>&1
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
