#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Stop signals from the first instruction (issue #20, docs/checkpoint.md "Stopping"): SIGTERM
# during the lower bound of a network imported with --no-bound (held at its first ascent step by
# ANTROUTE_TEST_PAUSE, so the signal lands there on any machine) ends with 75 and the next run
# continues; a bound computed before a stop is kept in the folder and never computed twice;
# SIGHUP acts like SIGTERM; without a checkpoint folder a stop is 128 + the signal with nothing
# kept (one rank, and two with the signal sent to one of them); no .tmp survives a handled signal (the results .tmp exists only while they are written: a
# second SIGINT there removes it), and a SIGKILL's .tmp is removed by the next run of that output.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
cd "$AR_TMP" || exit 1
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o nb.h5 --no-bound >/dev/null ||
  { fail "import berlin52 --no-bound"; finish; }
H=(--colonies 2 --ants 4 --epoch-iterations 10 --local-search 2opt --iterations 40 --seed 3)

no_tmp() { # no_tmp WHAT: no .tmp file anywhere under the test folder
  local left
  left=$(find . -name '*.tmp')
  [ -z "$left" ] && pass "$1: no .tmp left" || fail "$1: left $left"
}
answer() { h5dump -d /best/tour -d /best/cost -y -w 0 -O /dev/null "$1" 2>/dev/null | md5sum; }
"$A" solve nb.h5 -o ref.h5 "${H[@]}" -q >/dev/null 2>&1 || fail "reference run"

# 1. SIGTERM while the lower bound is computed, with a checkpoint folder: status 75.
ANTROUTE_TEST_PAUSE=bound:$AR_TMP/at-bound "$A" solve nb.h5 -o r.h5 "${H[@]}" --checkpoint-dir ck \
  --resume auto >s1.out 2>s1.err &
p=$!
wait_until 120 "the bound's first ascent step" test -e at-bound
kill -TERM "$p"
wait "$p"
rc=$?
[ "$rc" -eq 75 ] && pass "SIGTERM in the bound: status 75" || fail "SIGTERM in the bound: status $rc"
grep -q "stopped by SIGTERM while computing the lower bound (ascent step 1); nothing new to checkpoint; exit status 75: run again with --resume auto --checkpoint-dir ck to continue" s1.err &&
  pass "SIGTERM in the bound: said so" || fail "message: $(cat s1.err)"
[ ! -e r.h5 ] && pass "no results yet" || fail "results written"
no_tmp "SIGTERM in the bound"

# 2. The next run computes the bound and keeps it at once; SIGHUP (a closed terminal) after the
# bound, before the search: 75 again, like SIGTERM.
ANTROUTE_TEST_PAUSE=prepared:$AR_TMP/prepared "$A" solve nb.h5 -o r.h5 "${H[@]}" --checkpoint-dir ck \
  --resume auto >s2.out 2>s2.err &
p=$!
wait_until 120 "the run after its bound" test -e prepared
kill -HUP "$p"
wait "$p"
rc=$?
[ "$rc" -eq 75 ] && pass "SIGHUP before the search: status 75" || fail "SIGHUP: status $rc: $(cat s2.err)"
grep -q "stopped by SIGHUP before the search; nothing new to checkpoint; exit status 75" s2.err &&
  pass "SIGHUP: said so" || fail "SIGHUP message: $(cat s2.err)"
kept=$(ls ck/kept-lower-bound-*.txt 2>/dev/null)
grep -q "lower bound 7542 (held-karp, .*kept in $kept for restarts)" s2.out &&
  grep -q "^value = 7542$" "$kept" && pass "the bound is kept in the folder ($kept)" ||
  fail "bound not kept: $(cat s2.out; ls ck)"
no_tmp "SIGHUP before the search"

# 3. The next run continues: the bound is not computed again; the answer is the reference's.
"$A" solve nb.h5 -o r.h5 "${H[@]}" --checkpoint-dir ck --resume auto >s3.out 2>s3.err &&
  pass "the third run finishes" || fail "third run: $(cat s3.err)"
grep -q "lower bound 7542 (held-karp, [0-9]* ascent steps), kept in $kept by an earlier run of this input: not computed again" s3.out &&
  pass "no restart computes the bound twice" || fail "bound computed again: $(head -3 s3.out)"
