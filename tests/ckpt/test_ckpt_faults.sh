#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Injected faults during a checkpoint write (ANTROUTE_FAULT): the process dies before the rename
# or in the middle of a dataset, or a write fails with ENOSPC. Each time the previous checkpoint
# stays the newest valid one, the debris is reported, and a later run resumes and finishes.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
TOOL="$AR_BUILD_DIR/ckpt_tool"
[ -x "$TOOL" ] || { fail "ckpt_tool not built"; finish; }
D="$AR_TMP/ck"
run() { timeout 300 "$MPIEXEC" --oversubscribe --bind-to none -np "$@"; }

run 2 "$TOOL" write "$D" --iteration 1 --keep 5 >/dev/null 2>&1 || fail "first write"

# 1. The process dies after closing the file, before the rename.
ANTROUTE_FAULT=ckpt-before-rename run 2 "$TOOL" write "$D" --iteration 2 --keep 5 >"$AR_TMP/o" 2>&1
rc=$?
[ "$rc" -eq 99 ] && pass "before-rename: the run died (status $rc)" || fail "before-rename: status $rc"
# The .tmp names the run that wrote it (ckpt-N.h5.ID.tmp: rotation removes only the run's own).
tmp2=$(ls "$D" | grep -E '^ckpt-000002\.h5\.[0-9a-f]{8}\.tmp$')
[ -n "$tmp2" ] && [ ! -e "$D/ckpt-000002.h5" ] && pass "before-rename: only a .tmp ($tmp2)" \
  || fail "before-rename: $(ls "$D")"
run 2 "$TOOL" resume "$D" auto >"$AR_TMP/o" 2>"$AR_TMP/e"
grep -q "resumed $D/ckpt-000001.h5 epoch 0 iteration 1 mismatches 0" "$AR_TMP/o" \
  && pass "before-rename: resumed from the previous checkpoint" || fail "before-rename: $(cat "$AR_TMP/o" "$AR_TMP/e")"
grep -q "ignoring $D/$tmp2: an unfinished checkpoint" "$AR_TMP/e" \
  && pass "before-rename: the .tmp is reported" || fail "no report of the .tmp: $(cat "$AR_TMP/e")"

# 2. The process dies in the middle of the first distributed dataset.
ANTROUTE_FAULT=ckpt-mid-dataset run 2 "$TOOL" write "$D" --iteration 3 --keep 5 --rows 4000 >/dev/null 2>&1
rc=$?
[ "$rc" -eq 99 ] && pass "mid-dataset: the run died" || fail "mid-dataset: status $rc"
run 1 "$TOOL" verify "$D/$(ls "$D" | grep -E '^ckpt-000003\.h5\..*tmp$')" >"$AR_TMP/o" 2>&1
[ $? -eq 3 ] && grep -Eq "no 'complete' mark|not an HDF5 file|damaged" "$AR_TMP/o" \
  && pass "mid-dataset: the .tmp is not a checkpoint ($(grep -o 'error: .*' "$AR_TMP/o" | head -1))" \
  || fail "mid-dataset .tmp: $(cat "$AR_TMP/o")"
run 2 "$TOOL" resume "$D" auto 2>/dev/null | grep -q "iteration 1 mismatches 0" \
  && pass "mid-dataset: resumed from the previous checkpoint" || fail "mid-dataset: resume"

# 3. One rank dies in the middle of a dataset: the job ends (no hang), nothing is lost.
ANTROUTE_FAULT=ckpt-mid-dataset ANTROUTE_FAULT_RANK=1 run 3 "$TOOL" write "$D" --iteration 4 --keep 5 \
  --rows 4000 >/dev/null 2>&1
rc=$?
[ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && pass "one rank dies: the job ends (status $rc)" || fail "one rank dies: status $rc"

# 4. ENOSPC on one rank: reported, agreed by all ranks, no .tmp left, previous intact.
ANTROUTE_FAULT=ckpt-enospc ANTROUTE_FAULT_RANK=1 run 2 "$TOOL" write "$D" --iteration 5 --keep 5 >"$AR_TMP/o" 2>&1
rc=$?
[ "$rc" -eq 4 ] && pass "enospc: status 4" || fail "enospc: status $rc"
grep -q "No space left on device" "$AR_TMP/o" && grep -q "previous checkpoints are intact" "$AR_TMP/o" \
  && pass "enospc: reported" || fail "enospc message: $(cat "$AR_TMP/o")"
[ "$(ls "$D" | grep -c 'ckpt-000005')" -eq 0 ] && pass "enospc: nothing left behind" || fail "enospc: $(ls "$D")"
run 1 "$TOOL" verify "$D/ckpt-000001.h5" >/dev/null 2>&1 && pass "enospc: previous checkpoint intact" \
  || fail "previous checkpoint damaged"

# 5. The next good write continues the numbering and clears the debris.
run 2 "$TOOL" write "$D" --iteration 6 --keep 2 >/dev/null 2>&1 || fail "write after faults"
run 2 "$TOOL" resume "$D" auto 2>/dev/null | grep -q "ckpt-000005.h5 epoch 0 iteration 6 mismatches 0" \
  && pass "after faults: resumed from the new checkpoint" || fail "after faults: $(ls "$D")"
[ "$(ls "$D" | grep -c '\.tmp$')" -eq 0 ] && pass "after faults: .tmp files removed" || fail "left: $(ls "$D")"

# antroute inspect: a summary with every CRC checked; a damaged file fails with status 3.
"$ANTROUTE" inspect "$D/ckpt-000005.h5" >"$AR_TMP/o" 2>&1 && grep -q "sound: all 5 datasets" "$AR_TMP/o" \
  && grep -q "epoch 0, iteration 6, written by 2 rank" "$AR_TMP/o" && pass "inspect: sound" \
  || fail "inspect: $(cat "$AR_TMP/o")"
cp "$D/ckpt-000005.h5" "$AR_TMP/bad.h5"
# The damage goes into the middle of /colonies/pheromone, wherever the layout put it.
ph_at=$(h5dump -p -H -d /colonies/pheromone "$AR_TMP/bad.h5" | awk '/OFFSET/ {o=$2} /SIZE/ && !/STRSIZE/ {s=$2} END {print o + int(s / 2)}')
if [ "${ph_at:-0}" -gt 0 ] && [ "$ph_at" -lt "$(stat -c %s "$AR_TMP/bad.h5")" ]; then
  printf 'X' | dd of="$AR_TMP/bad.h5" bs=1 seek="$ph_at" conv=notrunc status=none
  expect_error 3 "bad.h5: dataset /colonies/.* is damaged: CRC-32" - -- "$ANTROUTE" inspect "$AR_TMP/bad.h5"
else
  fail "no offset of /colonies/pheromone in bad.h5 ($ph_at)"
fi

# 6. A run killed at its 2nd checkpoint resumes from the 1st and finishes.
L="$AR_TMP/loop"
ANTROUTE_FAULT=ckpt-before-rename:2 run 2 "$TOOL" loop "$L" --per-epoch 3 --iterations 12 >/dev/null 2>&1
rc=$?
[ "$rc" -eq 99 ] && pass "loop: killed at the 2nd checkpoint" || fail "loop: status $rc"
run 2 "$TOOL" loop "$L" --per-epoch 3 --iterations 12 >"$AR_TMP/o" 2>&1
rc=$?
grep -q "resumed at iteration 3" "$AR_TMP/o" && grep -q "finished at iteration 12" "$AR_TMP/o" && [ $rc -eq 0 ] \
  && pass "loop: resumed at iteration 3 and finished" || fail "loop: status $rc: $(cat "$AR_TMP/o")"
finish
