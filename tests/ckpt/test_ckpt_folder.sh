#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# A checkpoint folder that cannot be written is found before the search: status 4, one message,
# no results, no search started (it used to give a warning per epoch, status 0 and no
# checkpoint). As root permissions do not stop a write, the folder lies under a regular file
# here; tests/ckpt/test_ckpt_fullfs.sh adds a read-only file system.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
T=$AR_TMP
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o "$T/b.h5" >/dev/null ||
  { fail "import"; finish; }
printf 'a file, not a folder\n' >"$T/afile"
for mode in "" "--resume auto"; do
  # shellcheck disable=SC2086
  "$A" solve "$T/b.h5" -o "$T/r.h5" --colonies 2 --iterations 400 --epoch-iterations 10 \
    --checkpoint-dir "$T/afile/ck" $mode >"$T/out" 2>"$T/err"
  rc=$?
  [ $rc -eq 4 ] && [ "$(wc -l <"$T/err")" -eq 1 ] &&
    grep -q "checkpoint folder $T/afile/ck cannot be written (.*Not a directory" "$T/err" &&
    [ ! -e "$T/r.h5" ] && ! grep -q "iteration" "$T/out" &&
    pass "unwritable folder${mode:+ with $mode}: status 4, one message, no search: $(cut -c1-110 "$T/err")" ||
    fail "unwritable folder $mode: status $rc: $(cat "$T/err") / $(head -3 "$T/out")"
done
# Under mpirun every rank stops alike.
"$MPIEXEC" --oversubscribe --bind-to none -np 2 "$A" solve "$T/b.h5" -o "$T/r.h5" --colonies 2 \
  --iterations 400 --checkpoint-dir "$T/afile/ck" -q >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 4 ] && [ "$(grep -c 'cannot be written' "$T/err")" -eq 1 ] &&
  pass "2 ranks: status 4, the message once" || fail "2 ranks: status $rc: $(cat "$T/err")"
# A folder that can be written: no probe file left behind (the checkpoints and the folder's lock,
# docs/checkpoint.md "One run per folder").
"$A" solve "$T/b.h5" -o "$T/ok.h5" --colonies 2 --iterations 20 --epoch-iterations 10 -q \
  --checkpoint-dir "$T/ck" >/dev/null 2>&1 && [ -z "$(ls -A "$T/ck" | grep -v '^ckpt-' | grep -vx antroute.lock)" ] &&
  pass "a writable folder: checkpoints only" || fail "writable folder: $(ls -A "$T/ck")"
finish
