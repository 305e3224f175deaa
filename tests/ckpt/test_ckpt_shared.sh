#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A checkpoint folder belongs to one run at a time (issue #20, docs/checkpoint.md "One run per
# folder"): two real concurrent runs on one folder (the second stops at once with status 2 naming
# the holder, the first is unaffected); runs of another identity one after the other (--resume
# auto passes over the other run's checkpoints with a note; rotation and .tmp clean-up touch only
# the run's own files); the lock file alone on a file system without locks (stale holders taken
# over, live ones refused). No step waits on the clock: the first run is held at a pause point
# (ANTROUTE_TEST_PAUSE, released by a file) while the second one tries.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
cd "$AR_TMP" || exit 1
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o net.h5 >/dev/null ||
  { fail "import berlin52"; finish; }
H=(--colonies 2 --ants 4 --epoch-iterations 10 --local-search 2opt)
C=(--checkpoint-every 10) # with --checkpoint-dir
host=$(hostname)

# held NAME: the pause file of a run held at the point "prepared" until NAME.go exists.
held() { echo "ANTROUTE_TEST_PAUSE=prepared:$AR_TMP/$1:hold"; }
answer() { h5dump -d /best/tour -d /best/cost -y -w 0 -O /dev/null "$1" 2>/dev/null | md5sum; }

# 1. Two concurrent runs on one folder: the second stops at once naming the holder; the first
# goes on and ends with the answer of a run without checkpoints.
"$A" solve net.h5 -o ref1.h5 "${H[@]}" --iterations 60 --seed 1 >/dev/null 2>&1 || fail "reference"
env "$(held p1)" "$A" solve net.h5 -o r1.h5 "${H[@]}" --iterations 60 --seed 1 "${C[@]}" \
  --checkpoint-dir ck --resume auto >run1.out 2>&1 &
p1=$!
wait_until 120 "the first run to hold the folder" grep -q "pid=$p1 " ck/antroute.lock &&
  wait_until 120 "the first run's pause" test -e p1
expect_error 2 "checkpoint folder ck is in use by another run \(host $host, PID $p1, since [0-9T:-]+Z\)" \
  r2.h5 -- "$A" solve net.h5 -o r2.h5 "${H[@]}" --iterations 60 --seed 1 --checkpoint-dir ck --resume auto
grep -q "two runs on one folder would remove each other's checkpoints" "$AR_TMP/last.log" &&
  pass "the refusal says why" || fail "refusal: $(cat "$AR_TMP/last.log")"
# The same with another identity (the run it would have disturbed most).
expect_error 2 "in use by another run \(host $host, PID $p1" - -- \
  "$A" solve net.h5 -o r3.h5 "${H[@]}" --iterations 60 --seed 2 --checkpoint-dir ck
touch p1.go
wait "$p1"
rc=$?
[ "$rc" -eq 0 ] && pass "the first run finished (status 0)" || fail "first run: status $rc: $(cat run1.out)"
[ "$(answer r1.h5)" = "$(answer ref1.h5)" ] && pass "the first run's answer is untouched" ||
  fail "first run's answer differs"
[ "$(ls ck | grep -c '^ckpt-.*\.h5$')" -eq 2 ] && pass "its --keep 2 checkpoints are there" ||
  fail "checkpoints: $(ls ck)"
[ ! -s ck/antroute.lock ] && pass "the lock file is empty after the run" || fail "lock: $(cat ck/antroute.lock)"

# 2. Another run (seed 2) in the same folder, later: --resume auto passes over seed 1's
# checkpoints with a note and starts from the beginning; its --keep 1 rotation leaves them.
before=$(cd ck && md5sum ckpt-*.h5)
"$A" solve net.h5 -o s2.h5 "${H[@]}" --iterations 30 --seed 2 --checkpoint-dir ck --resume auto \
  --keep 1 >/dev/null 2>s2.err && pass "seed 2 runs in seed 1's folder" || fail "seed 2: $(cat s2.err)"
grep -q "note: passing over ck/ckpt-000006.h5 was made by another run: search parameters differ: seed = 2 in this run, 1 in the checkpoint; it is left alone" s2.err &&
  pass "--resume auto passes over another run's checkpoint with a note" || fail "note: $(cat s2.err)"
grep -q "no valid checkpoint of this run in ck: starting from the beginning" s2.err &&
  pass "and starts from the beginning" || fail "start: $(cat s2.err)"
[ "$(cd ck && md5sum $(echo "$before" | awk '{print $2}'))" = "$before" ] &&
  pass "seed 1's checkpoints are left alone by seed 2's rotation" || fail "seed 1's files changed: $(ls ck)"
[ "$(ls ck | grep -c '^ckpt-.*\.h5$')" -eq 3 ] && pass "seed 2 keeps one of its own" || fail "after seed 2: $(ls ck)"

# 3. Seed 1 again: it passes over seed 2's newer checkpoint and resumes from its own newest.
"$A" solve net.h5 -o r1b.h5 "${H[@]}" --iterations 80 --seed 1 --checkpoint-dir ck --resume auto \
  >r1b.out 2>r1b.err
grep -q "passing over ck/ckpt-000009.h5 was made by another run" r1b.err &&
  grep -q "resumed from ck/ckpt-000006.h5: iteration 60" r1b.out &&
  pass "seed 1 resumes from its own checkpoint past seed 2's" || fail "seed 1 again: $(cat r1b.out r1b.err)"
"$A" solve net.h5 -o ref1b.h5 "${H[@]}" --iterations 80 --seed 1 >/dev/null 2>&1
[ "$(answer r1b.h5)" = "$(answer ref1b.h5)" ] && pass "... to the uninterrupted answer" ||
  fail "seed 1 resumed: answer differs"

