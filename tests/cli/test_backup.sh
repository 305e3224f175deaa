#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# -o naming an existing file (issue #24): solve keeps the old results file as #NAME.N# beside it
# (GROMACS-style, the next free number), byte for byte, and says so; so does --csv with an old
# plan. A resumed run replaces the results an earlier segment of the same run wrote (no backup of
# its own file), also from the final checkpoint with another --max-hours (a Slurm job requeued
# after it finished), and its --csv plan too; another run over them makes one.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
cd "$AR_TMP" || exit 1
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o net.h5 >/dev/null ||
  { fail "import berlin52"; finish; }
"$A" import supply-chain "$AR_SOURCE_DIR/inputs/supply_chain" -o orders.h5 >/dev/null 2>&1 ||
  { fail "import supply-chain"; finish; }
"$A" solve net.h5 -o mmas.h5 --iterations 30 --seed 3 -q >/dev/null || fail "first run"
cp mmas.h5 mmas.first.h5
"$A" solve orders.h5 -o supply.h5 --iterations 1 --seed 2 -q --csv plan.csv >/dev/null ||
  fail "supply run"

"$A" solve net.h5 -o mmas.h5 --iterations 5 --seed 9 -q >again.out || fail "solve over mmas.h5"
grep -q '^backed up mmas.h5 to #mmas.h5.1#$' again.out && pass "the backup is said" ||
  fail "no backup line: $(cat again.out)"
cmp -s '#mmas.h5.1#' mmas.first.h5 && pass "#mmas.h5.1# is the old file, byte for byte" ||
  fail "#mmas.h5.1# is not the old file"
cmp -s mmas.h5 mmas.first.h5 && fail "mmas.h5 not replaced" || pass "mmas.h5 holds the new run"
cp mmas.h5 mmas.second.h5
"$A" solve net.h5 -o mmas.h5 --iterations 5 --seed 10 -q | grep -q '#mmas.h5.2#' &&
  cmp -s '#mmas.h5.2#' mmas.second.h5 && cmp -s '#mmas.h5.1#' mmas.first.h5 &&
  pass "the next free number: #mmas.h5.2#, #mmas.h5.1# kept" || fail "second backup"
mkdir -p sub
cp mmas.first.h5 sub/r.h5
"$A" solve net.h5 -o sub/r.h5 --iterations 5 -q | grep -q '^backed up sub/r.h5 to sub/#r.h5.1#$' &&
  cmp -s 'sub/#r.h5.1#' mmas.first.h5 && pass "a backup lies beside its file" ||
  fail "backup in a folder: $(ls sub)"
cp plan.csv plan.first.csv
"$A" solve orders.h5 -o supply2.h5 --iterations 1 -q --csv plan.csv | grep -q '#plan.csv.1#' &&
  cmp -s '#plan.csv.1#' plan.first.csv && pass "--csv keeps the old plan as #plan.csv.1#" ||
  fail "--csv backup"
# A resumed run replaces the results an earlier segment of it wrote: no backup of its own file.
"$A" solve net.h5 -o own.h5 --iterations 20 --checkpoint-dir ck-own -q >/dev/null || fail "own run"
"$A" solve net.h5 -o own.h5 --iterations 20 --checkpoint-dir ck-own --resume auto -q \
  >own.out 2>&1 || fail "own resumed: $(cat own.out)"
[ ! -e '#own.h5.1#' ] && ! grep -q 'backed up' own.out &&
  pass "a resumed run replaces its own results (no backup)" || fail "resumed run backed up: $(cat own.out)"
"$A" solve net.h5 -o own.h5 --iterations 20 --seed 4 --checkpoint-dir ck-other -q >/dev/null
[ -e '#own.h5.1#' ] && pass "another run over it makes a backup" || fail "no backup of another run's file"

# A Slurm job requeued after its run finished: the same command resumes the final checkpoint, with
# another --max-hours (the helper computes it at each start); it replaces its own results and
# --csv plan (no #fin.h5.1#, no #fin.csv.1#), with the same answer. Another run still backs up.
answer() { h5dump -d /best/cost -d /best/tour -y -w 0 -O /dev/null "$1" 2>/dev/null | tr -d ' \n'; }
"$A" solve net.h5 -o fin.h5 --iterations 20 --seed 5 --checkpoint-dir ck-fin --max-hours 2 \
  --resume auto -q >/dev/null || fail "finished run"
answer fin.h5 >fin.first
"$A" solve net.h5 -o fin.h5 --iterations 20 --seed 5 --checkpoint-dir ck-fin --max-hours 1.5 \
  --resume auto -q >fin.out 2>&1 || fail "requeued finished run: $(cat fin.out)"
[ ! -e '#fin.h5.1#' ] && ! grep -q 'backed up' fin.out && answer fin.h5 | cmp -s - fin.first &&
  [ -s fin.first ] && pass "requeued after the end (another --max-hours): own results replaced, same answer" ||
  fail "requeued finished run: $(cat fin.out; ls '#fin'* 2>/dev/null)"
"$A" solve orders.h5 -o sfin.h5 --iterations 1 --seed 2 --csv fin.csv --checkpoint-dir ck-sfin \
  --max-hours 2 --resume auto -q >/dev/null || fail "finished supply run"
cp fin.csv fin.first.csv
"$A" solve orders.h5 -o sfin.h5 --iterations 1 --seed 2 --csv fin.csv --checkpoint-dir ck-sfin \
  --max-hours 1.5 --resume auto -q >sfin.out 2>&1 || fail "requeued supply run: $(cat sfin.out)"
[ ! -e '#sfin.h5.1#' ] && [ ! -e '#fin.csv.1#' ] && ! grep -q 'backed up' sfin.out &&
  cmp -s fin.csv fin.first.csv && pass "requeued supply run: own results and --csv plan replaced, same plan" ||
  fail "requeued supply run: $(cat sfin.out; ls '#sfin'* '#fin.csv'* 2>/dev/null)"
"$A" solve orders.h5 -o sfin.h5 --iterations 1 --seed 3 --csv fin.csv --checkpoint-dir ck-sfin2 -q \
  >sfin2.out 2>&1
[ -e '#sfin.h5.1#' ] && [ -e '#fin.csv.1#' ] && cmp -s '#fin.csv.1#' fin.first.csv &&
  pass "another supply run over them backs up both" ||
  fail "another supply run: $(cat sfin2.out; ls '#sfin'* '#fin.csv'* 2>/dev/null)"
"$A" solve net.h5 -o fin.h5 --iterations 20 --seed 6 --checkpoint-dir ck-fin2 -q >/dev/null
[ -e '#fin.h5.1#' ] && pass "another tour run over them backs up" || fail "no backup of fin.h5"
finish
