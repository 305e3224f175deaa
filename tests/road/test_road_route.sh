#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Answers on roads (issue #22 part B): solve on a stops file writes a road tour's results (kind
# road: /best/tour as stop rows, /best/cost in the stops' unit, /route), checked independently
# with h5py on the road network: every step of the route is an arc in its direction, each leg
# starts at its stop's node and its total rounds to the matrix entry, the totals are the sums.
# export --geojson (valid JSON; its LineString's steps are arcs of the road graph; the stops as
# Points with id, row, order) and --tsplib (the stop matrix as an ATSP FULL_MATRIX); evaluate on
# the road network alone (exit 0), and on a route driven backwards (exit 6); inspect and report;
# the stops file names its road file relative to itself (both moved together still solve).
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
T=$AR_TMP
R=$AR_SOURCE_DIR/inputs/roads
PY=/usr/bin/python3
$PY -c "import h5py, numpy" 2>/dev/null || skip_test "/usr/bin/python3 lacks h5py"
export OMP_NUM_THREADS=2

"$A" import osm "$R/monaco.osm.gz" -o "$T/monaco.h5" >/dev/null || fail "import monaco"
for cost in time distance; do
  "$A" import stops "$R/monaco_stops.csv" --roads "$T/monaco.h5" --cost $cost -o "$T/stops_$cost.h5" \
    >/dev/null || fail "import stops ($cost)"
  "$A" solve "$T/stops_$cost.h5" -o "$T/route_$cost.h5" --iterations 20 >"$T/solve_$cost.log" 2>&1 &&
    grep -q "^route: [0-9.]* km, [0-9.]* min over [0-9]* road nodes" "$T/solve_$cost.log" &&
    pass "solve on a stops file ($cost): the route's closing line" || fail "solve ($cost): $(cat "$T/solve_$cost.log")"
  $PY - "$T/monaco.h5" "$T/stops_$cost.h5" "$T/route_$cost.h5" $cost <<'PYEOF' &&
import sys, h5py, numpy as np
g, s, r = (h5py.File(p, "r") for p in sys.argv[1:4])
cost = sys.argv[4]
def text(v): return v.decode() if isinstance(v, bytes) else str(v)
assert text(r.attrs["kind"]) == "road", r.attrs["kind"]
off, heads = g["road/offsets"][...], g["road/heads"][...]
w_arc = g["road/seconds" if cost == "time" else "road/metres"][...]
metres, seconds = g["road/metres"][...], g["road/seconds"][...]
row = {int(i): k for k, i in enumerate(g["road/node_id"][...])}
W = s["tour/weights"][...]
n = len(W)
tour, best = r["best/tour"][...], int(r["best/cost"][()])
assert sorted(tour.tolist()) == list(range(n)), "tour is not a permutation of the stop rows"
assert best == sum(int(W[a, b]) for a, b in zip(tour, np.roll(tour, -1))), best
ids, lo = r["route/node_id"][...], r["route/leg_offsets"][...]
assert len(lo) == n + 1 and lo[0] == 0 and lo[-1] == len(ids) - 1
nodes = [row[int(i)] for i in ids]
assert (r["route/node"][...] == nodes).all()
stop_node = s["road/stop_node"][...]
tm = ts = 0.0
leg = np.zeros(n)
for k in range(n):
    assert nodes[lo[k]] == stop_node[tour[k]], f"leg {k} does not start at its stop"
    for i in range(lo[k], lo[k + 1]):
        u, v = nodes[i], nodes[i + 1]
        arcs = [a for a in range(off[u], off[u + 1]) if heads[a] == v]
        assert arcs, f"step {i}: {ids[i]} -> {ids[i+1]} is not an arc"
        a = min(arcs, key=lambda a: w_arc[a])
        leg[k] += w_arc[a]; tm += metres[a]; ts += seconds[a]
    assert abs(leg[k] - W[tour[k], tour[(k + 1) % n]]) <= 0.5 + 1e-6, (k, leg[k])
