#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# antroute solve on supply-chain networks, stopped and resumed, ends with the plan and totals of
# an uninterrupted run (docs/checkpoint.md): on the shipped data (one month) and on a generated
# two-month network; SIGTERM to the ranks (exit 75) then --resume auto on another layout (2x1 ->
# 1x2), a stop in the second month (the first month's plan comes from the checkpoint), SIGKILLs
# at random moments, --max-hours and SLURM_JOB_END_TIME, a damaged newest checkpoint skipped, a
# checkpoint of another seed refused.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
"$A" import supply-chain "$AR_SOURCE_DIR/inputs/supply_chain" -o "$AR_TMP/real.h5" >/dev/null 2>&1 \
  || { fail "import the shipped data"; finish; }
"$A" import synthetic --kind supply-chain --orders 2000 --months 2 --plants 10 --ports 6 --seed 3 \
  -o "$AR_TMP/syn.h5" >/dev/null 2>&1 || { fail "generate a two-month network"; finish; }

run() { # run LAYOUT NET args...: RANKSxTHREADS
  local r=${1%x*} t=${1#*x} net=$2
  shift 2
  OMP_NUM_THREADS=$t timeout 300 "$MPIEXEC" --oversubscribe --bind-to none -np "$r" "$A" solve \
    "$net" "${H[@]}" "$@"
}
# ranks DIR: the pids of the antroute processes (not mpirun) of a run using DIR.
ranks() {
  local p
  for p in $(pgrep -x antroute); do
    tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | grep -q -- "$1" && echo "$p"
  done
}
# answer FILE: the plan as CSV and /totals and /plan at full precision.
answer() {
  "$A" export "$1" --csv "$1.csv" >/dev/null 2>&1 || return 1
  md5sum <"$1.csv" | cut -c1-32
  h5dump -m %.17g -g /totals "$1" 2>/dev/null | tail -n +2 | md5sum | cut -c1-32
  h5dump -m %.17g -g /plan "$1" 2>/dev/null | tail -n +2 | md5sum | cut -c1-32
}
same() { # same WHAT FILE
  local got
  got=$(answer "$2" | tr '\n' ' ')
  [ -n "$got" ] && [ "$got" = "$REF" ] && pass "$1: identical plan and totals" \
    || fail "$1: answer differs ($got vs $REF)"
}
newest() { ls "$1"/ckpt-*.h5 2>/dev/null | tail -1; }
attr() { h5dump -a "/$1" -y "$2" 2>/dev/null | sed -n 's/^ *\([0-9-][0-9]*\) *$/\1/p' | head -1; }
# The SIGTERM runs hold (ANTROUTE_TEST_HOLD) after the first checkpoint of the month they are to
# be stopped in (iteration 5 of it: 30 iterations a month) until the ranks have taken the signal.
for net in real syn; do
  N="$AR_TMP/$net.h5"
  H=(--colonies 2 --iterations 30 --epoch-iterations 10 --seed 5)
  run 1x1 "$N" -o "$AR_TMP/$net-ref.h5" -q >/dev/null 2>&1 || fail "$net: reference run"
  REF=$(answer "$AR_TMP/$net-ref.h5" | tr '\n' ' ')
  [ -n "$REF" ] || fail "$net: no reference answer"
  months=1
  [ $net = syn ] && months="0 1"
  for m in $months; do
    D="$AR_TMP/$net-t$m"
    [ $net = real ] && m=0
    ANTROUTE_TEST_HOLD=$(hold_at $((30 * m + 5)) "$net-t$m") run 2x1 "$N" -o "$AR_TMP/$net-t$m.h5" \
      --checkpoint-dir "$D" --checkpoint-every 5 -q >"$AR_TMP/t.log" 2>&1 &
    job=$!
    # shellcheck disable=SC2046
    wait_file "$AR_TMP/$net-t$m.go.held" && send_signal TERM $(ranks "$D")
    release "$net-t$m"
    wait $job
    rc=$?
    f=$(newest "$D")
    [ $rc -eq 75 ] && [ ! -e "$AR_TMP/$net-t$m.h5" ] && [ "$(attr supply_month "$f")" = "$m" ] \
      && pass "$net: SIGTERM in month $m -> 75, checkpoint of month $m" \
      || fail "$net: SIGTERM in month $m: status $rc, month $(attr supply_month "$f"), $(tail -c 300 "$AR_TMP/t.log")"
    at=$(attr iteration "$f")
    run 1x2 "$N" -o "$AR_TMP/$net-t$m.h5" --checkpoint-dir "$D" --checkpoint-every 5 \
      --resume auto >"$AR_TMP/r.log" 2>&1 || fail "$net: resume: $(tail -c 300 "$AR_TMP/r.log")"
    grep -q "resumed from" "$AR_TMP/r.log" || fail "$net: the resumed run did not say so"
    same "$net: stopped in month $m at iteration $at on 2x1, resumed on 1x2" "$AR_TMP/$net-t$m.h5"
  done
done

# The newest checkpoint damaged in an engine dataset: moved aside, the previous one used.
H=(--colonies 2 --iterations 30 --epoch-iterations 10 --seed 5)
D="$AR_TMP/syn-t1"
f=$(newest "$D")
printf 'XXXXXXXX' | dd of="$f" bs=1 seek=$(($(stat -c %s "$f") / 2)) conv=notrunc 2>/dev/null
run 1x1 "$AR_TMP/syn.h5" -o "$AR_TMP/dmg.h5" --checkpoint-dir "$D" --resume auto -q \
  >"$AR_TMP/d.log" 2>&1 || fail "resume past a damaged checkpoint: $(tail -c 300 "$AR_TMP/d.log")"
grep -q "damaged checkpoint.*moved to" "$AR_TMP/d.log" && [ -e "$f.damaged" ] \
  && pass "damaged newest checkpoint reported and moved aside" || fail "damage not reported"
same "resumed from the previous checkpoint" "$AR_TMP/dmg.h5"

# A deadline (--max-hours, then SLURM_JOB_END_TIME) checkpoints and exits 75; then resumed.
# Paced (100 ms an iteration, 6 s in all): the runs outlast their deadlines on any machine.
D="$AR_TMP/deadline"
export ANTROUTE_TEST_PACE_MS=100
run 1x1 "$AR_TMP/syn.h5" -o "$AR_TMP/dl.h5" --checkpoint-dir "$D" --max-hours 0.0003 -q \
  >"$AR_TMP/dl.log" 2>&1
rc=$?
[ $rc -eq 75 ] && grep -q "max-hours" "$AR_TMP/dl.log" && pass "--max-hours -> 75" \
  || fail "--max-hours: status $rc, $(tail -c 300 "$AR_TMP/dl.log")"
SLURM_JOB_END_TIME=$(($(date +%s) + 2)) run 1x1 "$AR_TMP/syn.h5" -o "$AR_TMP/dl.h5" \
  --checkpoint-dir "$D" --resume auto -q >"$AR_TMP/dl.log" 2>&1
rc=$?
[ $rc -eq 75 ] && grep -q "SLURM_JOB_END_TIME" "$AR_TMP/dl.log" && pass "SLURM_JOB_END_TIME -> 75" \
  || fail "SLURM_JOB_END_TIME: status $rc, $(tail -c 300 "$AR_TMP/dl.log")"
unset ANTROUTE_TEST_PACE_MS
run 1x1 "$AR_TMP/syn.h5" -o "$AR_TMP/dl.h5" --checkpoint-dir "$D" --resume auto -q >/dev/null 2>&1 \
  || fail "resume after the deadlines"
same "resumed after the deadlines" "$AR_TMP/dl.h5"

# SIGKILLs at random moments (some during a checkpoint), each time resumed, on the two months.
N="$AR_TMP/syn.h5"
REF=$(answer "$AR_TMP/syn-ref.h5" | tr '\n' ' ')
D="$AR_TMP/kill"
RANDOM=11
at=""
for _ in $(seq "${CKPT_KILLS:-4}"); do
  run 1x1 "$N" -o "$AR_TMP/k.h5" --checkpoint-dir "$D" --checkpoint-every 2 --resume auto -q \
    >/dev/null 2>&1 &
  job=$!
  wait_until 120 "the ranks of a run" eval '[ -n "$(ranks "$D")" ] || ! kill -0 $job 2>/dev/null'
  r=$((RANDOM % 120 + 20))
  sleep "$((r / 100)).$(printf '%02d' $((r % 100)))"
  kill -KILL $(ranks "$D") 2>/dev/null
  wait $job 2>/dev/null
  f=$(newest "$D")
  at="$at $(attr supply_month "$f")/$(attr iteration "$f")"
done
echo "after each kill, month/iteration of the newest checkpoint:$at"
run 1x1 "$N" -o "$AR_TMP/k.h5" --checkpoint-dir "$D" --checkpoint-every 2 --resume auto -q \
  >/dev/null 2>&1 || fail "resume after the kills"
same "${CKPT_KILLS:-4} SIGKILLs, then resumed" "$AR_TMP/k.h5"

# A checkpoint of another search is refused (--resume FILE), as for tours.
H=(--colonies 2 --iterations 30 --epoch-iterations 10 --seed 6 -q)
expect_error 3 "search parameters differ: seed" "$AR_TMP/x.h5" -- \
  run 1x1 "$N" -o "$AR_TMP/x.h5" --resume "$(ls "$AR_TMP"/syn-t1/ckpt-*.h5 | tail -1)"
finish
