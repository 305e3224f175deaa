#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Checkpoint format versions (issue #21): a checkpoint of format version 5 holds the state field
# by field (/colonies/iterations, /global/epochs/time, /supply/months/stopped_by, ...; no
# state_int/state_real/month_int/month_real), and an intact checkpoint of an older version is
# refused with exit status 3 and a message naming the file, its version and the one this build
# reads, with --resume FILE and with --resume auto.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
PY=/usr/bin/python3
$PY -c "import h5py, numpy" 2>/dev/null || skip_test "/usr/bin/python3 lacks h5py"
A=$ANTROUTE
T=$AR_TMP
TOOL="$AR_BUILD_DIR/ckpt_tool"
export OMP_NUM_THREADS=1
"$A" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/eil51.tsp" -o "$T/net.h5" >/dev/null ||
  { fail "import eil51"; finish; }
RUN=(--colonies 2 --ants 4 --epoch-iterations 5 --iterations 10 --seed 3 -q)
"$A" solve "$T/net.h5" -o "$T/r.h5" "${RUN[@]}" --checkpoint-dir "$T/ck" >/dev/null ||
  { fail "checkpointed run"; finish; }
ck=$(ls "$T"/ck/ckpt-*.h5 | tail -1)
$PY - "$ck" <<'PYEOF' && pass "version 5: the state is one dataset per named field" ||
import sys, h5py
f = h5py.File(sys.argv[1], "r")
assert int(f.attrs["format_version"]) == 5, f.attrs["format_version"]
for d in ["colonies/colony", "colonies/iterations", "colonies/tau_max", "colonies/best_cost",
          "global/epochs/iteration", "global/epochs/time", "global/epochs/best_cost",
          "global/epochs/best_colony"]:
    assert d in f, d
    assert f[d].attrs.get("description") is not None, d
assert f["colonies/best_cost"].shape == (2, 3)
assert f["global/epochs/time"].shape == (2,)
for d in ["colonies/state_int", "colonies/state_real"]:
    assert d not in f, d
PYEOF
  fail "the datasets of version 5"

# Order routing: the finished months' figures, one dataset per member; the stop reasons named in
# stopped_by's description from the engine's one table of names.
"$A" import synthetic --kind supply-chain --orders 200 --months 2 --plants 3 --ports 2 --seed 4 \
  -o "$T/orders.h5" >/dev/null || fail "synthetic orders"
"$A" solve "$T/orders.h5" -o "$T/o.h5" --iterations 4 --colonies 2 --epoch-iterations 2 -q \
  --checkpoint-dir "$T/ock" --keep 20 >/dev/null || fail "orders with checkpoints"
$PY - "$(ls "$T"/ock/ckpt-*.h5 | tail -1)" <<'PYEOF' && pass "orders: /supply/months/NAME per member, stop reasons named once" ||
import sys, h5py
f = h5py.File(sys.argv[1], "r")
for d in ["min_unserved", "iterations", "epochs", "best_colony", "best_iteration", "stopped_by",
          "lower_wc", "lower_cost", "lower_served_cost", "seconds", "lower_bound"]:
    assert f["supply/months/" + d].shape == (2,), d
desc = f["supply/months/stopped_by"].attrs["description"]
desc = desc.decode() if isinstance(desc, bytes) else desc
assert "0 none, 1 iterations, 2 time, 3 requested, 4 gap" in desc, desc
assert "supply/month_int" not in f and "supply/month_real" not in f
PYEOF
  fail "the supply datasets of version 5"

for v in 4 1; do
  d="$T/v$v"
  rm -rf "$d" && mkdir -p "$d" && cp "$ck" "$d/"
  old="$d/$(basename "$ck")"
  $PY -c 'import h5py,sys,numpy as np; f=h5py.File(sys.argv[1],"r+"); f.attrs["format_version"]=np.int64(int(sys.argv[2]))' \
    "$old" "$v" && "$TOOL" rehash "$old" >/dev/null || { fail "making a version $v file"; continue; }
  for how in "$old" auto; do
    "$A" solve "$T/net.h5" -o "$d/out.h5" "${RUN[@]}" --checkpoint-dir "$d" --resume "$how" \
      >"$d/log" 2>&1
    rc=$?
    if [ $rc -eq 3 ] && grep -q "$(basename "$old").*format version $v .*reads version 5" "$d/log"; then
      pass "version $v, --resume $(basename "$how"): refused, exit 3: $(grep -o 'checkpoint format.*' "$d/log" | head -1 | cut -c1-110)"
    else
      fail "version $v, --resume $how: exit $rc: $(tail -c 400 "$d/log" | tr '\n' ' ')"
    fi
  done
done
finish
