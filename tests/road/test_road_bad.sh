#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Bad road inputs (issue #22): each a clear message naming the file (and the line, dataset or
# row), exit 3, no output and no .tmp left, an existing output untouched. Maps: no drivable road,
# truncated PBF, truncated gzip, truncated XML, a name readosm cannot take, a missing file (4).
# Stops: in the sea, on an island the component does not reach, coordinates out of range or not
# numbers, duplicate ids, too many and too few stops, a missing column, --max-snap, a road file
# of another kind; also under mpirun (one message). Road files whose CSR arrays disagree (made
# with h5py): offsets not monotone or not ending at the arc count, heads out of range, negative
# or NaN lengths and times, latitudes out of range, a short or missing dataset: inspect and
# import stops both refuse them. DIMACS files with bad lines.
source "$AR_SOURCE_DIR/tests/common/lib.sh"
A=$ANTROUTE
T=$AR_TMP
R=$AR_SOURCE_DIR/inputs/roads
# The gzip reader's temporary copies go to a directory of this test's own ($TMPDIR), so that a
# copy another test has open at that moment is not taken for one left behind here.
gz_tmp=$T/gz_tmp
mkdir -p "$gz_tmp"
PY=/usr/bin/python3
$PY -c "import h5py, numpy" 2>/dev/null || skip_test "/usr/bin/python3 lacks h5py"

TMPDIR=$gz_tmp "$A" import osm "$R/monaco.osm.gz" -o "$T/monaco.h5" >/dev/null || fail "import monaco"
"$A" import stops "$R/monaco_stops.csv" --roads "$T/monaco.h5" -o "$T/good.h5" >/dev/null ||
  fail "import the shipped stops"
cp "$T/good.h5" "$T/good.copy"
cp "$T/monaco.h5" "$T/roads.copy"

# bad CODE PATTERN OUT -- command: expect_error, no .tmp left beside OUT.
bad() {
  local out=$3
  expect_error "$@"
  [ -e "$out.tmp" ] && fail "$out.tmp left behind"
  return 0
}
untouched() {
  cmp -s "$T/good.h5" "$T/good.copy" && [ ! -e "$T/good.h5.tmp" ] && pass "$1: existing output intact" ||
    fail "$1: the existing output changed"
}

# --- maps ----------------------------------------------------------------------------------------
cat >"$T/nodrive.osm" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="antroute test">
 <node id="1" lat="43.70" lon="7.40"/><node id="2" lat="43.701" lon="7.401"/>
 <node id="3" lat="43.702" lon="7.402"/>
 <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="footway"/></way>
 <way id="11"><nd ref="1"/><nd ref="3"/><tag k="highway" v="residential"/><tag k="access" v="private"/></way>
 <way id="12"><nd ref="2"/><nd ref="3"/><tag k="highway" v="primary"/><tag k="oneway" v="reversible"/></way>
</osm>
XML
bad 3 "nodrive.osm: no drivable road \(3 ways read, 0 of them car roads" "$T/nd.h5" -- "$A" import osm "$T/nodrive.osm" -o "$T/nd.h5"
head -c 300000 "$R/andorra.osm.pbf" >"$T/cut.osm.pbf"
bad 3 "cut.osm.pbf: not a readable OpenStreetMap file: damaged or truncated PBF block" "$T/c.h5" -- "$A" import osm "$T/cut.osm.pbf" -o "$T/c.h5"
head -c 150000 "$R/monaco.osm.gz" >"$T/cut.osm.gz"
bad 3 "cut.osm.gz: .*gzip data" "$T/c.h5" -- env TMPDIR="$gz_tmp" "$A" import osm "$T/cut.osm.gz" -o "$T/c.h5"
gzip -dc "$R/monaco.osm.gz" | head -c 1000000 >"$T/cut.osm"
bad 3 "cut.osm: not a readable OpenStreetMap file: malformed OSM XML" "$T/c.h5" -- "$A" import osm "$T/cut.osm" -o "$T/c.h5"
cp "$T/nodrive.osm" "$T/map.txt"
bad 3 "map.txt: .*must end in .osm, .osm.gz or .pbf" "$T/c.h5" -- "$A" import osm "$T/map.txt" -o "$T/c.h5"
bad 4 "cannot open $T/none.osm.pbf" "$T/c.h5" -- "$A" import osm "$T/none.osm.pbf" -o "$T/c.h5"
"$A" import osm "$T/cut.osm.pbf" -o "$T/good.h5" >/dev/null 2>&1
untouched "truncated PBF"
ls "$gz_tmp"/antroute-*.osm >/dev/null 2>&1 && fail "a decompressed temporary file was left"