# 4. Leftover .tmp files: a run's clean-up removes its own (named by its id), never another
# run's, nor an old one without an id that cannot be read.
printf 'not a checkpoint' >ck/ckpt-000098.h5.tmp
printf 'not a checkpoint' >ck/ckpt-000099.h5.deadbeef.tmp
ANTROUTE_FAULT=ckpt-before-rename "$A" solve net.h5 -o f.h5 "${H[@]}" --iterations 90 --seed 1 \
  --checkpoint-dir ck --resume auto >/dev/null 2>&1
own=$(ls ck | grep -E '^ckpt-000100\.h5\.[0-9a-f]{8}\.tmp$')
[ -n "$own" ] && pass "a write killed before its rename leaves its own .tmp ($own)" || fail "no own .tmp: $(ls ck)"
"$A" solve net.h5 -o f.h5 "${H[@]}" --iterations 90 --seed 1 --checkpoint-dir ck --resume auto \
  >/dev/null 2>f.err || fail "resume after the fault: $(cat f.err)"
[ ! -e "ck/$own" ] && [ -e ck/ckpt-000098.h5.tmp ] && [ -e ck/ckpt-000099.h5.deadbeef.tmp ] &&
  pass "the next write of that run removes its own .tmp only" || fail "after clean-up: $(ls ck)"

# 5. A file system without locks (ANTROUTE_TEST_NO_FLOCK=1): the lock file alone decides.
export ANTROUTE_TEST_NO_FLOCK=1
mkdir -p nl
sleep 0 &
dead=$!
wait "$dead"
printf 'host=%s pid=%s job=- since=2026-01-01T00:00:00Z\n' "$host" "$dead" >nl/antroute.lock
"$A" solve net.h5 -o n1.h5 "${H[@]}" --iterations 20 --seed 1 --checkpoint-dir nl >/dev/null 2>n1.err &&
  grep -q "taking over the stale lock of nl (host $host, PID $dead, job -, since 2026-01-01T00:00:00Z): its process runs no more" n1.err &&
  pass "no locks: a dead holder on this host is taken over with a note" || fail "dead holder: $(cat n1.err)"
printf 'host=%s pid=%s job=- since=2026-01-01T00:00:00Z\n' "$host" "$$" >nl/antroute.lock
expect_error 2 "checkpoint folder nl is in use by another run \(host $host, PID $$" - -- \
  "$A" solve net.h5 -o n2.h5 "${H[@]}" --iterations 20 --seed 1 --checkpoint-dir nl
printf 'host=elsewhere pid=1 job=- since=2026-01-01T00:00:00Z\n' >nl/antroute.lock
expect_error 2 "in use by another run \(host elsewhere, PID 1" - -- \
  "$A" solve net.h5 -o n2.h5 "${H[@]}" --iterations 20 --seed 1 --checkpoint-dir nl
touch -d '2 hours ago' nl/antroute.lock
"$A" solve net.h5 -o n3.h5 "${H[@]}" --iterations 20 --seed 1 --checkpoint-dir nl >/dev/null 2>n3.err &&
  grep -q "it was not refreshed for an hour" n3.err &&
  pass "no locks: another host's holder silent for hours is taken over" || fail "old holder: $(cat n3.err)"
printf 'host=elsewhere pid=1 job=4242 since=2026-01-01T00:00:00Z\n' >nl/antroute.lock
SLURM_JOB_ID=4242 "$A" solve net.h5 -o n4.h5 "${H[@]}" --iterations 20 --seed 1 --checkpoint-dir nl \
  >/dev/null 2>n4.err && grep -q "an earlier run of this Slurm job (requeued)" n4.err &&
  pass "no locks: an earlier incarnation of this Slurm job is taken over (requeue)" ||
  fail "requeue: $(cat n4.err)"
# Two concurrent runs without locks: the live holder refuses the second.
env "$(held p5)" "$A" solve net.h5 -o n5.h5 "${H[@]}" --iterations 20 --seed 1 --checkpoint-dir nl \
  >/dev/null 2>&1 &
p5=$!
wait_until 120 "the held run without locks" grep -q "pid=$p5 " nl/antroute.lock && wait_until 120 "its pause" test -e p5
expect_error 2 "checkpoint folder nl is in use by another run \(host $host, PID $p5" n6.h5 -- \
  "$A" solve net.h5 -o n6.h5 "${H[@]}" --iterations 20 --seed 1 --checkpoint-dir nl
touch p5.go
wait "$p5" && pass "no locks: the holder finishes" || fail "held run without locks failed"
unset ANTROUTE_TEST_NO_FLOCK

# 6. A holder killed by SIGKILL leaves its line; the kernel released the lock: the next run goes.
env "$(held p7)" "$A" solve net.h5 -o k.h5 "${H[@]}" --iterations 20 --seed 1 --checkpoint-dir kk \
  >/dev/null 2>&1 &
p7=$!
wait_until 120 "the run to be killed" test -e p7
kill -KILL "$p7"
wait "$p7" 2>/dev/null
grep -q "pid=$p7 " kk/antroute.lock && pass "SIGKILL leaves the holder line" || fail "lock: $(cat kk/antroute.lock)"
"$A" solve net.h5 -o k.h5 "${H[@]}" --iterations 20 --seed 1 --checkpoint-dir kk --resume auto \
  >/dev/null 2>k.err && pass "the next run takes the folder (the kernel released the lock)" ||
  fail "after SIGKILL: $(cat k.err)"
finish
