#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# /improvements of solve: every improvement of a colony's best with its iteration, colony, cost and
# time. The rows but for the time are the same on 1x1, 1x2 and 2x1 (the answer's layout
# independence, per colony); each colony's costs fall, its iterations and times rise; the global
# best is the lowest listed cost, found at /best/iteration by /best/colony; times lie within the
# search and, on two ranks, on rank 0's clock; h5dump reads them with their attributes. Beyond a
# rank's record the rest are counted as dropped (the same sum on 1x2 and 2x1); a resumed run's
# start is moved back by the first run's search.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
NET="$AR_TMP/att532.h5"
"$ANTROUTE" import tsplib "$AR_SOURCE_DIR/inputs/tsplib/att532.tsp" -o "$NET" >/dev/null 2>&1 \
  || { fail "import"; finish; }
PY=/usr/bin/python3
OPTS=(-c 2 -i 40 -e 10 --seed 3 -q)
OMP_NUM_THREADS=1 "$ANTROUTE" solve "$NET" -o "$AR_TMP/a.h5" "${OPTS[@]}" >"$AR_TMP/a.out" 2>&1 \
  || fail "solve 1x1: $(tail -3 "$AR_TMP/a.out")"
OMP_NUM_THREADS=2 "$ANTROUTE" solve "$NET" -o "$AR_TMP/b.h5" "${OPTS[@]}" >"$AR_TMP/b.out" 2>&1 \
  || fail "solve 1x2: $(tail -3 "$AR_TMP/b.out")"
OMP_NUM_THREADS=1 ar_mpirun 2 "$ANTROUTE" solve "$NET" -o "$AR_TMP/c.h5" "${OPTS[@]}" \
  >"$AR_TMP/c.out" 2>&1 || fail "solve 2x1: $(tail -3 "$AR_TMP/c.out")"
h5dump -d /improvements/cost -y -w 0 -O /dev/null "$AR_TMP/c.h5" >"$AR_TMP/cost.txt" 2>&1 \
  && [ "$(grep -c '[0-9]' "$AR_TMP/cost.txt")" -ge 1 ] \
  && pass "h5dump reads /improvements/cost" || fail "h5dump: $(head -3 "$AR_TMP/cost.txt")"
if $PY -c "import h5py" 2>/dev/null; then
  msg=$($PY - "$AR_TMP/a.h5" "$AR_TMP/b.h5" "$AR_TMP/c.h5" <<'PYEOF'
import sys, time, h5py, numpy as np
errs, rows = [], []
for path in sys.argv[1:]:
    f = h5py.File(path, "r")
    g = f["improvements"]
    it, col, cost, t = (g[k][()] for k in ("iteration", "colony", "cost", "time"))
    name = path.rsplit("/", 1)[-1]
    rows.append(list(zip(it.tolist(), col.tolist(), cost.tolist())))
    if len(it) < 2: errs.append(f"{name}: {len(it)} improvements in 40 iterations")
    if g.attrs["dropped"] != 0: errs.append(f"{name}: dropped {g.attrs['dropped']}")
    if abs(g.attrs["start"] - time.time()) > 600: errs.append(f"{name}: start {g.attrs['start']}")
    if list(zip(it, col)) != sorted(zip(it, col)): errs.append(f"{name}: not by iteration, colony")
    for c in (0, 1):
        m = col == c
        if m.sum() == 0: errs.append(f"{name}: colony {c} never improved"); continue
        if (np.diff(cost[m]) >= 0).any(): errs.append(f"{name}: colony {c}'s costs do not fall")
        if (np.diff(it[m]) <= 0).any(): errs.append(f"{name}: colony {c}'s iterations do not rise")
        if (np.diff(t[m]) < 0).any(): errs.append(f"{name}: colony {c}'s times fall")
    end = f["epochs/time"][-1]
    # another rank's start may precede rank 0's by a little: its times are then below 0
    if (t < -0.5).any() or (t > end + 0.5).any(): errs.append(f"{name}: times {t.min()}..{t.max()} outside 0..{end}")
    best = f["best/cost"][()]
    k = np.argmin(cost)
    if cost[k] != best: errs.append(f"{name}: lowest listed {cost[k]} != /best/cost {best}")
    elif (it[k], col[k]) != (f["best/iteration"][()], f["best/colony"][()]):
        errs.append(f"{name}: best found at {(it[k], col[k])} here, /best says "
                    f"{(f['best/iteration'][()], f['best/colony'][()])}")
if rows[1] != rows[0]: errs.append("1x2's rows differ from 1x1's")
if rows[2] != rows[0]: errs.append("2x1's rows differ from 1x1's")
print("; ".join(errs) if errs else f"ok {len(rows[0])}")
PYEOF
)
  case $msg in ok*) pass "/improvements: ${msg#ok } rows, the same on 1x1, 1x2 and 2x1, sane" ;;
    *) fail "/improvements: $msg" ;; esac
