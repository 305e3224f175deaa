#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The road importers on the shipped maps (inputs/roads): import osm of the Andorra PBF and the
# Monaco gzipped XML (counts, the datasets and attributes of docs/formats.md, the ODbL
# attribution, the same file twice, strongly connected, one-way arcs present), inspect of a road
# network, import synthetic --kind road-graph (same seed same graph, another seed another), import
# dimacs of a graph written from the synthetic one (same CSR, lengths within the unit's
# rounding), and solve refusing a road network itself.
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

# --- import osm ----------------------------------------------------------------------------------
"$A" import osm "$R/andorra.osm.pbf" -o "$T/andorra.h5" >"$T/a.log" 2>&1 &&
  grep -q "^andorra: 2725 ways, 1159 car roads .* -> 16384 nodes, 31445 arcs -> " "$T/a.log" &&
  pass "import osm andorra.osm.pbf: 16384 nodes, 31445 arcs" || fail "andorra: $(cat "$T/a.log")"
TMPDIR=$gz_tmp "$A" import osm "$R/monaco.osm.gz" -o "$T/monaco.h5" >"$T/m.log" 2>&1 &&
  grep -q "^monaco: 1944 ways, 500 car roads .* 239 dropped outside the largest strongly connected component -> 2763 nodes, 4616 arcs" "$T/m.log" &&
  pass "import osm monaco.osm.gz (gzipped XML): 2763 nodes, 4616 arcs, 239 dropped" ||
  fail "monaco: $(cat "$T/m.log")"
ls "$gz_tmp"/antroute-*.osm >/dev/null 2>&1 && fail "a decompressed temporary file was left"
"$A" import osm "$R/andorra.osm.pbf" -o "$T/andorra2.h5" >/dev/null &&
  h5diff "$T/andorra.h5" "$T/andorra2.h5" /road /road && pass "the same map gives the same /road" ||
  fail "two imports of andorra differ"
for f in andorra monaco; do
  h5dump -H "$T/$f.h5" >"$T/$f.hdr"
  miss=""
  for d in offsets heads metres seconds lat lon node_id; do
    grep -q "DATASET \"$d\"" "$T/$f.hdr" || miss="$miss $d"
  done
  for a in kind attribution node_ids digest nodes arcs dropped_nodes; do
    grep -q "ATTRIBUTE \"$a\"" "$T/$f.hdr" || miss="$miss @$a"
  done
  [ -z "$miss" ] && pass "$f.h5 has the datasets and attributes of docs/formats.md" ||
    fail "$f.h5 lacks:$miss"
done
$PY - "$T/andorra.h5" "$T/monaco.h5" <<'PYEOF' && pass "CSR consistent, ODbL attribution, one-way arcs, ids are OSM's" || fail "file contents"
import sys, h5py, numpy as np
for p in sys.argv[1:]:
    with h5py.File(p, "r") as f:
        assert f.attrs["kind"] in (b"road-graph", "road-graph")
        att = f.attrs["attribution"]; att = att.decode() if isinstance(att, bytes) else att
        assert "OpenStreetMap contributors" in att and "ODbL" in att, att
        off, heads = f["road/offsets"][...], f["road/heads"][...]
        n = len(off) - 1
        assert off[0] == 0 and np.all(np.diff(off) >= 0) and off[-1] == len(heads)
        assert f["road"].attrs["nodes"] == n and f["road"].attrs["arcs"] == len(heads)
        assert heads.min() >= 0 and heads.max() < n
        m, s = f["road/metres"][...], f["road/seconds"][...]
        assert np.all(m >= 0) and np.all(s > 0) and np.all(np.isfinite(m))
        v = m / s * 3.6
        assert v.min() >= 4.9 and v.max() <= 130.1, (v.min(), v.max())
        tails = np.repeat(np.arange(n), np.diff(off))
        pairs = set(zip(tails.tolist(), heads.tolist()))
        one_way = sum((b, a) not in pairs for a, b in pairs)
        assert one_way > 100, one_way
        ids = f["road/node_id"][...]
        assert len(np.unique(ids)) == n and ids.min() > 0
PYEOF

"$A" inspect "$T/andorra.h5" >"$T/i.log" 2>&1 && grep -q "^kind: road-graph" "$T/i.log" &&
  grep -q "^strongly connected: yes" "$T/i.log" && grep -q "^attribution: Data (c) OpenStreetMap" "$T/i.log" &&
  grep -q "^read by: antroute import stops" "$T/i.log" && pass "inspect describes a road network" ||
  fail "inspect: $(cat "$T/i.log")"
expect_error 3 "networks of kind 'road-graph' are not solved" "$T/x.h5" -- "$A" solve "$T/andorra.h5" -o "$T/x.h5"

