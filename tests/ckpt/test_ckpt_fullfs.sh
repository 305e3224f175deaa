#!/usr/bin/env bash
# A real full disk: a 256 KiB tmpfs. The checkpoint that does not fit is reported (status 4),
# leaves nothing behind, and the previous one is intact. Skipped where mount is not permitted.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
TOOL="$AR_BUILD_DIR/ckpt_tool"
M="$AR_TMP/small"
mkdir -p "$M"
while mountpoint -q "$M"; do umount "$M" || break; done # left by an interrupted run
mount -t tmpfs -o size=256k tmpfs "$M" 2>/dev/null || skip_test "cannot mount a tmpfs here (not root?)"
trap 'umount "$M" 2>/dev/null' EXIT
run() { timeout 60 "$MPIEXEC" --oversubscribe --bind-to none -np "$@"; }

run 2 "$TOOL" write "$M/ck" --iteration 1 --rows 500 >/dev/null 2>&1 && pass "a small checkpoint fits" \
  || fail "small checkpoint"
run 2 "$TOOL" write "$M/ck" --iteration 2 --rows 2500 >"$AR_TMP/o" 2>&1
rc=$?
[ $rc -eq 4 ] && pass "a large one does not: status 4" || fail "status $rc: $(cat "$AR_TMP/o")"
grep -q "disk full" "$AR_TMP/o" && grep -q "previous checkpoints are intact" "$AR_TMP/o" \
  && pass "reported: $(grep -o 'has [0-9]* bytes free' "$AR_TMP/o")" || fail "message: $(cat "$AR_TMP/o")"
[ "$(ls "$M/ck")" = "ckpt-000001.h5" ] && pass "nothing left behind" || fail "left: $(ls "$M/ck")"
run 2 "$TOOL" resume "$M/ck" auto --rows 500 2>/dev/null | grep -q "iteration 1 mismatches 0" \
  && pass "the previous checkpoint resumes" || fail "resume"
finish
