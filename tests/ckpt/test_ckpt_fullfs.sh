#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Full and read-only disks: real tmpfs mounts (skipped where mount is not permitted).
#   - a checkpoint that cannot fit is not attempted (status 4, the room named), nothing is left
#     behind, the previous one is intact and resumes;
#   - a real ENOSPC inside MPI-IO (the room check skipped by a test switch): status 4, nothing left
#     behind, and none of Open MPI's own lines on stderr;
#   - room is made by removing older checkpoints first when --keep allows it; the newest is never
#     removed for it (--keep 1);
#   - `antroute solve` whose checkpoints never fit: the search goes on, one warning, the results
#     are written with checkpoints_failed, and the run ends with status 4 saying so last;
#   - a read-only checkpoint folder: status 4 before the search, one message.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
TOOL="$AR_BUILD_DIR/ckpt_tool"
M="$AR_TMP/small"
mkdir -p "$M"
while mountpoint -q "$M"; do umount "$M" || break; done # left by an interrupted run
mount -t tmpfs -o size=256k tmpfs "$M" 2>/dev/null || skip_test "cannot mount a tmpfs here (not root?)"
trap 'umount "$M" 2>/dev/null' EXIT
run() { timeout 300 "$MPIEXEC" --oversubscribe --bind-to none -np "$@"; }
remount() { # remount SIZE [OPTIONS]: a fresh tmpfs
  umount "$M" && mount -t tmpfs -o "size=$1${2:+,$2}" tmpfs "$M" || fail "remount $1"
}
no_mpi_lines() { ! grep -Eq "mca_|pwritev|writev|ompio" "$1"; }

run 2 "$TOOL" write "$M/ck" --iteration 1 --rows 500 >/dev/null 2>&1 && pass "a small checkpoint fits" \
  || fail "small checkpoint"
run 2 "$TOOL" write "$M/ck" --iteration 2 --rows 2500 >"$AR_TMP/o" 2>&1
rc=$?
[ $rc -eq 4 ] && pass "a large one does not: status 4" || fail "status $rc: $(cat "$AR_TMP/o")"
grep -q "disk full" "$AR_TMP/o" && grep -q "previous checkpoints are intact" "$AR_TMP/o" \
  && pass "reported: $(grep -o 'has [0-9]* bytes free and a checkpoint needs about [0-9]*' "$AR_TMP/o")" \
  || fail "message: $(cat "$AR_TMP/o")"
[ "$(ls "$M/ck")" = "ckpt-000001.h5" ] && pass "nothing left behind" || fail "left: $(ls "$M/ck")"
ANTROUTE_FAULT=ckpt-no-room-check run 2 "$TOOL" write "$M/ck" --iteration 3 --rows 2500 >"$AR_TMP/o" 2>&1
rc=$?
[ $rc -eq 4 ] && grep -q "disk full" "$AR_TMP/o" && no_mpi_lines "$AR_TMP/o" \
  && pass "a real ENOSPC in MPI-IO: status 4, reported, no Open MPI lines" \
  || fail "real ENOSPC: status $rc: $(cat "$AR_TMP/o")"
[ "$(ls "$M/ck")" = "ckpt-000001.h5" ] && pass "nothing left behind by it" || fail "left: $(ls "$M/ck")"
run 2 "$TOOL" resume "$M/ck" auto --rows 500 2>/dev/null | grep -q "iteration 1 mismatches 0" \
  && pass "the previous checkpoint resumes" || fail "resume"

# Room: two checkpoints of this size and the room check's estimate for a third (the raw data,
# 1 % and 32 KiB of metadata: see ckpt_write.c), in 4 KiB pages. --keep 3: the oldest goes before
# each new one, which the rotation after it would have removed anyway; every write succeeds.
size=$(stat -c %s "$M/ck/ckpt-000001.h5")
raw=$(h5stat -S "$M/ck/ckpt-000001.h5" | awk '/Raw data:/ {print $3}')
[ "${raw:-0}" -gt 0 ] || fail "h5stat names no raw data size of ckpt-000001.h5"
pages() { echo $(( ($1 + 4095) / 4096 )); }
remount $(( (2 * $(pages "$size") + $(pages $(( raw + raw / 100 + 32768 ))) + 1) * 4 ))k
ok=1
for i in 1 2 3 4 5 6; do
  run 2 "$TOOL" write "$M/ck" --iteration "$i" --rows 500 --keep 3 >"$AR_TMP/o" 2>&1 || ok=0
