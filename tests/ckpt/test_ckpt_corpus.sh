#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The damage corpus (issue #12): a run's checkpoints, then more than 100 seeded mutations of the
# newest (ckpt_mutate.py: every attribute changed in turn, attributes removed, values changed
# under their CRC, bit flips across the file, truncation at many offsets, datasets swapped with
# those of the previous checkpoint of the same run). Each mutated folder is resumed with
# --resume auto: every run must exit 0 with the uninterrupted run's answer (best tour, cost and
# epoch records), whether the mutated checkpoint was found damaged (moved aside, an older one
# used) or was intact in what it says. CORPUS_SEED=N changes the mutations.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
PY=/usr/bin/python3
$PY -c "import h5py, numpy" 2>/dev/null || skip_test "/usr/bin/python3 lacks h5py"
A=$ANTROUTE
T=$AR_TMP
SEED=${CORPUS_SEED:-12}
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/pcb442.tsp" -o "$T/net.h5" >/dev/null ||
  { fail "import pcb442"; finish; }
# Nearest-neighbour candidates (--alpha-steps 0): what is checked is the checkpoints, and each of
# the ~180 runs then takes 0.11 CPU s instead of 0.2 (the Held-Karp ascent of alpha-nearness).
RUN=(--colonies 3 --ants 6 --epoch-iterations 10 --local-search 2opt --seed 5 -q --alpha-steps 0)
export OMP_NUM_THREADS=1

answer() { # the answer of a results file: best cost and tour, epoch records
  h5dump -d /best/cost -d /best/tour -d /epochs/iteration -d /epochs/best -d /epochs/colony_best \
    -y -w 0 -O /dev/null "$1" 2>/dev/null | md5sum | cut -c1-32
}
"$A" solve "$T/net.h5" -o "$T/ref.h5" --iterations 40 "${RUN[@]}" >/dev/null || fail "reference run"
REF=$(answer "$T/ref.h5")
# The stopped run: checkpoints at iterations 5, 10, ..., 30; the three newest are kept.
"$A" solve "$T/net.h5" -o "$T/half.h5" --iterations 30 --checkpoint-dir "$T/base" \
  --checkpoint-every 5 --keep 3 "${RUN[@]}" >/dev/null || fail "checkpointed run"
newest=$(ls "$T"/base/ckpt-*.h5 | tail -1)
older=$(ls "$T"/base/ckpt-*.h5 | tail -2 | head -1)
[ -n "$newest" ] && [ "$newest" != "$older" ] || { fail "no checkpoints: $(ls "$T/base")"; finish; }
# Intact, the newest resumes to the answer.
cp -r "$T/base" "$T/intact"
"$A" solve "$T/net.h5" -o "$T/intact.h5" --iterations 40 --checkpoint-dir "$T/intact" \
  --resume auto "${RUN[@]}" >"$T/intact.log" 2>&1 && [ "$(answer "$T/intact.h5")" = "$REF" ] &&
  pass "the intact checkpoints resume to the answer" || fail "intact resume: $(cat "$T/intact.log")"

$PY "$AR_SOURCE_DIR/tests/ckpt/ckpt_mutate.py" "$T/base" "$newest" "$older" "$T/corpus" "$SEED" \
  >"$T/mutations.txt" || { fail "making the corpus"; finish; }
total=$(wc -l <"$T/mutations.txt")
[ "$total" -ge 50 ] && pass "$total mutations" || fail "only $total mutations"
damaged=0 intact=0 bad=0
while read -r id what; do
  dir="$T/corpus/$id"
  "$A" solve "$T/net.h5" -o "$dir.h5" --iterations 40 --checkpoint-dir "$dir" --resume auto \
    "${RUN[@]}" >"$dir.log" 2>&1
  rc=$?
  got=$(answer "$dir.h5")
  if [ "$rc" -ne 0 ] || [ "$got" != "$REF" ]; then
    bad=$((bad + 1))
    fail "$id ($what): exit $rc, answer ${got:-none}: $(tail -c 300 "$dir.log" | tr '\n' ' ')"
  elif grep -q "damaged checkpoint: .*$(basename "$newest")" "$dir.log"; then
    damaged=$((damaged + 1))
  else
    intact=$((intact + 1))
  fi
done <"$T/mutations.txt"
[ "$bad" -eq 0 ] && pass "all $total mutated checkpoints resumed to the answer, exit 0 ($damaged found damaged and passed over, $intact intact in what they say)"
# The changes that decide the continuation are all caught: every attribute change, removal,
# value change and swap (not a flip of unused bytes) must have been found damaged.
missed=$(grep -vE "flipped|truncated" "$T/mutations.txt" | while read -r id what; do
  grep -q "damaged checkpoint: .*$(basename "$newest")" "$T/corpus/$id.log" || echo "$id ($what)"
done)
[ -z "$missed" ] && pass "every attribute, value and dataset change was found damaged" ||
  fail "not found damaged: $missed"