[ "$(answer r.h5)" = "$(answer ref.h5)" ] && pass "stopped twice before the search: the same answer" ||
  fail "answer differs"
[ "$(h5dump -d /best/lower_bound -y -O /dev/null r.h5 2>/dev/null | awk 'NF { print $1; exit }')" = 7542 ] &&
  pass "the kept bound is in the results" || fail "results' lower bound"
# A kept file that does not hold (its CRC) is ignored with a note, and the bound computed.
mkdir -p ck4
sed 's/^value = 7542$/value = 7543/' "$kept" >"ck4/$(basename "$kept")"
"$A" solve nb.h5 -o r4.h5 "${H[@]}" --checkpoint-dir ck4 --resume auto >s4.out 2>s4.err
grep -q "ignoring ck4/kept-lower-bound-.*: its CRC-32 does not hold" s4.err &&
  grep -q "lower bound 7542 (held-karp, .*kept in" s4.out && pass "a damaged kept bound is ignored" ||
  fail "damaged kept bound: $(cat s4.err s4.out | head -5)"

# 4. Without a checkpoint folder: SIGTERM in the bound is 143 (128 + SIGTERM), nothing kept.
ANTROUTE_TEST_PAUSE=bound:$AR_TMP/at-bound2 "$A" solve nb.h5 -o n.h5 "${H[@]}" >/dev/null 2>s5.err &
p=$!
wait_until 120 "the bound without a folder" test -e at-bound2
kill -TERM "$p"
wait "$p"
rc=$?
[ "$rc" -eq 143 ] && grep -q "stopped by SIGTERM while computing the lower bound (ascent step 1); nothing is kept (no --checkpoint-dir); exit status 143 (128 + SIGTERM)" s5.err &&
  pass "no folder, SIGTERM in the bound: status 143, said so" || fail "no folder: status $rc: $(cat s5.err)"
[ ! -e n.h5 ] && pass "no folder: no results" || fail "no folder: results written"
no_tmp "no folder, SIGTERM in the bound"

# 5. Without a checkpoint folder, SIGTERM during the search (paced: a line per iteration): 143.
ANTROUTE_TEST_PACE_MS=100 "$A" solve nb.h5 -o n.h5 --colonies 2 --ants 4 --epoch-iterations 1 \
  --progress 0 --iterations 100000 --no-bound >s6.out 2>s6.err &
p=$!
wait_until 120 "the first iteration" grep -q "iteration 1 " s6.out
kill -TERM "$p"
wait "$p"
rc=$?
[ "$rc" -eq 143 ] && grep -Eq "stopped by SIGTERM after iteration [0-9]+; nothing is kept" s6.err &&
  pass "no folder, SIGTERM in the search: status 143" || fail "search: status $rc: $(cat s6.err)"
[ ! -e n.h5 ] && pass "no folder: no results from a stopped search" || fail "results from a stopped search"
no_tmp "no folder, SIGTERM in the search (the results .tmp is made only at the end)"

# 5b. The same on two ranks, SIGTERM to one of them: without a folder the ranks agree on a stop a
# segment ahead (docs/parallel.md, "Boundaries and stopping"), so the other learns of it with the
# next plan; both stop after the same iteration, rank 0 says so once, 143, nothing kept. Paced: the
# run cannot end before its signal.
ANTROUTE_TEST_PACE_MS=20 ar_mpirun 2 "$A" solve nb.h5 -o n2.h5 --colonies 2 --ants 4 \
  --progress 0 --iterations 100000 --no-bound >s6b.out 2>s6b.err &
p=$!
wait_until 120 "the first iteration of two ranks" grep -q "iteration [0-9]* " s6b.out
rank=$(pgrep -f "^$A solve nb.h5 -o n2.h5" | sort -n | tail -1) # a rank, not mpirun
send_signal TERM "$rank"
wait "$p"
rc=$?
[ "$rc" -eq 143 ] && [ "$(grep -cE "stopped by SIGTERM after iteration [0-9]+; nothing is kept" s6b.err)" -eq 1 ] &&
  pass "two ranks, no folder, SIGTERM to one: both stop, status 143, said once" ||
  fail "two ranks: status $rc: $(cat s6b.err)"
