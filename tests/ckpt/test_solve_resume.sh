#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# antroute solve with checkpoints: exact continuation. An uninterrupted run and runs stopped and
# resumed (from checkpoints inside and at the end of epochs, on other layouts; after SIGTERM to
# one rank; after a kill before the rename or in the middle of a dataset; after SIGKILL at random
# moments; from a damaged newest checkpoint; after --max-hours) end with the identical best tour,
# cost and epoch records; --checkpoint-seconds writes inside an epoch on two ranks. Another seed's checkpoint (--resume FILE) is refused unless forced.
# CKPT_KILLS (default 8) sets the number of random SIGKILLs.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/att532.tsp" -o "$AR_TMP/a.h5" >/dev/null \
  || { fail "import att532"; finish; }
# Nearest-neighbour candidates (--alpha-steps 0): the continuation is what is checked, and each
# rank of the ~20 runs of parts 1-6 skips the Held-Karp ascent of alpha-nearness (0.2 CPU s on att532).
H=(--colonies 4 --ants 4 --iterations 100 --epoch-iterations 20 --seed 5 -q --local-search 2opt
  --new-edges 0 --alpha-steps 0)
DS="/best/tour /best/cost /best/colony /best/iteration /epochs/best /epochs/colony_best
  /epochs/iteration /trace/best /trace/iteration"