# Forgeries: a change with every checksum recomputed (ckpt_tool rehash) passes the checksums; the
# cross-checks of the contents must catch it, the file is moved aside all the same and the
# previous checkpoint taken (the run starts over from the pick, with the parameters as given:
# not passed over as another run's for the automatic --restart the first round resolved).
TOOL="$AR_BUILD_DIR/ckpt_tool"
forged() { # forged NAME RESULTS PATTERN: the forged checkpoint was caught with PATTERN, answer kept
  local dir="$T/forge-$1"
  # Resumed from the older checkpoint (iteration 25), the run writes those of iterations 30 and
  # 40 only (-q prints no "resumed from"); started over from the beginning it would write four.
  if [ "$(answer "$2")" = "$REF" ] && grep -Eq "damaged checkpoint: .*$3" "$dir.log" &&
    grep -q "^checkpoints: 2 written" "$dir.log"; then
    pass "forged $1: caught ($(grep -o 'checkpoint: [^;]*' "$dir.log" | head -1 | cut -c1-120)), the answer kept"
  else
    fail "forged $1: $(tail -c 400 "$dir.log" | tr '\n' ' ')"
  fi
}
forge() { # forge NAME PYTHON: a copy of the base with the newest edited by PYTHON, then rehashed
  local dir="$T/forge-$1"
  rm -rf "$dir" && cp -r "$T/base" "$dir"
  h5_edit "$dir/$(basename "$newest")" "$dir/$(basename "$newest")" "import zlib; $2" || fail "forging $1"
  "$TOOL" rehash "$dir/$(basename "$newest")" >/dev/null || fail "rehash $1"
  "$A" solve "$T/net.h5" -o "$dir.h5" --iterations 40 --checkpoint-dir "$dir" --resume auto \
    "${RUN[@]}" >"$dir.log" 2>&1 || fail "forged $1: exit $?"
}
forge iteration 'f.attrs["iteration"] = np.int64(int(f.attrs["iteration"]) - 5)'
forged iteration "$T/forge-iteration.h5" "epochs of 10 iterations do not make iteration"
forge tour 'd = f["colonies/best"]; v = d[...]; v[0, [3, 4]] = v[0, [4, 3]]; d[...] = v; d.attrs["crc32"] = np.int64(zlib.crc32(v.tobytes()))'
forged tour "$T/forge-tour.h5" "the best of colony 0 does not hold what its cost says"
# A restart-best may be empty (the worst cost) only in a colony that restarted in the
# checkpoint's last iteration: elsewhere an infinite cost is still damage.
forge restartbest 'd = f["colonies/restart_best_cost"]; v = d[...]; v[0, :] = np.inf; d[...] = v; d.attrs["crc32"] = np.int64(zlib.crc32(v.tobytes()))'
forged restartbest "$T/forge-restartbest.h5" "the cost of the restart-best of colony 0 is not finite"
forge colony 'd = f["colonies/iterations"]; v = d[...]; v[1] += 1; d[...] = v; d.attrs["crc32"] = np.int64(zlib.crc32(v.tobytes()))'
forged colony "$T/forge-colony.h5" "colony 1 has done [0-9]+ iterations, the checkpoint [0-9]+"

# Order routing: the finished months travel in the checkpoint; a forged month index must not
# make the run redo or skip a month.
"$A" import synthetic --kind supply-chain --orders 300 --months 2 --plants 4 --ports 3 --seed 4 \
  -o "$T/orders.h5" >/dev/null || fail "synthetic orders"
ORD=(--iterations 8 --colonies 2 --epoch-iterations 2 -q)
plan() { "$A" export "$1" --csv "$1.csv" >/dev/null 2>&1 && md5sum <"$1.csv" | cut -c1-32; }
"$A" solve "$T/orders.h5" -o "$T/oref.h5" "${ORD[@]}" >/dev/null || fail "orders reference"
OREF=$(plan "$T/oref.h5")
"$A" solve "$T/orders.h5" -o "$T/ohalf.h5" "${ORD[@]}" --checkpoint-dir "$T/obase" --keep 20 \
  >/dev/null || fail "orders with checkpoints"
second=$($PY -c '
import h5py, sys
print(next((p for p in sys.argv[1:] if h5py.File(p, "r").attrs["supply_month"] == 1), ""))' "$T"/obase/ckpt-*.h5)
if [ -z "$second" ]; then
  fail "no checkpoint of the second month in $(ls "$T/obase")"
else
  for kind in attribute forged; do
    dir="$T/omonth-$kind"
    rm -rf "$dir" && mkdir -p "$dir"
    for f in "$T"/obase/ckpt-*.h5; do [ "$f" \< "$second" ] || [ "$f" = "$second" ] && cp "$f" "$dir/"; done
    h5_edit "$dir/$(basename "$second")" "$dir/$(basename "$second")" 'f.attrs["supply_month"] = np.int64(0)' ||
      fail "editing supply_month"
    [ "$kind" = forged ] && "$TOOL" rehash "$dir/$(basename "$second")" >/dev/null
    "$A" solve "$T/orders.h5" -o "$dir.h5" "${ORD[@]}" --checkpoint-dir "$dir" --resume auto \
      >"$dir.log" 2>&1
    rc=$?
    [ $rc -eq 0 ] && [ "$(plan "$dir.h5")" = "$OREF" ] &&
      grep -q "damaged checkpoint: .*$(basename "$second")" "$dir.log" &&
      pass "orders: supply_month changed ($kind): caught, the plan kept" ||
      fail "orders: supply_month $kind: exit $rc: $(tail -c 400 "$dir.log" | tr '\n' ' ')"
  done
fi
finish