assert nodes[-1] == stop_node[tour[0]]
assert abs(tm - r["route"].attrs["metres"]) < 1e-6 * tm and abs(ts - r["route"].attrs["seconds"]) < 1e-6 * ts
assert abs(leg.sum() - best) <= n * 0.5, (leg.sum(), best)
assert np.allclose(r["route/leg_metres"][...].sum(), tm)
PYEOF
  pass "$cost: every step is an arc, each leg starts at its stop and rounds to its matrix entry, the totals are the sums" ||
    fail "$cost: the route does not hold up"
done

R1=$T/route_time.h5
"$A" inspect "$R1" >"$T/i.log" 2>&1 && grep -q "^kind: road" "$T/i.log" && grep -q "^route: " "$T/i.log" &&
  pass "inspect of road results" || fail "inspect: $(cat "$T/i.log")"

# --- export --------------------------------------------------------------------------------
"$A" export "$R1" --geojson "$T/route.geojson" --tsplib "$T/stops.atsp" >"$T/x.log" 2>&1 &&
  pass "export --geojson --tsplib" || fail "export: $(cat "$T/x.log")"
$PY - "$T/monaco.h5" "$R1" "$T/route.geojson" <<'PYEOF' && pass "GeoJSON: valid, its LineString's steps are arcs of the road graph, the stops in order" || fail "GeoJSON"
import sys, json, h5py, numpy as np
g, r = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
j = json.load(open(sys.argv[3]))
assert j["type"] == "FeatureCollection"
lines = [f for f in j["features"] if f["geometry"]["type"] == "LineString"]
points = [f for f in j["features"] if f["geometry"]["type"] == "Point"]
assert len(lines) == 1
off, heads = g["road/offsets"][...], g["road/heads"][...]
lat, lon = g["road/lat"][...], g["road/lon"][...]
at = {}
for k in range(len(lat)):
    at.setdefault((round(float(lon[k]), 7), round(float(lat[k]), 7)), []).append(k)
coords = [tuple(round(c, 7) for c in p) for p in lines[0]["geometry"]["coordinates"]]
for a, b in zip(coords, coords[1:]):
    assert any(v in heads[off[u]:off[u + 1]] for u in at[a] for v in at[b]), (a, b)
tour = r["best/tour"][...]
ids = [x.decode() for x in r["route/stop_id"][...]]
assert len(points) == len(tour)
for p in points:
    q = p["properties"]
    assert tour[q["order"]] == q["row"] and ids[q["row"]] == q["id"], q
assert lines[0]["properties"]["cost"] == int(r["best/cost"][()])
PYEOF
$PY - "$T/stops_time.h5" "$T/stops.atsp" <<'PYEOF' && pass "TSPLIB: an ATSP FULL_MATRIX equal to the stop matrix" || fail "TSPLIB export"
import sys, h5py, numpy as np
W = h5py.File(sys.argv[1], "r")["tour/weights"][...]
lines = open(sys.argv[2]).read().split("\n")
head = dict(l.split(":", 1) for l in lines if ":" in l and not l[0].isdigit())
assert head["TYPE"].strip() == "ATSP" and int(head["DIMENSION"]) == len(W)
assert head["EDGE_WEIGHT_TYPE"].strip() == "EXPLICIT" and head["EDGE_WEIGHT_FORMAT"].strip() == "FULL_MATRIX"
k = lines.index("EDGE_WEIGHT_SECTION")
M = np.array([[int(x) for x in l.split()] for l in lines[k + 1:k + 1 + len(W)]])
assert (M == W).all() and lines[k + 1 + len(W)] == "EOF"
PYEOF
# The tour wing's formats (issue #24): the stop order as a TSPLIB TOUR over the rows of the ATSP
# above, the same as CSV, and JSON with the road's cost unit.
"$A" export "$R1" --tour "$T/stops.tour" --csv "$T/stops.csv" --json "$T/route.json" >"$T/x2.log" 2>&1 &&
  pass "export --tour --csv --json of a road tour" || fail "export: $(cat "$T/x2.log")"