done
[ $ok -eq 1 ] && [ "$(ls "$M/ck" | tr '\n' ' ')" = "ckpt-000004.h5 ckpt-000005.h5 ckpt-000006.h5 " ] \
  && pass "--keep 3 on a disk of 3.5 checkpoints: all 6 written, the 3 newest kept" \
  || fail "--keep 3: $(ls "$M/ck" | tr '\n' ' '): $(cat "$AR_TMP/o")"
# --keep 1 on a disk of 1.5 checkpoints: the newest good one is never removed to make room.
remount $(( (size * 3 / 2) / 4096 * 4 ))k
run 2 "$TOOL" write "$M/ck" --iteration 1 --rows 500 --keep 1 >/dev/null 2>&1 || fail "keep 1: first"
run 2 "$TOOL" write "$M/ck" --iteration 2 --rows 500 --keep 1 >"$AR_TMP/o" 2>&1
rc=$?
[ $rc -eq 4 ] && [ "$(ls "$M/ck")" = "ckpt-000001.h5" ] \
  && pass "--keep 1 on a disk of 1.5 checkpoints: the second is refused, the first kept" \
  || fail "--keep 1: status $rc, $(ls "$M/ck"): $(cat "$AR_TMP/o")"

# solve, checkpoints that never fit: 24 KB free where one needs about 42 KB.
A=$ANTROUTE
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/berlin52.tsp" -o "$AR_TMP/b.h5" >/dev/null || fail "import"
remount 256k
avail=$(df --output=avail -B1 "$M" | tail -1)
dd if=/dev/zero of="$M/filler" bs=1024 count=$(( (avail - 24 * 1024) / 1024 )) status=none 2>/dev/null
"$A" solve "$AR_TMP/b.h5" -o "$AR_TMP/r.h5" --colonies 2 --iterations 60 --epoch-iterations 10 -q \
  --checkpoint-dir "$M/ck" >"$AR_TMP/out" 2>"$AR_TMP/err"
rc=$?
[ $rc -eq 4 ] && pass "solve whose checkpoints never fit: status 4" || fail "status $rc: $(cat "$AR_TMP/err")"
[ "$(grep -c 'antroute solve: warning:' "$AR_TMP/err")" -eq 1 ] && grep -q "has [0-9]* bytes free and a checkpoint needs about" "$AR_TMP/err" \
  && pass "one warning naming the room: $(grep -o 'the file system of [^ ]* has [0-9]* bytes free and a checkpoint needs about [0-9]*' "$AR_TMP/err" | head -1)" \
  || fail "warnings: $(cat "$AR_TMP/err")"
tail -1 "$AR_TMP/err" | grep -q "none of the [0-9]* checkpoints of this run could be written" \
  && pass "the last line says so: $(tail -1 "$AR_TMP/err" | cut -c1-120)" || fail "last line: $(tail -1 "$AR_TMP/err")"
no_mpi_lines "$AR_TMP/err" && pass "no Open MPI lines" || fail "MPI lines: $(cat "$AR_TMP/err")"
counts=$(h5dump -a /run/checkpoints_written -a /run/checkpoints_failed -y -O /dev/null "$AR_TMP/r.h5" 2>/dev/null \
  | grep -Eo '^ *[0-9]+' | tr -d ' ' | tr '\n' ' ')
[ "$counts" = "0 6 " ] && pass "results: checkpoints_written 0, checkpoints_failed 6 (every epoch end)" \
  || fail "results counts: '$counts'"
grep -q "checkpoints: 6 could not be written" "$AR_TMP/out" && pass "the summary counts them" \
  || fail "summary: $(cat "$AR_TMP/out")"

# A read-only folder: found before the search, status 4, one message.
remount 256k ro
"$A" solve "$AR_TMP/b.h5" -o "$AR_TMP/ro.h5" --colonies 2 --iterations 60 -q \
  --checkpoint-dir "$M/ck" >"$AR_TMP/out" 2>"$AR_TMP/err"
rc=$?
[ $rc -eq 4 ] && [ "$(wc -l <"$AR_TMP/err")" -eq 1 ] && grep -q "checkpoint folder $M/ck cannot be written (.*Read-only file system" "$AR_TMP/err" \
  && [ ! -e "$AR_TMP/ro.h5" ] && pass "read-only folder: status 4, one message, no results" \
  || fail "read-only: status $rc: $(cat "$AR_TMP/err")"
finish
