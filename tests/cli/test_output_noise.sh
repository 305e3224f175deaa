#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# What solve prints (issue #24): one short memory line (the parts with --verbose); a checkpoint
# line for the first checkpoint, then at most one a minute (every one with --verbose), sizes as
# they are (KB, not "0.0 MB"); a resumed run that had already finished claims no CPU seconds; one
# resumed before its first epoch ended says "no best yet" (not "best inf").
source "$AR_SOURCE_DIR/tests/common/lib.sh"
cd "$AR_TMP" || exit 1
export OMP_NUM_THREADS=1
"$ANTROUTE" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/eil51.tsp" -o e.h5 >/dev/null ||
  { fail "import eil51"; finish; }
ARGS=(--iterations 60 --epoch-iterations 10 --seed 1 --progress 1000)

"$ANTROUTE" solve e.h5 -o r.h5 "${ARGS[@]}" --checkpoint-dir ck > out.txt 2>&1 || fail "solve: $(cat out.txt)"
mem=$(grep '^memory:' out.txt)
[ "$(grep -c '^memory:' out.txt)" -eq 1 ] && [ ${#mem} -le 120 ] &&
  grep -Eq '^memory: [0-9.]+ [KMGT]?B estimated per rank \(' <<<"$mem" &&
  pass "one short memory line: $mem" || fail "memory line: $mem"
[ "$(grep -c '^checkpoint ' out.txt)" -eq 1 ] && pass "one checkpoint line for 6 checkpoints" ||
  fail "checkpoint lines: $(grep '^checkpoint ' out.txt)"
grep -Eq '^checkpoint ck/ckpt-0*1.h5: iteration 10, [0-9]+ KB in [0-9.]+ s$' out.txt &&
  pass "its size in KB" || fail "checkpoint line: $(grep '^checkpoint ' out.txt)"
grep -q '^checkpoints: 6 written' out.txt && pass "the summary counts all 6" || fail "summary: $(cat out.txt)"
grep -q '0\.0 MB' out.txt && fail "a 0.0 MB size" || pass "no 0.0 MB"

"$ANTROUTE" solve e.h5 -o v.h5 "${ARGS[@]}" --checkpoint-dir ckv --verbose > v.txt 2>&1 || fail "solve --verbose"
[ "$(grep -c '^checkpoint ' v.txt)" -eq 6 ] && pass "--verbose: a line per checkpoint" ||
  fail "--verbose checkpoint lines: $(grep -c '^checkpoint ' v.txt)"
grep -q '^memory: needs about .* per rank (rank 0: ' v.txt && pass "--verbose: the memory parts" ||
  fail "--verbose memory: $(grep '^memory' v.txt)"

# Resumed after the end: nothing searched, no "rank 0 used 0.0 CPU s".
"$ANTROUTE" solve e.h5 -o again.h5 "${ARGS[@]}" --checkpoint-dir ck --resume auto > again.txt 2>&1 ||
  fail "resume: $(cat again.txt)"
grep -q '^resumed from ck/ckpt-0*6.h5' again.txt && pass "resumed the finished run" ||
  fail "resume: $(cat again.txt)"
grep -q 'CPU s' again.txt && fail "CPU seconds claimed: $(grep 'CPU s' again.txt)" ||
  pass "no CPU seconds for a run that searched nothing"

# Resumed before the first epoch ended: there is no best yet (not "best inf").
"$ANTROUTE" solve e.h5 -o early.h5 "${ARGS[@]}" --checkpoint-dir cke --checkpoint-every 4 --keep 100 \
  >early.txt 2>&1 || fail "solve with --checkpoint-every 4: $(cat early.txt)"
first=$(ls cke/ckpt-*.h5 | head -n 1)
"$ANTROUTE" solve e.h5 -o early2.h5 "${ARGS[@]}" --checkpoint-dir cke2 --resume "$first" >early2.txt 2>&1 ||
  fail "resume $first: $(cat early2.txt)"
grep -Eq "^resumed from $first: iteration 4, 0 epochs, no best yet$" early2.txt &&
  pass "resumed before any epoch ended: 'no best yet'" || fail "resume line: $(grep '^resumed' early2.txt)"
grep -q 'best inf' early2.txt && fail "'best inf' printed" || pass "no 'best inf'"
finish