# --- import synthetic --kind road-graph -------------------------------------------------------------
"$A" import synthetic --kind road-graph --nodes 5000 --seed 4 -o "$T/s1.h5" >"$T/s.log" 2>&1 &&
  grep -q "synthetic-road-5000-s4, 5000 grid nodes" "$T/s.log" && pass "import synthetic --kind road-graph" ||
  fail "synthetic: $(cat "$T/s.log")"
"$A" import synthetic --kind road-graph --nodes 5000 --seed 4 -o "$T/s2.h5" >/dev/null
"$A" import synthetic --kind road-graph --nodes 5000 --seed 5 -o "$T/s3.h5" >/dev/null
d1=$("$A" inspect "$T/s1.h5" | sed -n 's/^digest: //p')
d2=$("$A" inspect "$T/s2.h5" | sed -n 's/^digest: //p')
d3=$("$A" inspect "$T/s3.h5" | sed -n 's/^digest: //p')
[ -n "$d1" ] && [ "$d1" = "$d2" ] && [ "$d1" != "$d3" ] && pass "same seed same graph ($d1), another seed another" ||
  fail "synthetic digests: $d1 $d2 $d3"
OMP_NUM_THREADS=1 "$A" import synthetic --kind road-graph --nodes 5000 --seed 4 -o "$T/s4.h5" >/dev/null
[ "$("$A" inspect "$T/s4.h5" | sed -n 's/^digest: //p')" = "$d1" ] && pass "synthetic: same graph on 1 thread" ||
  fail "synthetic depends on the threads"
"$A" inspect "$T/s1.h5" | grep -q "^strongly connected: yes" && pass "synthetic network strongly connected" ||
  fail "synthetic not strongly connected"
expect_error 2 "4 to 20000000 nodes" "$T/s5.h5" -- "$A" import synthetic --kind road-graph --nodes 3 -o "$T/s5.h5"

# --- import dimacs -------------------------------------------------------------------------------
$PY - "$T/s1.h5" "$T/g.gr" "$T/g.co" <<'PYEOF' || fail "writing the DIMACS files"
import sys, h5py, numpy as np
with h5py.File(sys.argv[1], "r") as f:
    off, heads, m = f["road/offsets"][...], f["road/heads"][...], f["road/metres"][...]
    lat, lon = f["road/lat"][...], f["road/lon"][...]
n = len(off) - 1
with open(sys.argv[2], "w") as g:
    g.write("c from antroute's synthetic road network\np sp %d %d\n" % (n, len(heads)))
    for u in range(n):
        for a in range(off[u], off[u + 1]):
            g.write("a %d %d %d\n" % (u + 1, heads[a] + 1, int(round(m[a] * 10))))
with open(sys.argv[3], "w") as c:
    c.write("p aux sp co %d\n" % n)
    for u in range(n):
        c.write("v %d %d %d\n" % (u + 1, int(round(lon[u] * 1e6)), int(round(lat[u] * 1e6))))
PYEOF
"$A" import dimacs "$T/g.gr" --coords "$T/g.co" --unit 0.1 -o "$T/dimacs.h5" >"$T/d.log" 2>&1 &&
  grep -q "0 dropped outside the largest strongly connected component" "$T/d.log" &&
  pass "import dimacs (decimetres, with coordinates)" || fail "dimacs: $(cat "$T/d.log")"
$PY - "$T/s1.h5" "$T/dimacs.h5" <<'PYEOF' && pass "dimacs: the same CSR, metres within 5 cm, coordinates within 1e-6 degrees, ids 1..n" || fail "dimacs contents"
import sys, h5py, numpy as np
a, b = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
assert np.array_equal(a["road/offsets"][...], b["road/offsets"][...])
assert np.array_equal(a["road/heads"][...], b["road/heads"][...])
assert np.abs(a["road/metres"][...] - b["road/metres"][...]).max() <= 0.05 + 1e-9
assert np.abs(a["road/lat"][...] - b["road/lat"][...]).max() <= 1e-6
s = b["road/seconds"][...]; m = b["road/metres"][...]
assert np.allclose(m / s * 3.6, 50.0)
assert np.array_equal(b["road/node_id"][...], np.arange(1, len(b["road/lat"]) + 1))
PYEOF
"$A" import dimacs "$T/g.gr" --weights time -o "$T/dimacs_t.h5" >/dev/null 2>&1 &&
  "$A" inspect "$T/dimacs_t.h5" | grep -q "^coordinates: none" && pass "import dimacs without coordinates (times)" ||
  fail "dimacs without coordinates"
expect_error 3 "has no node coordinates" "$T/x.h5" -- "$A" import stops "$R/monaco_stops.csv" --roads "$T/dimacs_t.h5" -o "$T/x.h5"
finish
