#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# antroute solve end to end: small TSPLIB instances solved to their optimum, the tour checked by
# an independent length computation, the same answer on 1x1, 2x1 and 2x2 ranks x threads, and
# clean errors for bad usage.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
T=$AR_SOURCE_DIR/inputs/tsplib
check="/usr/bin/python3 $AR_SOURCE_DIR/tests/engine/tour_check.py"
h5v() { h5dump -d "$2" -y -w 0 -O /dev/null "$1" 2>/dev/null | tr ',' ' ' | tr -s ' \n\t' ' '; }
for f in eil51 berlin52 kroA100 ft70 kro124p; do
  ext=tsp; [ -e "$T/$f.atsp" ] && ext=atsp
  "$ANTROUTE" import tsplib "$T/$f.$ext" -o "$AR_TMP/$f.h5" >/dev/null || fail "import $f"
done

# Solved to optimum within a few seconds; progress lines and the final line on stdout.
for f in eil51 berlin52 kroA100; do
  opt=$(awk -v n=$f '$1==n {print $4}' "$T/OPTIMA.tsv")
  OMP_NUM_THREADS=2 "$ANTROUTE" solve "$AR_TMP/$f.h5" -o "$AR_TMP/$f-r.h5" --iterations 300 --progress 0 --seed 3 \
    > "$AR_TMP/$f.log" 2>&1 || fail "solve $f: $(tail -3 "$AR_TMP/$f.log")"
  cost=$(h5v "$AR_TMP/$f-r.h5" /best/cost | tr -d ' ')
  [ "$cost" = "$opt" ] && pass "$f solved to its optimum $opt" || fail "$f: best $cost, optimum $opt"
  len=$($check "$AR_TMP/$f.h5" "$AR_TMP/$f-r.h5") && pass "$f: /best/tour recomputed: $len" \
    || fail "$f: independent check: $len"
  grep -Eq '^([0-9-]+ [0-9:]+ )?\[ *[0-9.]+ s\] iteration [0-9]+  best [0-9]+  gap ' "$AR_TMP/$f.log" \
    && pass "$f: progress lines" || fail "$f: no progress line: $(head -3 "$AR_TMP/$f.log")"
done

# ATSP: solved to optimum, and an independent computation confirms the directed length.
for f in ft70 kro124p; do
  opt=$(awk -v n=$f '$1==n {print $4}' "$T/OPTIMA.tsv")
  "$ANTROUTE" solve "$AR_TMP/$f.h5" -o "$AR_TMP/$f-r.h5" --iterations 300 --seed 2 -q >/dev/null \
    && len=$($check "$AR_TMP/$f.h5" "$AR_TMP/$f-r.h5") && [ "$len" = "$opt" ] \
    && pass "$f (ATSP) solved to its optimum $opt, directed length recomputed independently" \
    || fail "$f: $len (optimum $opt)"
done