# --- stops ---------------------------------------------------------------------------------------
stops() { # NAME LINES...: a stops CSV with a header
  local f="$T/$1.csv"
  shift
  printf 'id,lat,lon\n' >"$f"
  for l in "$@"; do printf '%s\n' "$l" >>"$f"; done
}
ok1=43.73505,7.42050 ok2=43.73870,7.42540 ok3=43.74460,7.43030
stops sea A,$ok1 B,43.70,7.45 C,$ok3
bad 3 "sea.csv:3: stop 'B' at \(43.700000, 7.450000\) is [0-9]+ m from the nearest road node of the network's largest strongly connected component, more than --max-snap 500 m" \
  "$T/x.h5" -- "$A" import stops "$T/sea.csv" --roads "$T/monaco.h5" -o "$T/x.h5"
stops lat A,$ok1 B,95,7.42 C,$ok3
bad 3 "lat.csv:3: column lat: 95 is not a latitude in \[-90, 90\]" "$T/x.h5" -- "$A" import stops "$T/lat.csv" --roads "$T/monaco.h5" -o "$T/x.h5"
stops lon A,$ok1 B,$ok2 C,43.7,-181
bad 3 "lon.csv:4: column lon: -181 is not a longitude" "$T/x.h5" -- "$A" import stops "$T/lon.csv" --roads "$T/monaco.h5" -o "$T/x.h5"
stops nan A,$ok1 B,nan,7.42 C,$ok3
bad 3 "nan.csv:3: column lat: 'nan' is not a finite number" "$T/x.h5" -- "$A" import stops "$T/nan.csv" --roads "$T/monaco.h5" -o "$T/x.h5"
stops dup A,$ok1 B,$ok2 A,$ok3
bad 3 "dup.csv:4: column id: stop id 'A' repeats the id of line 2" "$T/x.h5" -- "$A" import stops "$T/dup.csv" --roads "$T/monaco.h5" -o "$T/x.h5"
stops two A,$ok1 B,$ok2
bad 3 "two.csv: 2 stops: a tour needs at least 3" "$T/x.h5" -- "$A" import stops "$T/two.csv" --roads "$T/monaco.h5" -o "$T/x.h5"
printf 'id,lat\nA,43.7\n' >"$T/col.csv"
bad 3 "col.csv:1: column lon is missing" "$T/x.h5" -- "$A" import stops "$T/col.csv" --roads "$T/monaco.h5" -o "$T/x.h5"
$PY -c "
print('id,lat,lon')
for i in range(20001): print('S%d,%.6f,%.6f' % (i, 43.73 + i * 1e-7, 7.42))" >"$T/many.csv"
bad 3 "many.csv: more than 20000 stops: the full stop-to-stop cost matrix is limited to 20000 stops" "$T/x.h5" -- "$A" import stops "$T/many.csv" --roads "$T/monaco.h5" -o "$T/x.h5"
"$A" import stops "$R/monaco_stops.csv" --roads "$T/monaco.h5" -o "$T/y.h5" >/dev/null
read -r far limit < <($PY -c "
import h5py, numpy as np
f = h5py.File('$T/y.h5', 'r'); d = f['road/snap_metres'][...]; o = np.argsort(d)
print(int(f['road/stop_line'][o[-1]]), (d[o[-1]] + d[o[-2]]) / 2)")
bad 3 "monaco_stops.csv:$far: stop .* more than --max-snap [0-9.]+ m" "$T/x.h5" -- "$A" import stops "$R/monaco_stops.csv" --roads "$T/monaco.h5" --max-snap "$limit" -o "$T/x.h5"
bad 3 "good.h5: is a 'road' network, expected a 'road-graph' network" "$T/x.h5" -- "$A" import stops "$R/monaco_stops.csv" --roads "$T/good.h5" -o "$T/x.h5"
bad 2 "missing --roads" "$T/x.h5" -- "$A" import stops "$R/monaco_stops.csv" -o "$T/x.h5"
bad 2 "cost" "$T/x.h5" -- "$A" import stops "$R/monaco_stops.csv" --roads "$T/monaco.h5" --cost money -o "$T/x.h5"
bad 2 "is the same file as|same" - -- "$A" import stops "$R/monaco_stops.csv" --roads "$T/monaco.h5" -o "$T/monaco.h5"
cmp -s "$T/monaco.h5" "$T/roads.copy" && pass "-o over --roads refused, roads intact" || fail "roads file changed"
"$A" import stops "$T/dup.csv" --roads "$T/monaco.h5" -o "$T/good.h5" >/dev/null 2>&1
untouched "duplicate ids"
OMP_NUM_THREADS=1 ar_mpirun 2 "$A" import stops "$T/sea.csv" --roads "$T/monaco.h5" -o "$T/x.h5" >"$T/mpi.log" 2>&1
rc=$?
[ "$rc" -eq 3 ] && [ "$(grep -c "sea.csv:3: stop 'B'" "$T/mpi.log")" -eq 1 ] && [ ! -e "$T/x.h5" ] &&
  pass "2 ranks: exit 3, one message, no output" || fail "2 ranks: rc $rc: $(cat "$T/mpi.log")"

# An island: two road nodes off the coast joined both ways, outside the largest component.
h5_edit "$T/monaco.h5" "$T/island.h5" '
g = f["road"]
off, heads = g["offsets"][...], g["heads"][...]
n, m = len(off) - 1, len(heads)
new = {"offsets": np.append(off, [m + 1, m + 2]), "heads": np.append(heads, [n + 1, n]).astype(np.int32),
       "metres": np.append(g["metres"][...], [100.0, 100.0]), "seconds": np.append(g["seconds"][...], [10.0, 10.0]),
       "lat": np.append(g["lat"][...], [43.7200, 43.7209]), "lon": np.append(g["lon"][...], [7.4600, 7.4600]),
       "node_id": np.append(g["node_id"][...], [1, 2])}
for k, v in new.items():
    del g[k]
    g[k] = v
g.attrs["nodes"] = np.int64(n + 2)
g.attrs["arcs"] = np.int64(m + 2)' || fail "making the island"
"$A" inspect "$T/island.h5" | grep -q "^strongly connected: no (largest component 2763 of 2765 nodes)" &&
  pass "inspect: a network with an island is not strongly connected" || fail "inspect island"
stops island A,$ok1 B,43.7204,7.4601 C,$ok3
bad 3 "island.csv:3: stop 'B' .* more than --max-snap 500 m .*a road node outside that component is [0-9]+ m away" \
  "$T/x.h5" -- "$A" import stops "$T/island.csv" --roads "$T/island.h5" -o "$T/x.h5"

# --- road files whose arrays disagree (h5py) -----------------------------------------------------
damage() { # NAME PYTHON PATTERN: copy monaco.h5, apply PYTHON to f, expect PATTERN from inspect and import stops
  h5_edit "$T/monaco.h5" "$T/$1.h5" "g = f[\"road\"]; $2" || fail "making $1"
  bad 3 "$1.h5: $3" - -- "$A" inspect "$T/$1.h5"
  bad 3 "$1.h5: $3" "$T/x.h5" -- "$A" import stops "$R/monaco_stops.csv" --roads "$T/$1.h5" -o "$T/x.h5"
}
damage not_monotone 'g["offsets"][11] = g["offsets"][10] - 1' "dataset /road/offsets row 11: .* offsets must not decrease"
damage bad_end 'g["offsets"][-1] = g["offsets"][-1] - 1' "dataset /road/offsets row 2763: 4615, expected the arc count 4616"
damage head_out 'g["heads"][7] = 2763' "dataset /road/heads row 7: 2763 is not a node \(0..2762\)"
damage head_negative 'g["heads"][0] = -1' "dataset /road/heads row 0: -1 is not a node"
damage metres_negative 'g["metres"][5] = -1.0' "dataset /road/metres row 5: -1 is not a finite non-negative number"
damage seconds_nan 'g["seconds"][9] = np.nan' "dataset /road/seconds row 9: nan is not a finite non-negative number"
damage lat_out 'g["lat"][3] = 91.0' "dataset /road/lat row 3: \(91, .*\) is not a latitude"
damage heads_short 'h = g["heads"][...]; del g["heads"]; g["heads"] = h[:-1]' "dataset /road/heads has 4615 rows, expected 4616"
damage no_ids 'del g["node_id"]' "dataset /road/node_id is missing"
damage lon_alone 'del g["lat"]' "dataset /road/lat is missing \(lat and lon go together\)"
damage nodes_attr 'g.attrs["nodes"] = np.int64(0)' "/road attribute nodes = 0 is out of range"

# --- DIMACS --------------------------------------------------------------------------------------
gr() { local f="$T/$1.gr"; shift; printf '%s\n' "$@" >"$f"; }
gr ok "c ok" "p sp 3 4" "a 1 2 10" "a 2 3 10" "a 3 1 10" "a 2 1 5"
"$A" import dimacs "$T/ok.gr" -o "$T/ok.h5" >/dev/null && pass "a small DIMACS graph imports" || fail "dimacs ok"
gr nop "a 1 2 10"
bad 3 "nop.gr:1: expected the problem line 'p sp NODES ARCS'" "$T/x.h5" -- "$A" import dimacs "$T/nop.gr" -o "$T/x.h5"
gr zero "p sp 3 2" "a 1 2 10" "a 0 3 4"
bad 3 "zero.gr:3: arc 0 -> 3 names a node outside 1..3" "$T/x.h5" -- "$A" import dimacs "$T/zero.gr" -o "$T/x.h5"
gr neg "p sp 3 2" "a 1 2 -10" "a 2 3 4"
bad 3 "neg.gr:2: weight '-10' is not a finite non-negative number" "$T/x.h5" -- "$A" import dimacs "$T/neg.gr" -o "$T/x.h5"
gr few "p sp 3 3" "a 1 2 1" "a 2 1 1"
bad 3 "few.gr:3: the file ends after 2 arcs, the problem line says 3" "$T/x.h5" -- "$A" import dimacs "$T/few.gr" -o "$T/x.h5"
gr many "p sp 3 1" "a 1 2 1" "a 2 1 1"
bad 3 "many.gr:3: more arc lines than the 1 of the problem line" "$T/x.h5" -- "$A" import dimacs "$T/many.gr" -o "$T/x.h5"
printf 'p aux sp co 3\nv 1 7420000 43730000\nv 2 7421000 43731000\nv 2 7422000 43732000\n' >"$T/dup.co"
bad 3 "dup.co:4: node 2 has coordinates already" "$T/x.h5" -- "$A" import dimacs "$T/ok.gr" --coords "$T/dup.co" -o "$T/x.h5"
printf 'p aux sp co 3\nv 1 7420000 43730000\nv 3 7421000 43731000\n' >"$T/miss.co"
bad 3 "miss.co: node 2 has no coordinates" "$T/x.h5" -- "$A" import dimacs "$T/ok.gr" --coords "$T/miss.co" -o "$T/x.h5"
printf 'p aux sp co 3\nv 1 7420000 93730000\n' >"$T/range.co"
bad 3 "range.co:2: node 1: .* not a longitude and a latitude" "$T/x.h5" -- "$A" import dimacs "$T/ok.gr" --coords "$T/range.co" -o "$T/x.h5"
finish