# answer FILE: a fingerprint of everything that must not depend on interruptions.
answer() {
  local d
  for d in $DS; do h5dump -d "$d" -y -w 0 -O /dev/null "$1" 2>/dev/null | md5sum | cut -c1-8; done \
    | tr '\n' ' '
}
run() { # run LAYOUT args...: RANKSxTHREADS
  local r=${1%x*} t=${1#*x}
  shift
  OMP_NUM_THREADS=$t timeout 300 "$MPIEXEC" --oversubscribe --bind-to none -np "$r" "$A" solve \
    "$AR_TMP/a.h5" "${H[@]}" "$@"
}
# with OPTION VALUE command...: the command with H's OPTION set to VALUE (an option may be given
# only once: a second --seed is a usage error).
with() {
  local o=$1 v=$2 i rc
  shift 2
  local saved=("${H[@]}")
  for i in "${!H[@]}"; do [ "${H[$i]}" = "$o" ] && H[$((i + 1))]=$v; done
  "$@"
  rc=$?
  H=("${saved[@]}")
  return $rc
}
# ranks DIR: the pids of the antroute processes (not mpirun) of a run using DIR.
ranks() {
  local p
  for p in $(pgrep -x antroute); do
    tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | grep -q -- "$1" && echo "$p"
  done
}
same() { # same WHAT FILE
  local got
  got=$(answer "$2")
  [ -n "$got" ] && [ "$got" = "$REF" ] && pass "$1: identical answer" \
    || fail "$1: answer differs ($got vs $REF)"
}

run 1x2 -o "$AR_TMP/ref.h5" >/dev/null 2>&1 || fail "reference run"
REF=$(answer "$AR_TMP/ref.h5")
echo "reference: $(h5dump -d /best/cost -y -O /dev/null "$AR_TMP/ref.h5" | tr -d ' \n')  $REF"

# 1. Checkpointing does not change the answer; resuming from any checkpoint on other layouts.
C="$AR_TMP/ck"
run 4x1 -o "$AR_TMP/c.h5" --checkpoint-dir "$C" --checkpoint-every 13 --keep 100 >/dev/null 2>&1
same "4x1 with a checkpoint every 13 iterations" "$AR_TMP/c.h5"
n=$(ls "$C" | grep -c '\.h5$')
[ "$n" -eq 12 ] && pass "$n checkpoints (every 13 iterations and every epoch end)" || fail "$n checkpoints: $(ls "$C")"
for f in ckpt-000002.h5 ckpt-000006.h5; do # iteration 20 (epoch end), 52 (inside an epoch)
  for lay in 1x2 2x2 3x1; do
    run "$lay" -o "$AR_TMP/r.h5" --resume "$C/$f" >/dev/null 2>"$AR_TMP/err"
    same "resume $f (iteration $(h5dump -a /iteration -y -O /dev/null "$C/$f" | tr -d ' \n')) on $lay" "$AR_TMP/r.h5"
  done
done
[ "$(ls "$C" | grep -c '\.h5$')" -eq 12 ] && pass "--resume FILE writes no checkpoint" || fail "--resume FILE wrote"

# 2. SIGTERM to one rank of two: both stop after the same iteration, checkpoint, status 75. The
# run holds after iteration 10 (ANTROUTE_TEST_HOLD, the answer unchanged) until the signal has
# been taken, so it cannot end before it, however fast or loaded the machine is.
D="$AR_TMP/sig"
ANTROUTE_TEST_HOLD=$(hold_at 10 sig) run 2x1 -o "$AR_TMP/s.h5" --checkpoint-dir "$D" \
  --checkpoint-every 5 >"$AR_TMP/o" 2>&1 &
job=$!
wait_file "$AR_TMP/sig.go.held" && send_signal TERM "$(ranks "$D" | tail -1)"
release sig
wait $job
rc=$?
[ $rc -eq 75 ] && grep -q "stopped by SIGTERM after iteration" "$AR_TMP/o" && [ ! -e "$AR_TMP/s.h5" ] \
  && pass "SIGTERM: $(grep -o 'stopped by SIGTERM after iteration [0-9]*' "$AR_TMP/o"), status 75, no results yet" \
  || fail "SIGTERM: status $rc: $(cat "$AR_TMP/o")"
run 1x2 -o "$AR_TMP/s.h5" --checkpoint-dir "$D" --resume auto >/dev/null 2>&1
same "resumed after SIGTERM on 1x2" "$AR_TMP/s.h5"

# 3. Killed before the rename of its 3rd checkpoint, then in the middle of a dataset.
D="$AR_TMP/fault"
ANTROUTE_FAULT=ckpt-before-rename:3 run 2x1 -o "$AR_TMP/f.h5" --checkpoint-dir "$D" --checkpoint-every 9 \
  >/dev/null 2>&1
rc=$?
[ $rc -eq 99 ] && pass "killed before renaming its 3rd checkpoint" || fail "before-rename: status $rc"
ANTROUTE_FAULT=ckpt-mid-dataset:2 run 2x2 -o "$AR_TMP/f.h5" --checkpoint-dir "$D" --checkpoint-every 9 \
  --resume auto >/dev/null 2>&1
rc=$?
[ $rc -eq 99 ] && pass "killed in the middle of a dataset" || fail "mid-dataset: status $rc"
run 3x1 -o "$AR_TMP/f.h5" --checkpoint-dir "$D" --checkpoint-every 9 --resume auto >/dev/null 2>"$AR_TMP/err"
same "resumed after both faults on 3x1" "$AR_TMP/f.h5"

# 4. A damaged newest checkpoint: reported, the previous one used, the same answer.
D="$AR_TMP/dmg"
with --iterations 50 run 2x1 -o "$AR_TMP/d.h5" --checkpoint-dir "$D" --checkpoint-every 10 >/dev/null 2>&1
newest=$(ls "$D"/ckpt-*.h5 | tail -1)
printf 'XXXX' | dd of="$newest" bs=1 seek=$(( $(stat -c %s "$newest") / 2 )) conv=notrunc status=none
run 2x1 -o "$AR_TMP/d.h5" --checkpoint-dir "$D" --checkpoint-every 10 --resume auto >/dev/null 2>"$AR_TMP/err"
grep -q "damaged checkpoint: .*$(basename "$newest")" "$AR_TMP/err" \
  && pass "damage reported: $(head -1 "$AR_TMP/err" | cut -c1-150)" || fail "damage not reported: $(cat "$AR_TMP/err")"
same "resumed from the previous checkpoint" "$AR_TMP/d.h5"

# 5. Another seed: --resume FILE refuses it with the difference named (status 3); forced: runs.
# (--resume auto passes over another run's checkpoints: tests/ckpt/test_ckpt_shared.sh.)
expect_error 3 "seed = 6 in this run, 5 in the checkpoint" - -- \
  with --seed 6 run 1x1 -o "$AR_TMP/x.h5" --resume "$C/ckpt-000002.h5"
with --seed 6 run 1x1 -o "$AR_TMP/x.h5" --resume "$C/ckpt-000002.h5" --resume-force >/dev/null 2>"$AR_TMP/err" \
  && grep -q "warning: --resume-force" "$AR_TMP/err" && pass "--resume-force continues with a warning" \
  || fail "--resume-force: $(cat "$AR_TMP/err")"

# 6. --max-hours (1.1 s): stops in time with status 75; the resumed run ends with the same answer.
# Paced (50 ms an iteration: 5 s in all), so that the run outlasts the deadline on any machine.
D="$AR_TMP/maxh"
ANTROUTE_TEST_PACE_MS=50 run 2x1 -o "$AR_TMP/m.h5" --checkpoint-dir "$D" --max-hours 0.0003 \
  >/dev/null 2>"$AR_TMP/err"
rc=$?
[ $rc -eq 75 ] && grep -q "the --max-hours deadline" "$AR_TMP/err" && pass "--max-hours: status 75" \
  || fail "--max-hours: status $rc: $(cat "$AR_TMP/err")"
run 1x2 -o "$AR_TMP/m.h5" --checkpoint-dir "$D" --resume auto >/dev/null 2>&1
same "resumed after --max-hours" "$AR_TMP/m.h5"

# 6b. --checkpoint-seconds 1 on two ranks, one epoch of 100 iterations paced at 40 ms (4 s at
# least, longer under load): checkpoints inside the epoch are written where a look asked for one
# (rank 0's clock; ranks that plan a segment ahead call the session's boundary only where a look
# found something, docs/parallel.md "Boundaries and stopping"): at least one before the final.
D="$AR_TMP/secs"
ANTROUTE_TEST_PACE_MS=40 with --epoch-iterations 100 run 2x1 -o "$AR_TMP/c.h5" --checkpoint-dir "$D" \
  --checkpoint-seconds 1 >/dev/null 2>"$AR_TMP/err" || fail "--checkpoint-seconds 1: $(cat "$AR_TMP/err")"
last=$(ls "$D" | sed -n 's/^ckpt-0*\([0-9][0-9]*\)\.h5$/\1/p' | sort -n | tail -1)
[ "${last:-0}" -ge 2 ] && pass "--checkpoint-seconds 1 on two ranks: $last checkpoints in one epoch" ||
  fail "--checkpoint-seconds 1 on two ranks: ${last:-no} checkpoints ($(ls "$D"))"

# 7. SIGKILL at random moments (some while a checkpoint is being written), each time resumed,
# on a longer run (its own reference) so that every kill lands inside the search.
# (Alpha-nearness here: its set-up keeps the kill window as it was measured.)
H=(--colonies 4 --ants 4 --iterations 200 --epoch-iterations 20 --seed 5 -q --local-search 2opt
  --new-edges 0)
run 1x2 -o "$AR_TMP/ref200.h5" >/dev/null 2>&1 || fail "reference run (200 iterations)"
REF=$(answer "$AR_TMP/ref200.h5")
D="$AR_TMP/kill"
kills=${CKPT_KILLS:-8}
RANDOM=7
at=""
finished=""
for i in $(seq "$kills"); do
  run 2x1 -o "$AR_TMP/k.h5" --checkpoint-dir "$D" --checkpoint-every 3 --resume auto >/dev/null 2>&1 &
  job=$!
  # Until the ranks run, then a random 0.05 to 0.65 s.
  wait_until 120 "the ranks of run $i" eval '[ -n "$(ranks "$D")" ] || ! kill -0 $job 2>/dev/null'
  sleep "0.$(printf '%02d' $((RANDOM % 60 + 5)))"
  kill -KILL $(ranks "$D") 2>/dev/null
  # A resumed run close to the end may finish inside the random sleep: then it is done. It may
  # also be killed after committing its results (they appear only complete, by a rename), while
  # MPI shuts down: done too, and its answer is checked below.
  if wait $job 2>/dev/null || [ -e "$AR_TMP/k.h5" ]; then
    finished=$i
    break
  fi
  at="$at $(ls "$D" | grep -c tmp)/$(h5dump -a /iteration -y -O /dev/null "$(ls "$D"/ckpt-*.h5 2>/dev/null | tail -1)" 2>/dev/null | tr -d ' \n')"
done
echo "after each kill, .tmp files/iteration of the newest checkpoint:$at"
if [ -n "${finished:-}" ]; then
  echo "the run finished before kill $finished"
  same "finished after $((finished - 1)) SIGKILLs" "$AR_TMP/k.h5"
fi
run 2x2 -o "$AR_TMP/k.h5" --checkpoint-dir "$D" --checkpoint-every 3 --resume auto >/dev/null 2>&1
same "$kills SIGKILLs, then resumed on 2x2" "$AR_TMP/k.h5"
finish