# The answer depends on colonies, not on ranks x threads.
ref=""
same=1
for lay in 1x1 2x1 2x2; do
  r=${lay%x*}
  t=${lay#*x}
  OMP_NUM_THREADS=$t ar_mpirun "$r" "$ANTROUTE" solve "$AR_TMP/kroA100.h5" -o "$AR_TMP/m$lay.h5" \
    --colonies 4 --ants 8 --iterations 60 --epoch-iterations 25 --seed 4 -q >/dev/null 2>&1 || same=0
  tour=$(h5v "$AR_TMP/m$lay.h5" /best/tour)
  [ -z "$ref" ] && ref=$tour
  [ -n "$tour" ] && [ "$tour" = "$ref" ] || same=0
done
[ $same = 1 ] && pass "same best tour on 1x1, 2x1, 2x2 with 4 colonies" \
  || fail "layouts 1x1/2x1/2x2 disagree"
[ "$(/usr/bin/python3 -c 'import h5py,sys; print(list(h5py.File(sys.argv[1])["layout/colony_rank"]))' \
  "$AR_TMP/m2x2.h5")" = "[0, 0, 1, 1]" ] \
  && pass "/layout/colony_rank records the blocks" || fail "/layout/colony_rank"

"$ANTROUTE" inspect "$AR_TMP/eil51-r.h5" | grep -q "best cost: 426 (optimum 426, gap 0.000 %)" \
  && pass "inspect summarises the results" || fail "inspect results"

# Bad usage: clean errors, no output file.
out=$AR_TMP/none.h5
expect_error 2 "2 MPI ranks but only 1 colony" "$out" -- \
  ar_mpirun 2 "$ANTROUTE" solve "$AR_TMP/eil51.h5" -o "$out" --iterations 5
# ... refused before the long steps: a network without a bound (3,000 nodes: a second of ascent
# here, a minute at 200,000) is not bounded, nor its candidate lists made, for nothing.
"$ANTROUTE" import synthetic --kind tour --nodes 3000 --no-bound --alpha-steps 0 --seed 2 \
  -o "$AR_TMP/n3k.h5" >/dev/null 2>&1 || fail "import of 3,000 nodes"
expect_error 2 "2 MPI ranks but only 1 colony" "$out" -- \
  ar_mpirun 2 "$ANTROUTE" solve "$AR_TMP/n3k.h5" -o "$out" --iterations 1 &&
  { grep -qE "bound|alpha-nearness|candidate" "$AR_TMP/last.log" &&
      fail "2 ranks, 1 colony: long steps before the refusal: $(head -c 300 "$AR_TMP/last.log")" ||
      pass "2 ranks, 1 colony: refused before the bound and the candidate lists"; }
expect_error 2 "option --ants: 0 is outside" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/eil51.h5" -o "$out" --ants 0
expect_error 2 "option --stall-kick: -1 is outside" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/eil51.h5" -o "$out" --stall-kick -1
expect_error 2 "option --ls-penalties: 'maybe' is not one of yes\|no" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/eil51.h5" -o "$out" --ls-penalties maybe
expect_error 2 "option --ls-5opt: 101 is outside" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/eil51.h5" -o "$out" --ls-5opt 101
expect_error 2 "option --merge: 'maybe' is not one of yes\|no" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/eil51.h5" -o "$out" --merge maybe
expect_error 2 "option --fresh-merge: 'maybe' is not one of yes\|no" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/eil51.h5" -o "$out" --fresh-merge maybe
expect_error 2 "option --trial-window: -2 is outside" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/eil51.h5" -o "$out" --trial-window -2
expect_error 2 "option --trial-stall: -1 is outside" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/eil51.h5" -o "$out" --trial-stall -1
expect_error 2 "option --new-edges: -2 is outside" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/eil51.h5" -o "$out" --new-edges -2
# The ants' search on the ascent's penalised costs: the run's final self-check recomputes the
# best tour's length, so a change tracked wrongly on that scale would end it with exit 1.
"$ANTROUTE" solve "$AR_TMP/kroA100.h5" -o "$AR_TMP/pen.h5" --ls-penalties yes --iterations 30 \
  --seed 2 -q >/dev/null 2>&1 && [ "$(h5v "$AR_TMP/pen.h5" /best/cost | tr -d " ")" -ge 21282 ] \
  && pass "--ls-penalties yes solves, its lengths checked" || fail "--ls-penalties yes"
# With them and the 5-opt chains (both defaults) a run resumed on another layout ends as the
# uninterrupted one (the penalties are recomputed from the network, not stored), and a
# checkpoint of another value of either is refused by name. (--new-edges 16: with the default 32
# att532's best comes before the resume at iteration 20, and the test wants it after; so does it
# with the automatic restarts, hence --restart 0: resumes with restarts, tests/cli/test_auto_ants.sh.)
"$ANTROUTE" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/att532.tsp" -o "$AR_TMP/att532.h5" \
  >/dev/null 2>&1
P=(--iterations 40 --seed 4 -q --ls-penalties yes --ls-5opt 10 --new-edges 16 --restart 0)
"$ANTROUTE" solve "$AR_TMP/att532.h5" -o "$AR_TMP/pen-a.h5" "${P[@]}" \
  --checkpoint-dir "$AR_TMP/pen-ck" --checkpoint-every 20 --keep 10 >/dev/null 2>&1
OMP_NUM_THREADS=2 "$ANTROUTE" solve "$AR_TMP/att532.h5" -o "$AR_TMP/pen-b.h5" "${P[@]}" \
  --resume "$AR_TMP/pen-ck/ckpt-000001.h5" >/dev/null 2>&1
[ -n "$(h5v "$AR_TMP/pen-a.h5" /best/tour)" ] &&
  [ "$(h5v "$AR_TMP/pen-a.h5" /best/tour)" = "$(h5v "$AR_TMP/pen-b.h5" /best/tour)" ] &&
  [ "$(h5v "$AR_TMP/pen-b.h5" /best/iteration | awk '{print $1}')" -ge 20 ] \
  && pass "--ls-penalties yes: resumed 1x1 -> 1x2, the same best tour (found after the resume)" \
  || fail "--ls-penalties yes: the resumed run differs"
# Long chains (--ls-5opt 50: LKH's rule for the edges a chain takes back, and a pass of the ants'
# search over the first tour) resume as exactly, and their lengths pass the final self-check.
L=(--iterations 30 --seed 5 -q --ls-5opt 50 --new-edges 16)
"$ANTROUTE" solve "$AR_TMP/att532.h5" -o "$AR_TMP/long-a.h5" "${L[@]}" \
  --checkpoint-dir "$AR_TMP/long-ck" --checkpoint-every 10 --keep 10 >/dev/null 2>&1 &&
  OMP_NUM_THREADS=2 "$ANTROUTE" solve "$AR_TMP/att532.h5" -o "$AR_TMP/long-b.h5" "${L[@]}" \
    --resume "$AR_TMP/long-ck/ckpt-000001.h5" >/dev/null 2>&1 &&
  [ -n "$(h5v "$AR_TMP/long-a.h5" /best/tour)" ] &&
  [ "$(h5v "$AR_TMP/long-a.h5" /best/tour)" = "$(h5v "$AR_TMP/long-b.h5" /best/tour)" ] \
  && pass "--ls-5opt 50: resumed 1x1 -> 1x2, the same best tour" \
  || fail "--ls-5opt 50: the resumed run differs or failed"
expect_error 3 "ls-penalties = no in this run, yes in the checkpoint" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/att532.h5" -o "$out" --iterations 40 --seed 4 -q --new-edges 16 \
  --ls-penalties no --resume "$AR_TMP/pen-ck/ckpt-000001.h5"
# Merging (the default on att532) changes the search: a checkpoint of it is refused without it.
expect_error 3 "merge = no in this run, yes in the checkpoint" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/att532.h5" -o "$out" --iterations 40 --seed 4 -q --new-edges 16 \
  --merge no --resume "$AR_TMP/pen-ck/ckpt-000001.h5"
# So is one whose restarts' fresh searches merged on their own (the default) resumed without.
expect_error 3 "fresh-merge = no in this run, yes in the checkpoint" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/att532.h5" -o "$out" --iterations 40 --seed 4 -q --new-edges 16 \
  --fresh-merge no --resume "$AR_TMP/pen-ck/ckpt-000001.h5"
# A checkpoint of the earlier default (16 new edges) is refused by the automatic one, by name.
expect_error 3 "new-edges = -1 in this run, 16 in the checkpoint" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/att532.h5" -o "$out" --iterations 40 --seed 4 -q \
  --resume "$AR_TMP/pen-ck/ckpt-000001.h5"
expect_error 3 "ls-5opt = 4 in this run, 10 in the checkpoint" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/att532.h5" -o "$out" --iterations 40 --seed 4 -q --new-edges 16 \
  --ls-5opt 4 --resume "$AR_TMP/pen-ck/ckpt-000001.h5"
expect_error 2 "option --algorithm: 'aco' is not one of mmas\|acs" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/eil51.h5" -o "$out" --algorithm aco
expect_error 2 "missing the results file" "$out" -- "$ANTROUTE" solve "$AR_TMP/eil51.h5"
expect_error 2 "--q0 applies to --algorithm acs only" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/eil51.h5" -o "$out" --q0 0.5
expect_error 4 "no-such.h5" "$out" -- "$ANTROUTE" solve "$AR_TMP/no-such.h5" -o "$out"
# A supply-chain network goes to the order-routing solver (tests/orders), with its own options:
# a tour option is refused there.
"$ANTROUTE" import supply-chain "$AR_SOURCE_DIR/inputs/supply_chain" -o "$AR_TMP/sc.h5" \
  >/dev/null 2>&1 && expect_error 2 "--candidates is an option of tour networks" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/sc.h5" -o "$out" --candidates 8
# The final self-check: a tour whose recomputed length differs stops the run, exit 1, no file
# (the fault is a test hook, tests/hooks: a release build has no such switch).
expect_error 1 "recomputed from scratch, but the search recorded" "$out" -- \
  env ANTROUTE_FAULT=corrupt-best "$ANTROUTE" solve "$AR_TMP/eil51.h5" -o "$out" --iterations 20 -q
expect_error 2 "fault-corrupt-best" "$out" -- \
  "$ANTROUTE" solve "$AR_TMP/eil51.h5" -o "$out" --iterations 20 -q --fault-corrupt-best
finish
