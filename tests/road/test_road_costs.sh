#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The stop-to-stop costs, checked independently (issue #22): for a few hundred stops at real
# road locations of Andorra (time), Monaco (distance) and a synthetic network (time), every cost
# equals scipy.sparse.csgraph.dijkstra's on the same CSR arrays read with h5py, every stored
# weight is that cost rounded, legs recomputed from the stops file are chains of arcs whose
# totals equal the costs (road_legs_check, check_scipy.py), and costs differ by direction only
# where a one-way street is on a path. The matrix is the same on 1x1, 1x2, 2x1 and 3x1
# layouts. The shipped stops CSVs import, and solve takes a stops file as an ATSP.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
T=$AR_TMP
R=$AR_SOURCE_DIR/inputs/roads
D=$AR_SOURCE_DIR/tests/road
PY=/usr/bin/python3
$PY -c "import h5py, numpy, scipy.sparse.csgraph" 2>/dev/null ||
  skip_test "/usr/bin/python3 lacks h5py or scipy (python3-scipy)"
CHECK=$AR_BUILD_DIR/road_legs_check

"$A" import osm "$R/andorra.osm.pbf" -o "$T/andorra.h5" >/dev/null || fail "import andorra"
"$A" import osm "$R/monaco.osm.gz" -o "$T/monaco.h5" >/dev/null || fail "import monaco"
"$A" import synthetic --kind road-graph --nodes 20000 --seed 3 -o "$T/synth.h5" >/dev/null || fail "synthetic"

# independent NAME ROADS STOPS COST: import, recompute, compare with scipy.
independent() {
  local name=$1 roads=$2 n=$3 cost=$4
  $PY "$D/make_stops.py" "$T/$roads.h5" "$n" 7 "$T/$name.csv" || { fail "$name: making stops"; return; }
  OMP_NUM_THREADS=2 "$A" import stops "$T/$name.csv" --roads "$T/$roads.h5" --cost "$cost" \
    -o "$T/$name.h5" >"$T/$name.log" 2>&1 || { fail "$name: import stops: $(cat "$T/$name.log")"; return; }
  grep -q "^$T/$name.h5: $n stops .* $cost in " "$T/$name.log" && pass "$name: import stops ($n stops, $cost)" ||
    fail "$name: summary line: $(cat "$T/$name.log")"
  "$CHECK" "$T/$roads.h5" "$T/$name.h5" "$T/$name.costs" "$T/$name.paths" >"$T/$name.check" 2>&1 &&
    pass "$name: $(cat "$T/$name.check")" || fail "$name: road_legs_check: $(cat "$T/$name.check")"
  $PY "$D/check_scipy.py" "$T/$roads.h5" "$T/$name.h5" "$T/$name.costs" "$T/$name.paths" \
    --expect-asymmetric >"$T/$name.scipy" 2>&1 && pass "$name: scipy agrees: $(grep -c '^ok' "$T/$name.scipy") checks" ||
    fail "$name: check_scipy: $(cat "$T/$name.scipy")"
  sed 's/^/    /' "$T/$name.scipy"
}
independent andorra300 andorra 300 time
independent monaco200 monaco 200 distance
independent synth300 synth 300 time

# Layouts: the same matrix whatever the ranks and threads.
OMP_NUM_THREADS=1 "$A" import stops "$T/andorra300.csv" --roads "$T/andorra.h5" -o "$T/l11.h5" >/dev/null
OMP_NUM_THREADS=2 "$A" import stops "$T/andorra300.csv" --roads "$T/andorra.h5" -o "$T/l12.h5" >/dev/null
OMP_NUM_THREADS=1 ANTROUTE_PROGRESS=batch ar_mpirun 2 "$A" import stops "$T/andorra300.csv" \
  --roads "$T/andorra.h5" -o "$T/l21.h5" --progress 0 >"$T/l21.log" 2>&1
OMP_NUM_THREADS=1 ar_mpirun 3 "$A" import stops "$T/andorra300.csv" --roads "$T/andorra.h5" -o "$T/l31.h5" >/dev/null 2>&1
grep -q "on 2 ranks x 1 thread" "$T/l21.log" && pass "2x1: rows split over 2 ranks" || fail "2x1: $(cat "$T/l21.log")"
# Progress lines of the shortest paths (--progress 0: one per row of rank 0, its 150 of 300; the
# other rank prints none): from 0 % to 100 %, each with its time and ETA.
lines=$(grep -cE '^[0-9-]+ [0-9:]+ shortest paths, [0-9]+ %, [0-9.]+ s, ETA [0-9.]+ s$' "$T/l21.log")
[ "$lines" -eq 150 ] && grep -qE ' shortest paths, 100 %, ' "$T/l21.log" &&
  pass "2x1: $lines progress lines of the shortest paths, up to 100 %" ||
  fail "2x1: $lines progress lines: $(grep -m3 'shortest' "$T/l21.log")"
for l in l12 l21 l31; do
  h5diff "$T/l11.h5" "$T/$l.h5" /tour/weights /tour/weights && h5diff "$T/l11.h5" "$T/$l.h5" /road /road &&
    pass "$l: the same matrix and road part as 1x1" || fail "$l differs from 1x1"
done
h5diff "$T/l11.h5" "$T/andorra300.h5" /tour/weights /tour/weights && pass "1x2 of the scipy run: same weights" ||
  fail "weights differ between runs"

# The shipped stops CSVs, and solve on a stops file.
for m in andorra monaco; do
  "$A" import stops "$R/${m}_stops.csv" --roads "$T/$m.h5" -o "$T/${m}_stops.h5" >"$T/$m.s.log" 2>&1 &&
    pass "shipped ${m}_stops.csv imports: $(sed -n 's/.*\(largest snap [0-9.]* m\).*/\1/p' "$T/$m.s.log")" ||
    fail "${m}_stops.csv: $(cat "$T/$m.s.log")"
done
"$A" inspect "$T/monaco_stops.h5" | grep -q "^valid: yes (antroute solve reads this network)" &&
  pass "inspect: a stops file is a valid road network that solve reads" || fail "inspect of the stops file"
OMP_NUM_THREADS=2 "$A" solve "$T/monaco_stops.h5" -o "$T/route.h5" --iterations 30 -q >"$T/solve.log" 2>&1 &&
  $PY - "$T/monaco_stops.h5" "$T/route.h5" <<'PYEOF' && pass "solve takes a stops file as an ATSP: the tour's cost is the sum of its legs" || fail "solve on stops: $(cat "$T/solve.log")"
import sys, h5py, numpy as np
w = h5py.File(sys.argv[1], "r")["tour/weights"][...]
r = h5py.File(sys.argv[2], "r")
tour, cost = r["best/tour"][...], int(r["best/cost"][()])
assert sorted(tour.tolist()) == list(range(len(w)))
assert cost == sum(int(w[a, b]) for a, b in zip(tour, np.roll(tour, -1))), cost
PYEOF
finish