$PY - "$R1" "$T/stops.tour" "$T/stops.csv" "$T/route.json" <<'PYEOF' && pass "road tour: .tour, .csv and .json are /best/tour" || fail "road tour formats"
import csv, json, sys, h5py
r = h5py.File(sys.argv[1], "r")
tour = [int(v) for v in r["best/tour"][...]]
t = open(sys.argv[2]).read().split("\n")
k = t.index("TOUR_SECTION")
assert [int(x) - 1 for x in t[k + 1:k + 1 + len(tour)]] == tour and t[k + 1 + len(tour)] == "-1"
assert [int(x["node"]) for x in csv.DictReader(open(sys.argv[3]))] == tour
j = json.load(open(sys.argv[4]))
assert j["kind"] == "road" and j["cost"] == int(r["best/cost"][()]) and j["answer"]["best_tour"] == tour
assert j["cost_unit"] == r["route"].attrs["cost_units"].decode() if isinstance(r["route"].attrs["cost_units"], bytes) else r["route"].attrs["cost_units"]
PYEOF

# --- evaluate ------------------------------------------------------------------------------
"$A" evaluate "$T/monaco.h5" "$R1" >"$T/e.log" 2>&1 && grep -q "^valid: every step is an arc" "$T/e.log" &&
  pass "evaluate: the route checked on the road network alone" || fail "evaluate: $(cat "$T/e.log")"
h5_edit "$R1" "$T/backwards.h5" 'd = f["route/node_id"]; d[...] = d[...][::-1]' || fail "reversing the route"
expect_error 6 "steps of the route are not arcs of" - -- "$A" evaluate "$T/monaco.h5" "$T/backwards.h5"
grep -q "is not an arc (one-way the other way)" "$T/last.log" &&
  pass "evaluate names a one-way street driven the wrong way" || fail "evaluate: $(head -c 400 "$T/last.log")"

# --- report --------------------------------------------------------------------------------
if $PY -c "import matplotlib" 2>/dev/null; then
  "$A" report "$R1" -o "$T/pics" >"$T/r.log" 2>&1 && [ -s "$T/pics/route.png" ] &&
    grep -q "^route: " "$T/r.log" && pass "report: route.png and the route's line" ||
    fail "report: $(cat "$T/r.log")"
fi
# --- the stops file names its road network relative to itself --------------------------------
mkdir -p "$T/pack/roads" "$T/pack/stops" "$T/elsewhere"
cp "$T/monaco.h5" "$T/pack/roads/monaco.h5"
(cd "$T/pack" && "$A" import stops "$R/monaco_stops.csv" --roads roads/monaco.h5 -o stops/s.h5 >/dev/null) ||
  fail "import stops from inside pack/"
eval "$(h5_read "$T/pack/stops/s.h5" roads=/road@roads)"
[ "$roads" = ../roads/monaco.h5 ] && pass "the stops file stores its road network relative to its own folder" ||
  fail "stored roads path: '$roads'"
mv "$T/pack" "$T/elsewhere/pack"
(cd / && "$A" solve "$T/elsewhere/pack/stops/s.h5" -o "$T/moved.h5" --iterations 5 >"$T/mv.log" 2>&1) &&
  grep -q "^route: .*$T/elsewhere/pack/roads/monaco.h5" "$T/mv.log" &&
  pass "road and stops files moved together: solve finds the roads from any folder" ||
  fail "moved: $(cat "$T/mv.log")"
mv "$T/elsewhere/pack/roads/monaco.h5" "$T/elsewhere/gone.h5"
expect_error 4 "monaco.h5" - -- "$A" solve "$T/elsewhere/pack/stops/s.h5" -o "$T/moved2.h5" --iterations 5
"$A" solve "$T/elsewhere/pack/stops/s.h5" --roads "$T/elsewhere/gone.h5" -o "$T/moved3.h5" --iterations 5 \
  >"$T/mv3.log" 2>&1 && pass "--roads overrides the stored name" || fail "--roads: $(cat "$T/mv3.log")"
finish