[ ! -e n2.h5 ] && pass "two ranks, no folder: no results" || fail "two ranks: results from a stopped search"

# 6. A second SIGINT while the results are written (held with RESULTS.h5.tmp there): 130, and the
# .tmp is removed.
ANTROUTE_TEST_PAUSE=output:$AR_TMP/writing:hold "$A" solve nb.h5 -o w.h5 "${H[@]}" --no-bound \
  >/dev/null 2>s7.err &
p=$!
wait_until 120 "the results being written" test -e writing
[ -e w.h5.tmp ] && pass "the results .tmp exists while they are written" || fail "no w.h5.tmp: $(ls)"
kill -INT "$p"
wait_until 120 "the first SIGINT noted" grep -q "^signal 2$" writing # two at once may arrive as one
kill -INT "$p"
wait "$p"
rc=$?
[ "$rc" -eq 130 ] && grep -q "second interrupt" s7.err && pass "second SIGINT: status 130" ||
  fail "second SIGINT: status $rc: $(cat s7.err)"
[ ! -e w.h5 ] && [ ! -e w.h5.tmp ] && pass "second SIGINT: the .tmp is removed" || fail "left: $(ls w.h5*)"

# 7. SIGKILL while the results are written: the .tmp stays, and the next run of that output
# removes it before its search and writes the results.
ANTROUTE_TEST_PAUSE=output:$AR_TMP/writing2:hold "$A" solve nb.h5 -o k.h5 "${H[@]}" --no-bound \
  >/dev/null 2>&1 &
p=$!
wait_until 120 "the results being written" test -e writing2
kill -KILL "$p"
wait "$p" 2>/dev/null
[ -e k.h5.tmp ] && pass "SIGKILL leaves k.h5.tmp" || fail "no k.h5.tmp after SIGKILL"
ANTROUTE_TEST_PAUSE=prepared:$AR_TMP/again "$A" solve nb.h5 -o k.h5 "${H[@]}" --no-bound \
  >/dev/null 2>&1 &
p=$!
wait_until 120 "the next run before its search" test -e again
[ ! -e k.h5.tmp ] && pass "the next run of that output removed the stale .tmp before its search" ||
  fail "stale k.h5.tmp still there"
touch again.go
wait "$p" && [ -s k.h5 ] && pass "and wrote its results" || fail "next run after SIGKILL"
no_tmp "after SIGKILL and the next run"

# 8. A command with nothing to keep (import) stops at once on SIGTERM, removing its .tmp.
ANTROUTE_TEST_PAUSE=output:$AR_TMP/importing:hold "$A" import tsplib \
  "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o i.h5 --no-bound >/dev/null 2>s8.err &
p=$!
wait_until 120 "the import's output" test -e importing
[ -e i.h5.tmp ] || fail "no i.h5.tmp while importing"
kill -TERM "$p"
wait "$p"
rc=$?
[ "$rc" -eq 143 ] && [ ! -e i.h5 ] && [ ! -e i.h5.tmp ] && grep -q "stopped by SIGTERM" s8.err &&
  pass "import: SIGTERM is 143 at once, its .tmp removed" || fail "import: status $rc: $(cat s8.err; ls i.h5*)"

# 9. Two ranks, SIGUSR1 to mpirun while both compute the bound: every rank stops, status 75.
ANTROUTE_TEST_PAUSE=bound:$AR_TMP/mpi-bound "$MPIEXEC" --oversubscribe --bind-to none -np 2 \
  -x ANTROUTE_TEST_PAUSE "$A" solve nb.h5 \
  -o m.h5 "${H[@]}" --checkpoint-dir ckm >/dev/null 2>s9.err &
p=$!
lines_are() { [ "$(wc -l <"$1" 2>/dev/null)" = "$2" ]; }
wait_until 120 "both ranks' bound" lines_are mpi-bound 2
kill -USR1 "$p"
wait "$p"
rc=$?
[ "$rc" -eq 75 ] && grep -q "stopped by SIGUSR1 while computing the lower bound" s9.err &&
  pass "2 ranks, SIGUSR1 in the bound: status 75" || fail "2 ranks: status $rc: $(cat s9.err)"
no_tmp "2 ranks"
finish