else
  echo "note: no h5py, /improvements values not checked"
fi
# More improvements than a rank keeps (4,096): 400 colonies without local search on 200 nodes.
# The first noted are kept, the rest counted as dropped; the sum is the same on 1x2 and 2x1.
"$ANTROUTE" import synthetic --kind tour --nodes 200 --seed 5 -o "$AR_TMP/s.h5" >/dev/null 2>&1 \
  || fail "import synthetic"
MANY=(-c 400 -i 60 --local-search none --no-bound -q)
OMP_NUM_THREADS=2 "$ANTROUTE" solve "$AR_TMP/s.h5" -o "$AR_TMP/m12.h5" "${MANY[@]}" \
  >"$AR_TMP/m12.out" 2>&1 || fail "solve 400 colonies 1x2: $(tail -3 "$AR_TMP/m12.out")"
OMP_NUM_THREADS=1 ar_mpirun 2 "$ANTROUTE" solve "$AR_TMP/s.h5" -o "$AR_TMP/m21.h5" "${MANY[@]}" \
  >"$AR_TMP/m21.out" 2>&1 || fail "solve 400 colonies 2x1: $(tail -3 "$AR_TMP/m21.out")"
# A resumed run: its start is the restart less the first run's search (start + time stays the
# wall clock); the first run paced 200 ms an iteration so that its search takes 4 s and more, so
# a start not moved back (the restart plus set-up) would fall 2 s after the bound.
OMP_NUM_THREADS=1 ANTROUTE_TEST_PACE_MS=200 "$ANTROUTE" solve "$NET" -o "$AR_TMP/r1.h5" -c 2 \
  -i 20 -e 10 --checkpoint-dir "$AR_TMP/ck" -q >"$AR_TMP/r1.out" 2>&1 \
  || fail "solve with checkpoints: $(tail -3 "$AR_TMP/r1.out")"
restart=$(date +%s.%N)
OMP_NUM_THREADS=1 "$ANTROUTE" solve "$NET" -o "$AR_TMP/r2.h5" -c 2 -i 40 -e 10 \
  --checkpoint-dir "$AR_TMP/ck" --resume auto -q >"$AR_TMP/r2.out" 2>&1 \
  || fail "resume: $(tail -3 "$AR_TMP/r2.out")"
if $PY -c "import h5py" 2>/dev/null; then
  msg=$($PY - "$AR_TMP" "$restart" <<'PYEOF'
import sys, h5py
tmp, restart, errs = sys.argv[1], float(sys.argv[2]), []
kept = {}
for name in ("m12", "m21"):
    g = h5py.File(f"{tmp}/{name}.h5", "r")["improvements"]
    kept[name] = (len(g["cost"]), int(g.attrs["dropped"]))
n12, d12 = kept["m12"]
n21, d21 = kept["m21"]
if n12 != 4096 or d12 <= 0: errs.append(f"1x2 kept {n12}, dropped {d12}: not 4,096 and some")
if not 4096 < n21 <= 8192: errs.append(f"2x1 kept {n21}: not two ranks' records")
if n12 + d12 != n21 + d21: errs.append(f"noted {n12 + d12} on 1x2, {n21 + d21} on 2x1")
first = h5py.File(f"{tmp}/r1.h5", "r")["epochs/time"][-1]
start = h5py.File(f"{tmp}/r2.h5", "r")["improvements"].attrs["start"]
if first < 4 or not restart - first - 0.5 < start < restart - first + 2:
    errs.append(f"resumed start {start - restart:+.2f} s from the restart, the first run's search {first:.2f} s")
print("; ".join(errs) if errs else f"ok 1x2 {n12} + {d12} dropped, 2x1 {n21} + {d21}")
PYEOF
)
  case $msg in ok*) pass "/improvements beyond the record: ${msg#ok }; a resumed run's start" ;;
    *) fail "/improvements: $msg" ;; esac
fi
finish
